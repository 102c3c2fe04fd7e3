#include "reports/atomic_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace mongoscan {
namespace atomic_file_test {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

void write_plain(const fs::path& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

std::vector<std::string> names_in(const fs::path& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

mode_t mode_of(const fs::path& path) {
  struct stat info {};
  ::stat(path.c_str(), &info);
  return info.st_mode & 07777;
}

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "mongoscan-atomic-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  fs::path dir_;
};

TEST_F(AtomicFileTest, CreatesANewFile) {
  const fs::path target = dir_ / "report.json";
  const Result<Ok> written = write_file_atomically(target.string(), "{}\n");
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(read_file(target), "{}\n");
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.json"});
}

// `-o /dev/null` or a named pipe: renaming over it would leave a regular file in its place (as
// root, /dev/null itself). It is written in place and stays what it was.
TEST_F(AtomicFileTest, WritesIntoAFifoInPlaceWithoutReplacingIt) {
  const fs::path fifo = dir_ / "report.pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reading end is open before the write (non-blocking, so that opening does not wait for a
  // writer); once the writer has closed, reading ends. A writer that never opens the FIFO leaves
  // nothing to read instead of a hang.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  ASSERT_GE(reader, 0);
  const Result<Ok> written = write_file_atomically(fifo.string(), "{\"fifo\": true}\n");
  std::string received;
  char chunk[256];
  for (ssize_t n; (n = ::read(reader, chunk, sizeof chunk)) > 0;) received.append(chunk, n);
  ::close(reader);
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(received, "{\"fifo\": true}\n");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.pipe"});
}

TEST_F(AtomicFileTest, ADirectoryIsAnIoError) {
  fs::create_directory(dir_ / "reports");
  const Result<Ok> written = write_file_atomically((dir_ / "reports").string(), "x");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().message, (dir_ / "reports").string() + ": Is a directory");
  EXPECT_TRUE(fs::is_directory(dir_ / "reports"));
}

TEST_F(AtomicFileTest, ReplacesAnExistingFileCompletely) {
  const fs::path target = dir_ / "report.html";
  write_plain(target, std::string(10000, 'o'));
  ASSERT_TRUE(write_file_atomically(target.string(), "new").ok());
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.html"});
}

TEST_F(AtomicFileTest, WritesEmptyAndBinaryContent) {
  const fs::path target = dir_ / "out";
  ASSERT_TRUE(write_file_atomically(target.string(), "").ok());
  EXPECT_EQ(read_file(target), "");
  const std::string binary("a\0b\xff", 4);
  ASSERT_TRUE(write_file_atomically(target.string(), binary).ok());
  EXPECT_EQ(read_file(target), binary);
}

// A report rendered straight into the file, across many of the writer's 64 KiB buffers.
TEST_F(AtomicFileTest, StreamsContentLargerThanItsBuffer) {
  const fs::path target = dir_ / "report.json";
  std::string expected;
  for (int i = 0; i < 50000; ++i) expected += "line " + std::to_string(i) + "\n";
  const Result<Ok> written = write_file_atomically(target.string(), [&](std::ostream& out) {
    for (int i = 0; i < 50000; ++i) out << "line " << i << '\n';
  });
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(read_file(target), expected);
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.json"});
}

TEST_F(AtomicFileTest, NewFileGets0644LessTheUmask) {
  const mode_t previous = ::umask(027);
  const Result<Ok> written = write_file_atomically((dir_ / "a").string(), "x");
  ::umask(previous);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(mode_of(dir_ / "a"), 0640u);
}

TEST_F(AtomicFileTest, KeepsTheModeOfTheFileItReplaces) {
  const fs::path target = dir_ / "private.json";
  write_plain(target, "old");
  ASSERT_EQ(::chmod(target.c_str(), 0600), 0);
  ASSERT_TRUE(write_file_atomically(target.string(), "new").ok());
  EXPECT_EQ(mode_of(target), 0600u);
}

TEST_F(AtomicFileTest, WritesIntoTheCurrentDirectoryForABareName) {
  const fs::path previous = fs::current_path();
  fs::current_path(dir_);
  const Result<Ok> written = write_file_atomically("bare.txt", "x");
  fs::current_path(previous);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(read_file(dir_ / "bare.txt"), "x");
}

TEST_F(AtomicFileTest, MissingDirectoryIsAnIoError) {
  const std::string target = (dir_ / "missing" / "report.json").string();
  const Result<Ok> written = write_file_atomically(target, "x");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().code, ErrorCode::io);
  EXPECT_EQ(written.error().phase, "report");
  EXPECT_EQ(written.error().message, target + ": No such file or directory");
  EXPECT_TRUE(names_in(dir_).empty());
}

TEST_F(AtomicFileTest, ParentThatIsAFileIsAnIoError) {
  write_plain(dir_ / "plain", "keep");
  const std::string target = (dir_ / "plain" / "report.json").string();
  const Result<Ok> written = write_file_atomically(target, "x");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().code, ErrorCode::io);
  EXPECT_EQ(written.error().message, target + ": Not a directory");
  EXPECT_EQ(read_file(dir_ / "plain"), "keep");
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"plain"});
}

TEST_F(AtomicFileTest, FailedRenameLeavesTargetAndNoTemporaryFile) {
  const fs::path target = dir_ / "report.json";
  fs::create_directory(target);
  write_plain(target / "inside", "keep");
  const Result<Ok> written = write_file_atomically(target.string(), "x");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().code, ErrorCode::io);
  EXPECT_TRUE(written.error().message.starts_with(target.string() + ": "))
      << written.error().message;
  EXPECT_EQ(read_file(target / "inside"), "keep");
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.json"});
}

// A write that fails half-way (file size limit, EFBIG) must leave the old file byte-identical. The
// limit applies to the whole process, so the write runs in a child (a death test).
TEST_F(AtomicFileTest, FailedWriteLeavesExistingFileByteIdentical) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const fs::path target = dir_ / "report.json";
  const std::string original = "{\"old\": true}\n";
  write_plain(target, original);
  const auto write_too_much = [&] {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{1024, 1024};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const Result<Ok> written = write_file_atomically(target.string(), std::string(4096, 'x'));
    const bool as_expected = !written.ok() && written.error().code == ErrorCode::io &&
                             written.error().message == target.string() + ": File too large" &&
                             read_file(target) == original &&
                             names_in(dir_) == std::vector<std::string>{"report.json"};
    std::fprintf(stderr, "%s", written.ok() ? "written" : written.error().message.c_str());
    std::exit(as_expected ? 0 : 1);
  };
  EXPECT_EXIT(write_too_much(), ::testing::ExitedWithCode(0), "File too large");
  EXPECT_EQ(read_file(target), original);
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.json"});
}

// A process killed while it writes (SIGKILL: no handler runs) leaves no temporary file behind:
// the file has no name until it is complete (O_TMPFILE).
TEST_F(AtomicFileTest, AWriterKilledMidWriteLeavesNoTemporaryFile) {
  const fs::path target = dir_ / "report.json";
  write_plain(target, "old");
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::string content(256 * 1024 * 1024, 'x');
    if (::write(ready[1], "r", 1) != 1) ::_exit(2);
    ::_exit(write_file_atomically(target.string(), content).ok() ? 0 : 1);
  }
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ::close(ready[0]);
  ::close(ready[1]);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the write finished before the kill: make it larger";
  EXPECT_EQ(names_in(dir_), std::vector<std::string>{"report.json"});
  EXPECT_EQ(read_file(target), "old");
}

}  // namespace
}  // namespace atomic_file_test
}  // namespace mongoscan
