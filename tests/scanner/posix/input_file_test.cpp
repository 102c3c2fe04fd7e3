// Files a user names are read only when they are regular files within their kind's limit: a FIFO,
// a device (also behind a symbolic link), a directory or a file past the limit is an error at
// once, never a wait or an endless read.

#include "scanner/posix/input_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace input_file_test {
namespace {

constexpr InputKind kSmall{"a small test file", 16};

std::string error_of(const InputRead& read) {
  return read ? "read " + std::to_string(read.text.size()) + " bytes" : read.refused;
}

TEST(InputFile, ReadsARegularFileWholeAndThroughASymbolicLink) {
  testing_support::TempTree tree;
  tree.write("policy.json", "{\"a\": 1}\n");
  std::filesystem::create_symlink(tree.path("policy.json"), tree.path("link.json"));
  for (const char* name : {"policy.json", "link.json"}) {
    const auto read = read_input_file(tree.path(name), kSmall);
    ASSERT_TRUE(read) << read.refused;
    EXPECT_EQ(read.text, "{\"a\": 1}\n");
    EXPECT_EQ(input_file_refusal(tree.path(name), kSmall), "");
  }
}

TEST(InputFile, RefusesWhatIsNotARegularFileWithoutWaitingOrReading) {
  testing_support::TempTree tree;
  tree.write("folder/inside", "");
  ASSERT_EQ(::mkfifo(tree.path("fifo").c_str(), 0600), 0);  // no writer: an open would block
  std::filesystem::create_symlink("/dev/zero", tree.path("zero-link"));
  const std::pair<const char*, const char*> cases[] = {
      {"folder", "is a directory, not a regular file"},
      {"fifo", "is a FIFO, not a regular file"},
      {"zero-link", "is a character device, not a regular file"},
      {"missing", "No such file or directory"},
  };
  for (const auto& [name, why] : cases) {
    const auto read = read_input_file(tree.path(name), kSmall);
    ASSERT_FALSE(read) << name;
    EXPECT_EQ(read.refused, why) << name;
    EXPECT_TRUE(read.text.empty()) << name;
    EXPECT_EQ(input_file_refusal(tree.path(name), kSmall), why) << name;
  }
}

TEST(InputFile, AFileOrAStreamPastItsKindsLimitIsRefused) {
  testing_support::TempTree tree;
  tree.write("at-limit", std::string(16, 'x'));
  tree.write("past-limit", std::string(17, 'x'));
  EXPECT_TRUE(read_input_file(tree.path("at-limit"), kSmall));
  const auto past = read_input_file(tree.path("past-limit"), kSmall);
  EXPECT_EQ(error_of(past), "is larger than 16 bytes, the limit for a small test file");
  EXPECT_EQ(error_of(read_input_file(tree.path("past-limit"), kInventoryInput)), "read 17 bytes");
  EXPECT_EQ(error_of(read_input_file(tree.path("past-limit"), {"an inventory", 16 * kMiB - 1})),
            "read 17 bytes");

  std::istringstream small(std::string(16, 'y'));
  EXPECT_EQ(error_of(read_input_stream(small, kSmall)), "read 16 bytes");
  std::istringstream large(std::string(200000, 'y'));
  EXPECT_EQ(error_of(read_input_stream(large, {"a list of paths", 128 * 1024})),
            "is larger than 128 KiB, the limit for a list of paths");
  std::istringstream huge(std::string(3 * kMiB, 'y'));
  EXPECT_EQ(error_of(read_input_stream(huge, {"a saved report", 2 * kMiB})),
            "is larger than 2 MiB, the limit for a saved report");
}

}  // namespace
}  // namespace input_file_test
}  // namespace mongoscan
