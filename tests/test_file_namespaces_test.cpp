// The test files are compiled in unity batches (CMakeLists.txt): several files make one translation
// unit, so the helpers each file keeps in its anonymous namespace would meet those of the others.
// Each test file therefore keeps everything in a namespace named after itself.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mongoscan {
namespace test_file_namespaces_test {
namespace {

namespace fs = std::filesystem;

// The test files whose text lacks `namespace <file name> {` or its closing comment.
std::vector<std::string> files_without_their_namespace(const fs::path& tests) {
  std::vector<std::string> missing;
  for (const auto& entry : fs::recursive_directory_iterator(tests)) {
    const fs::path& path = entry.path();
    if (!entry.is_regular_file() || !path.filename().string().ends_with("_test.cpp")) continue;
    // A fuzz harness is a program of its own, never batched.
    if (path.parent_path().filename() == "fuzz") continue;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    const std::string name = path.stem().string();
    if (text.str().find("\nnamespace " + name + " {\n") == std::string::npos ||
        text.str().find("\n}  // namespace " + name + "\n") == std::string::npos) {
      missing.push_back(fs::relative(path, tests.parent_path()).string());
    }
  }
  return missing;
}

TEST(TestFileNamespaces, EveryTestFileKeepsItsHelpersInANamespaceNamedAfterIt) {
  const fs::path tests = fs::path(MONGOSCAN_SOURCE_DIR) / "tests";
  ASSERT_TRUE(fs::is_directory(tests));
  EXPECT_EQ(files_without_their_namespace(tests), std::vector<std::string>{});
}

TEST(TestFileNamespaces, AFileWithoutItIsNamed) {
  const fs::path root =
      fs::temp_directory_path() / ("mongoscan-namespaces-" + std::to_string(::getpid()));
  fs::create_directories(root / "tests" / "fuzz");
  std::ofstream(root / "tests" / "kept_test.cpp")
      << "namespace mongoscan {\nnamespace kept_test {\n}  // namespace kept_test\n}\n";
  std::ofstream(root / "tests" / "bare_test.cpp") << "namespace mongoscan {\nnamespace {\n}\n}\n";
  std::ofstream(root / "tests" / "fuzz" / "uri_fuzz_test.cpp") << "int main() {}\n";
  EXPECT_EQ(files_without_their_namespace(root / "tests"),
            std::vector<std::string>{"tests/bare_test.cpp"});
  fs::remove_all(root);
}

}  // namespace
}  // namespace test_file_namespaces_test
}  // namespace mongoscan
