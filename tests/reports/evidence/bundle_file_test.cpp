#include "reports/evidence/bundle_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "scanner/secrets/digest.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace bundle_file_test {
namespace {

using testing_support::TempTree;

TEST(BundleFile, DigestIsTheSha256AndSizeOfTheFile) {
  TempTree tree;
  const std::string content(300000, 'q');
  tree.write("report.json", content);
  const auto digest = digest_bundle_file(tree.root(), "report.json");
  ASSERT_TRUE(digest) << digest.error().message;
  EXPECT_EQ(digest.value().sha256, sha256_hex(content));
  EXPECT_EQ(digest.value().bytes, content.size());
  EXPECT_EQ(read_bundle_file(tree.root(), "report.json", content.size()).value(), content);
}

TEST(BundleFile, OnlyRegularFilesAreReadAndNeverThroughALink) {
  TempTree outside;
  outside.write("secret.txt", "outside the bundle");
  TempTree tree;
  tree.symlink(outside.path("secret.txt"), "report.json");
  tree.make_directory("report.html");
  ASSERT_EQ(::mkfifo(tree.path("report.sarif").c_str(), 0600), 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"report.json", "report.json: a symbolic link, not a file"},
      {"report.html", "report.html: not a regular file"},
      {"report.sarif", "report.sarif: not a regular file"},
      {"absent.txt", "absent.txt: missing"},
  };
  for (const auto& [name, expected] : cases) {
    const auto digest = digest_bundle_file(tree.root(), name);
    ASSERT_FALSE(digest) << name;
    EXPECT_EQ(digest.error().message, expected);
    EXPECT_FALSE(read_bundle_file(tree.root(), name, 100)) << name;
  }
}

TEST(BundleFile, ReadStopsPastItsLimit) {
  TempTree tree;
  tree.write("manifest.json", std::string(101, '{'));
  const auto read = read_bundle_file(tree.root(), "manifest.json", 100);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "manifest.json: larger than 100 bytes");
}

TEST(BundleFile, ListingIsSortedAndSaysWhatIsARegularFile) {
  TempTree tree;
  tree.write("b.txt");
  tree.write(".hidden");
  tree.make_directory("a-dir");
  tree.symlink("b.txt", "c-link");
  const auto entries = list_bundle(tree.root());
  ASSERT_TRUE(entries) << entries.error().message;
  std::vector<std::pair<std::string, bool>> seen;
  for (const BundleEntry& entry : entries.value())
    seen.emplace_back(entry.name, entry.regular_file);
  EXPECT_EQ(seen, (std::vector<std::pair<std::string, bool>>{
                      {".hidden", true}, {"a-dir", false}, {"b.txt", true}, {"c-link", false}}));
  EXPECT_FALSE(list_bundle(tree.path("absent")));
}

}  // namespace
}  // namespace bundle_file_test
}  // namespace mongoscan
