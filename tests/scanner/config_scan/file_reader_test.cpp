#include "scanner/config_scan/file_reader.h"

#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/io_uring.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "scanner/posix/unique_fd.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace file_reader_test {
namespace {

namespace fs = std::filesystem;

// A tree whose root is open as the walk holds a directory.
class TempDirectory : public testing_support::TempTree {
 public:
  TempDirectory()
      : directory_(std::make_shared<const UniqueFd>(
            ::open(root().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC))) {}

  // The file `name` as the walk lists it.
  FileToScan listed(const std::string& name) const {
    return {path(name), directory_, root().size() + 1};
  }

 private:
  std::shared_ptr<const UniqueFd> directory_;
};

// What a read gave: a file's text, or "skipped: reason".
std::vector<std::string> read_all(FileReader& reader, const std::vector<FileToScan>& files) {
  std::vector<std::string> results;
  reader.read(files, [&](const FileToScan& file, const FileRead& read) {
    EXPECT_EQ(&file, &files[results.size()]) << "files are answered in their order";
    if (const auto* skipped = std::get_if<SkippedFile>(&read)) {
      EXPECT_EQ(skipped->path, file.path);
      results.push_back("skipped: " + skipped->reason);
    } else {
      results.emplace_back(std::get<std::string_view>(read));
    }
  });
  return results;
}

std::size_t open_descriptors() {
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator("/proc/self/fd"), fs::directory_iterator()));
}

// Whether this kernel lets the process set up an io_uring (not disabled, not filtered).
bool kernel_offers_io_uring() {
  io_uring_params params{};
  const long fd = ::syscall(SYS_io_uring_setup, 4, &params);
  if (fd < 0) return false;
  ::close(static_cast<int>(fd));
  return true;
}

class FileReaderTest : public testing::TestWithParam<ReadMethod> {
 protected:
  std::unique_ptr<FileReader> reader(std::uint64_t max_file_bytes = 10 * 1024 * 1024,
                                     std::size_t batch = 4) {
    auto made = std::make_unique<FileReader>(max_file_bytes, batch, GetParam());
    if (GetParam() == ReadMethod::io_uring && kernel_offers_io_uring()) {
      EXPECT_EQ(made->method(), ReadMethod::io_uring) << "the ring was refused";
    }
    return made;
  }
};

TEST_P(FileReaderTest, ReadsEveryFileOfABatchLargerThanItTakesAtOnce) {
  TempDirectory directory;
  std::vector<FileToScan> files;
  std::vector<std::string> expected;
  for (int i = 0; i < 11; ++i) {
    const std::string name = "f" + std::to_string(i) + ".yaml";
    expected.push_back("password: secret-" + std::string(static_cast<std::size_t>(i), 'x'));
    directory.write(name, expected.back());
    files.push_back(directory.listed(name));
  }
  directory.write("empty", "");
  files.push_back(directory.listed("empty"));
  expected.push_back("");
  const auto read = reader();
  EXPECT_EQ(read_all(*read, files), expected);
  EXPECT_EQ(read_all(*read, files), expected);  // the reader is reused batch after batch
}

// 65536 bytes is what the ring reads of a file first: a file that fills it is read again whole.
TEST_P(FileReaderTest, ReadsFilesAroundTheFirstReadSizeWhole) {
  TempDirectory directory;
  std::vector<FileToScan> files;
  std::vector<std::string> expected;
  for (std::size_t size : {65535u, 65536u, 65537u, 3u * 1024 * 1024}) {
    std::string content;
    for (std::size_t i = 0; i < size; ++i)
      content += static_cast<char>('a' + (i * 7 + i / 26) % 26);
    const std::string name = "size" + std::to_string(size);
    directory.write(name, content);
    files.push_back(directory.listed(name));
    expected.push_back(content);
  }
  const auto read = reader();
  const std::vector<std::string> results = read_all(*read, files);
  ASSERT_EQ(results.size(), expected.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i].size(), expected[i].size()) << files[i].path;
    EXPECT_TRUE(results[i] == expected[i]) << files[i].path;
  }
}

TEST_P(FileReaderTest, SkipsFilesAboveTheLimitWhichIsInclusive) {
  TempDirectory directory;
  directory.write("five", "12345");
  directory.write("six", "123456");
  const auto read = reader(5);
  EXPECT_EQ(read_all(*read, {directory.listed("five"), directory.listed("six")}),
            (std::vector<std::string>{"12345", "skipped: larger than 5 bytes (size 6)"}));
}

TEST_P(FileReaderTest, SkipsA2GBFileAtTheDefaultLimit) {
  TempDirectory directory;
  const UniqueFd big(
      ::open(directory.path("big.bin").c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
  ASSERT_GE(big.get(), 0);
  ASSERT_EQ(::ftruncate(big.get(), 2LL * 1024 * 1024 * 1024), 0);  // sparse: no disk used
  directory.write("small", "x");
  const auto read = reader();
  EXPECT_EQ(
      read_all(*read, {directory.listed("big.bin"), directory.listed("small")}),
      (std::vector<std::string>{"skipped: larger than 10485760 bytes (size 2147483648)", "x"}));
}

TEST_P(FileReaderTest, AFileGoneSinceTheListingIsUnreadableAndTheRestIsRead) {
  TempDirectory directory;
  directory.write("a", "first");
  directory.write("c", "third");
  const auto read = reader();
  EXPECT_EQ(
      read_all(*read, {directory.listed("a"), directory.listed("gone"), directory.listed("c")}),
      (std::vector<std::string>{"first", "skipped: unreadable: No such file or directory",
                                "third"}));
}

TEST_P(FileReaderTest, AFifoSwappedInSinceTheListingReadsAsEmptyWithoutBlocking) {
  TempDirectory directory;
  ASSERT_EQ(::mkfifo(directory.path("pipe").c_str(), 0644), 0);
  directory.write("after", "text");
  const auto read = reader();
  auto results = std::async(std::launch::async, [&] {
    return read_all(*read, {directory.listed("pipe"), directory.listed("after")});
  });
  bool blocked = false;
  while (results.wait_for(std::chrono::seconds(3)) == std::future_status::timeout) {
    blocked = true;  // release it: open the writing end
    const int writer = ::open(directory.path("pipe").c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (writer >= 0) ::close(writer);
  }
  EXPECT_FALSE(blocked) << "the reader blocked on a FIFO";
  EXPECT_EQ(results.get(), (std::vector<std::string>{"", "text"}));
}

TEST_P(FileReaderTest, ReadsARootByItsPathAndLeavesNoDescriptorOpen) {
  TempDirectory directory;
  directory.write("root.yaml", "uri: mongodb://a");
  directory.write("inside.yaml", "b");
  const std::size_t before = open_descriptors();
  {
    const auto read = reader();
    const FileToScan root{directory.path("root.yaml"), nullptr, 0};
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(read_all(*read, {root, directory.listed("inside.yaml")}),
                (std::vector<std::string>{"uri: mongodb://a", "b"}));
    }
  }
  EXPECT_EQ(open_descriptors(), before);
}

INSTANTIATE_TEST_SUITE_P(Methods, FileReaderTest,
                         testing::Values(ReadMethod::io_uring, ReadMethod::plain),
                         [](const testing::TestParamInfo<ReadMethod>& method) {
                           return method.param == ReadMethod::io_uring ? "IoUring" : "Plain";
                         });

TEST(FileReader, AskedForPlainCallsUsesNoRing) {
  EXPECT_EQ(FileReader(100, 4, ReadMethod::plain).method(), ReadMethod::plain);
}

}  // namespace
}  // namespace file_reader_test
}  // namespace mongoscan
