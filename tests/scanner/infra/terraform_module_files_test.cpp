// The files beside a .tf file that Terraform reads with it: variable definitions files first, in
// the order Terraform loads them, then the other .tf files; only regular files, within limits.

#include "scanner/infra/terraform_module_files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace terraform_module_files_test {
namespace {

std::vector<std::string> names_of(const std::vector<TerraformModuleFile>& files) {
  std::vector<std::string> names;
  for (const TerraformModuleFile& file : files) {
    names.push_back(std::filesystem::path(file.path).filename().string() +
                    (file.assigns_variables ? " (values)" : ""));
  }
  return names;
}

TEST(TerraformModuleFiles, VariableFilesInTerraformsLoadOrderThenTheOtherTfFiles) {
  testing_support::TempTree tree;
  for (const char* name : {"main.tf", "variables.tf", "locals.tf", "b.auto.tfvars",
                           "a.auto.tfvars.json", "terraform.tfvars.json", "terraform.tfvars",
                           "prod.tfvars", "README.md", "main.tf.bak", "plan.tf.json"}) {
    tree.write(name, "# " + std::string(name) + "\n");
  }
  tree.write("nested/other.tf", "# another module\n");
  const auto files = terraform_module_files_beside(tree.path("main.tf"));
  EXPECT_EQ(names_of(files),
            (std::vector<std::string>{"terraform.tfvars (values)", "terraform.tfvars.json (values)",
                                      "a.auto.tfvars.json (values)", "b.auto.tfvars (values)",
                                      "locals.tf", "variables.tf"}));
  ASSERT_FALSE(files.empty());
  EXPECT_EQ(files.front().text, "# terraform.tfvars\n");
}

TEST(TerraformModuleFiles, OnlyRegularFilesWithinTheByteLimit) {
  testing_support::TempTree tree;
  tree.write("main.tf", "");
  tree.write("a.tf", std::string(kTerraformModuleMaxBytes - 10, '#'));
  tree.write("b.tf", std::string(100, '#'));  // past what is left of the limit
  tree.write("c.tf", "# small\n");
  ASSERT_EQ(::mkfifo(tree.path("d.tf").c_str(), 0600), 0);  // an open would block
  std::filesystem::create_symlink("/dev/zero", tree.path("e.tf"));
  tree.make_directory("f.tf");
  EXPECT_EQ(names_of(terraform_module_files_beside(tree.path("main.tf"))),
            (std::vector<std::string>{"a.tf", "c.tf"}));
}

TEST(TerraformModuleFiles, AGeneratedDirectoryOfHundredsOfFilesIsNoModule) {
  testing_support::TempTree tree;
  // The file itself and 4 × kTerraformModuleMaxFiles + 1 others.
  for (std::size_t i = 0; i <= 4 * kTerraformModuleMaxFiles + 1; ++i)
    tree.write("r" + std::to_string(i) + ".tf", "# generated\n");
  EXPECT_TRUE(terraform_module_files_beside(tree.path("r0.tf")).empty());
  EXPECT_TRUE(terraform_module_files_beside(tree.path("missing/main.tf")).empty());
}

TEST(TerraformModuleFiles, AtMostTheFileLimitIsRead) {
  testing_support::TempTree tree;
  for (std::size_t i = 0; i < 2 * kTerraformModuleMaxFiles; ++i)
    tree.write("r" + std::to_string(1000 + i) + ".tf", "# x\n");
  tree.write("terraform.tfvars", "x = 1\n");
  const auto files = terraform_module_files_beside(tree.path("r1000.tf"));
  ASSERT_EQ(files.size(), kTerraformModuleMaxFiles);
  EXPECT_TRUE(files.front().assigns_variables) << "values files are read before the limit";
}

}  // namespace
}  // namespace terraform_module_files_test
}  // namespace mongoscan
