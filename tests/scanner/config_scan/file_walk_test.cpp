#include "scanner/config_scan/file_walk.h"

#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

#include "scanner/config_scan/file_reader.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace file_walk_test {
namespace {

using testing_support::TempTree;

// What a walk gave once each file it listed was read (the reader skips files that cannot be read
// or are too large), paths relative to the tree's root: files in the order given, those of them
// listed as shipped bundles, and skipped entries as "path: reason".
struct Walked {
  std::vector<std::string> files;
  std::vector<std::string> shipped;
  std::vector<std::string> skipped;
};

std::string relative_to(const TempTree& tree, const std::string& path) {
  const std::string prefix = tree.root() + "/";
  return path.starts_with(prefix) ? path.substr(prefix.size()) : path;
}

Walked walk(const TempTree& tree, const WalkSettings& settings = {},
            std::vector<std::string> roots = {}) {
  if (roots.empty()) roots.push_back(tree.root());
  Walked walked;
  std::vector<SkippedFile> skipped;
  FileReader reader(settings.max_file_bytes, 1);
  walk_paths(
      roots, settings,
      [&](FileToScan file) {
        reader.read({&file, 1}, [&](const FileToScan& listed, const FileRead& read) {
          if (const auto* skip = std::get_if<SkippedFile>(&read)) {
            skipped.push_back(*skip);
          } else {
            walked.files.push_back(relative_to(tree, listed.path));
            if (listed.shipped_bundle) walked.shipped.push_back(walked.files.back());
          }
        });
      },
      skipped);
  for (const SkippedFile& file : skipped) {
    walked.skipped.push_back(relative_to(tree, file.path) + ": " + file.reason);
  }
  return walked;
}

using Paths = std::vector<std::string>;

TEST(FileWalk, VisitsDepthFirstInByteOrder) {
  TempTree tree;
  for (const char* file : {"b", "a/z", "a/b/c", "B", "a.txt", "a-", "\xc3\xa9.yaml", ".env"}) {
    tree.write(file);
  }
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files,
            (Paths{".env", "B", "a/b/c", "a/z", "a-", "a.txt", "b", "\xc3\xa9.yaml"}));
  EXPECT_TRUE(walked.skipped.empty());
  EXPECT_EQ(walk(tree).files, walked.files);  // stable
}

TEST(FileWalk, GivesPathsAsReachedFromTheRootAndNamesInTheirOpenDirectory) {
  TempTree tree;
  tree.write("conf/app.yaml", "12345");
  std::vector<FileToScan> files;
  std::vector<SkippedFile> skipped;
  walk_paths(
      {tree.root() + "//", tree.path("conf/app.yaml")}, {},
      [&](FileToScan file) { files.push_back(std::move(file)); }, skipped);
  ASSERT_EQ(files.size(), 1u);  // the second root is the same file
  EXPECT_EQ(files[0].path, tree.root() + "/conf/app.yaml");
  EXPECT_STREQ(files[0].name(), "app.yaml");
  struct stat directory;
  ASSERT_EQ(::fstat(files[0].directory_fd(), &directory), 0);
  struct stat conf;
  ASSERT_EQ(::stat(tree.path("conf").c_str(), &conf), 0);
  EXPECT_EQ(directory.st_ino, conf.st_ino);

  files.clear();
  walk_paths(
      {tree.path("conf/app.yaml")}, {}, [&](FileToScan file) { files.push_back(std::move(file)); },
      skipped);
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].directory_fd(), AT_FDCWD);  // a root: opened by its path
  EXPECT_EQ(files[0].name(), files[0].path);
  EXPECT_TRUE(skipped.empty());
}

TEST(FileWalk, SkipsDefaultDirectories) {
  TempTree tree;
  for (const char* file :
       {".git/config", "node_modules/x/config.js", "build/out.yaml", "src/vendor/lib.yaml",
        "src/__pycache__/a.pyc", ".venv/pyvenv.cfg", "src/app.yaml", "vendored/ok.yaml", "out"}) {
    tree.write(file);
  }
  EXPECT_EQ(walk(tree).files, (Paths{"out", "src/app.yaml", "vendored/ok.yaml"}));
}

TEST(FileWalk, CustomSkipListReplacesTheDefaults) {
  TempTree tree;
  tree.write("node_modules/x.js");
  tree.write("fixtures/a.yaml");
  tree.write("src/fixtures/b.yaml");
  tree.write("src/c.yaml");
  WalkSettings settings;
  settings.skip_directories = {"fixtures"};
  EXPECT_EQ(walk(tree, settings).files, (Paths{"node_modules/x.js", "src/c.yaml"}));
  // A root is walked even when its name is in the list.
  EXPECT_EQ(walk(tree, settings, {tree.path("fixtures")}).files, (Paths{"fixtures/a.yaml"}));
}

TEST(FileWalk, BuildOutputIsWalkedForItsJavaScriptBundlesAlone) {
  TempTree tree;
  for (const char* file :
       {"dist/index.html", "dist/assets/index-4f2a.js", "dist/assets/index-4f2a.js.map",
        "dist/assets/index-4f2a.css", "dist/assets/index-4f2a.css.map", "dist/esm/lib.mjs",
        "dist/cjs/lib.cjs", "dist/config.json", "dist/.js", "build/static/js/main.8c1d.js",
        "build/app.yaml", "out/_next/static/chunks/app-9e.js", "dist/node_modules/left-pad/a.js",
        "node_modules/pkg/dist/bundle.js", "vendor/dist/x.js", "src/app.js"}) {
    tree.write(file);
  }
  const Walked walked = walk(tree);
  const Paths bundles = {"build/static/js/main.8c1d.js",
                         "dist/assets/index-4f2a.js",
                         "dist/assets/index-4f2a.js.map",
                         "dist/cjs/lib.cjs",
                         "dist/esm/lib.mjs",
                         "out/_next/static/chunks/app-9e.js"};
  Paths files = bundles;
  files.push_back("src/app.js");
  EXPECT_EQ(walked.files, files);
  EXPECT_EQ(walked.shipped, bundles);
  EXPECT_TRUE(walked.skipped.empty());
}

TEST(FileWalk, EverythingInPublicIsWalkedAndItsBundlesAreShipped) {
  TempTree tree;
  for (const char* file : {"web/public/robots.txt", "web/public/static/js/main.min.js",
                           "web/src/public/api.js", "dist/a.js", "dist/a.txt"}) {
    tree.write(file);
  }
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"dist/a.js", "web/public/robots.txt",
                                 "web/public/static/js/main.min.js", "web/src/public/api.js"}));
  EXPECT_EQ(walked.shipped,
            (Paths{"dist/a.js", "web/public/static/js/main.min.js", "web/src/public/api.js"}));
  // A root named like build output is walked in full, its bundles shipped.
  const Walked root = walk(tree, {}, {tree.path("dist")});
  EXPECT_EQ(root.files, (Paths{"dist/a.js", "dist/a.txt"}));
  EXPECT_EQ(root.shipped, (Paths{"dist/a.js"}));
  // A file given by itself is no shipped bundle.
  EXPECT_TRUE(walk(tree, {}, {tree.path("dist/a.js")}).shipped.empty());
}

TEST(FileWalk, GitignoreHidesNoBundleOfBuildOutputAndMongoscanignoreDoes) {
  TempTree tree;
  tree.write(".gitignore", "dist/\n/public\n*.map\nbuild/*.js\n");
  for (const char* file :
       {"dist/a.js", "dist/a.js.map", "dist/a.txt", "public/app-1.js", "public/index.html",
        "build/b.js", "build/app.yaml", "web/dist/c.js", "web/out/d.js"}) {
    tree.write(file);
  }
  tree.write("web/.mongoscanignore", "dist/\nd.js\n");
  EXPECT_EQ(walk(tree).files, (Paths{".gitignore", "build/b.js", "dist/a.js", "dist/a.js.map",
                                     "public/app-1.js", "web/.mongoscanignore"}));
  // Without the default skips build output is walked in full, and .gitignore hides none of its
  // bundles still; public, excluded by .gitignore, is walked for its bundles in both runs (Gatsby
  // and Hugo build into it).
  WalkSettings no_default_skips;
  no_default_skips.skip_directories.clear();
  EXPECT_EQ(walk(tree, no_default_skips).files,
            (Paths{".gitignore", "build/app.yaml", "build/b.js", "dist/a.js", "dist/a.js.map",
                   "public/app-1.js", "web/.mongoscanignore"}));
  WalkSettings no_ignore_files;
  no_ignore_files.honour_ignore_files = false;
  EXPECT_EQ(walk(tree, no_ignore_files).files,
            (Paths{".gitignore", "build/b.js", "dist/a.js", "dist/a.js.map", "public/app-1.js",
                   "public/index.html", "web/.mongoscanignore", "web/dist/c.js", "web/out/d.js"}));
}

TEST(FileWalk, ASkippedDirectoryThatIsNotServedIsSkippedWhole) {
  TempTree tree;
  tree.write("dist/a.js");
  tree.write("public/b.js");
  tree.write("out/c.js");
  WalkSettings settings;  // what --skip-dir dist --skip-dir public make of the defaults
  settings.skip_directories.push_back("public");
  std::erase(settings.served_directories, "dist");
  std::erase(settings.served_directories, "public");
  EXPECT_EQ(walk(tree, settings).files, (Paths{"out/c.js"}));
}

TEST(FileWalk, ADirectoryWalkedForItsBundlesIsWalkedAgainWhenReachedInFull) {
  TempTree tree;
  tree.write("config/app.yaml");
  tree.write("config/settings.js");
  tree.symlink("../config", "build/config");  // "build" sorts before "config"
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"build/config/settings.js", "config/app.yaml"}));
  EXPECT_EQ(walked.shipped, (Paths{"build/config/settings.js"}));
  EXPECT_TRUE(walked.skipped.empty());
}

TEST(FileWalk, ReportsFilesAboveTheSizeLimitWithoutReadingThem) {
  TempTree tree;
  tree.write("small.yaml");
  const int fd = ::open(tree.path("big.bin").c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, 2LL * 1024 * 1024 * 1024), 0);  // sparse: no disk used
  ::close(fd);
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"small.yaml"}));
  EXPECT_EQ(walked.skipped, (Paths{"big.bin: larger than 10485760 bytes (size 2147483648)"}));
}

TEST(FileWalk, SizeLimitIsInclusive) {
  TempTree tree;
  tree.write("five", "12345");
  tree.write("six", "123456");
  WalkSettings settings;
  settings.max_file_bytes = 5;
  const Walked walked = walk(tree, settings);
  EXPECT_EQ(walked.files, (Paths{"five"}));
  EXPECT_EQ(walked.skipped, (Paths{"six: larger than 5 bytes (size 6)"}));
}

TEST(FileWalk, ReportsASymlinkLoopOnceAndFinishes) {
  TempTree tree;
  tree.write("dir/f");
  tree.write("g");
  tree.symlink("..", "dir/up");
  tree.symlink(".", "dir/self");
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"dir/f", "g"}));
  EXPECT_EQ(walked.skipped, (Paths{"dir/self: symlink loop", "dir/up: symlink loop"}));
}

TEST(FileWalk, VisitsADirectoryReachedThroughTwoLinksOnce) {
  TempTree tree;
  TempTree outside;
  outside.write("shared.yaml");
  tree.symlink(outside.root(), "a_link");
  tree.symlink(outside.root(), "b_link");
  tree.write("real/x.yaml");
  tree.symlink("real", "alias");  // sorts before the directory it names
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"a_link/shared.yaml", "alias/x.yaml"}));
  EXPECT_TRUE(walked.skipped.empty());
}

TEST(FileWalk, VisitsAFileReachedThroughTwoLinksOnce) {
  TempTree tree;
  tree.write("f.yaml");
  tree.symlink("f.yaml", "link.yaml");
  ASSERT_EQ(::link(tree.path("f.yaml").c_str(), tree.path("hard.yaml").c_str()), 0);
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"f.yaml"}));
  EXPECT_TRUE(walked.skipped.empty());
}

TEST(FileWalk, OverlappingRootsVisitEachFileOnce) {
  TempTree tree;
  tree.write("a/x.yaml");
  tree.write("b.yaml");
  const Walked walked =
      walk(tree, {}, {tree.path("a/x.yaml"), tree.root(), tree.root(), tree.path("b.yaml")});
  EXPECT_EQ(walked.files, (Paths{"a/x.yaml", "b.yaml"}));
}

TEST(FileWalk, ReportsADanglingSymlink) {
  TempTree tree;
  tree.symlink("missing", "broken");
  tree.write("ok");
  const Walked walked = walk(tree);
  EXPECT_EQ(walked.files, (Paths{"ok"}));
  EXPECT_EQ(walked.skipped, (Paths{"broken: unreadable: No such file or directory"}));
}

TEST(FileWalk, FollowsSymlinksToFilesAndDirectories) {
  TempTree tree;
  TempTree outside;
  outside.write("d/conf.yaml");
  outside.write("file.yaml");
  tree.symlink(outside.path("d"), "dir_link");
  tree.symlink(outside.path("file.yaml"), "file_link.yaml");
  EXPECT_EQ(walk(tree).files, (Paths{"dir_link/conf.yaml", "file_link.yaml"}));
}

TEST(FileWalk, WithoutFollowingSymlinksSkipsThemSilently) {
  TempTree tree;
  TempTree outside;
  outside.write("d/conf.yaml");
  tree.write("real.yaml");
  tree.symlink(outside.path("d"), "dir_link");
  tree.symlink("real.yaml", "file_link.yaml");
  tree.symlink("missing", "broken");
  tree.symlink(".", "loop");
  WalkSettings settings;
  settings.follow_symlinks = false;
  const Walked walked = walk(tree, settings);
  EXPECT_EQ(walked.files, (Paths{"real.yaml"}));
  EXPECT_TRUE(walked.skipped.empty());
}

// Runs walk on another thread. While it has not returned within a few seconds, it is blocked
// opening a FIFO: opening their other ends releases it, and the test fails instead of hanging.
Walked walk_beside_fifos(const TempTree& tree, const std::vector<std::string>& fifos,
                         std::vector<std::string> roots) {
  auto walked = std::async(std::launch::async, [&] { return walk(tree, {}, roots); });
  bool blocked = false;
  while (walked.wait_for(std::chrono::seconds(3)) == std::future_status::timeout) {
    blocked = true;
    for (const std::string& fifo : fifos) {
      const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (writer >= 0) ::close(writer);
    }
  }
  EXPECT_FALSE(blocked) << "the walk blocked: it opened a FIFO";
  return walked.get();
}

TEST(FileWalk, NeverOpensAFifo) {
  TempTree tree;
  const std::vector<std::string> fifos = {tree.path("pipe"), tree.path(".gitignore")};
  for (const std::string& fifo : fifos) ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  tree.symlink("pipe", "pipe_link");
  tree.write("a.yaml");
  const Walked walked = walk_beside_fifos(tree, fifos, {});
  EXPECT_EQ(walked.files, (Paths{"a.yaml"}));
  // Not opened, but listed: a scan must say what it did not read.
  EXPECT_EQ(walked.skipped, (Paths{".gitignore: not a regular file: a FIFO",
                                   "pipe: not a regular file: a FIFO",
                                   "pipe_link: not a regular file: a FIFO"}));

  const Walked root = walk_beside_fifos(tree, fifos, {tree.path("pipe")});
  EXPECT_TRUE(root.files.empty());
  EXPECT_EQ(root.skipped, (Paths{"pipe: not a regular file: a FIFO"}));
}

TEST(FileWalk, ListsADeviceAsSkipped) {
  std::vector<SkippedFile> skipped;
  walk_paths({"/dev/null"}, {}, [](FileToScan) { ADD_FAILURE() << "a device was listed"; }, skipped);
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped[0].reason, "not a regular file: a character device");
}

TEST(FileWalk, RootThatIsAFileIsScannedEvenIfIgnored) {
  TempTree tree;
  tree.write(".gitignore", "*.yaml\n");
  tree.write("app.yaml");
  EXPECT_EQ(walk(tree).files, (Paths{".gitignore"}));
  const Walked walked = walk(tree, {}, {tree.path("app.yaml")});
  EXPECT_EQ(walked.files, (Paths{"app.yaml"}));
  EXPECT_TRUE(walked.skipped.empty());
}

TEST(FileWalk, MissingRootIsNotFoundAndTheWalkGoesOn) {
  TempTree tree;
  tree.write("a.yaml");
  const Walked walked =
      walk(tree, {}, {tree.path("missing"), tree.path("a.yaml/x"), tree.path("a.yaml")});
  EXPECT_EQ(walked.files, (Paths{"a.yaml"}));
  EXPECT_EQ(walked.skipped, (Paths{"missing: not found", "a.yaml/x: not found"}));
}

TEST(FileWalk, GitignoreAppliesToItsDirectoryAndBelowDeeperFilesWin) {
  TempTree tree;
  tree.write(".gitignore", "*.log\n");
  tree.write("sub/.gitignore", "!keep.log\n");
  for (const char* file : {"x.log", "keep.log", "sub/x.log", "sub/keep.log", "sub/deeper/keep.log",
                           "other/keep.log"}) {
    tree.write(file);
  }
  EXPECT_EQ(walk(tree).files,
            (Paths{".gitignore", "sub/.gitignore", "sub/deeper/keep.log", "sub/keep.log"}));
}

TEST(FileWalk, NegationCannotReincludeInsideAnIgnoredDirectory) {
  TempTree tree;
  tree.write(".gitignore", "secret/\n!secret/keep.yaml\nlogs/*\n!logs/keep.yaml\n");
  for (const char* file : {"secret/keep.yaml", "logs/keep.yaml", "logs/x.yaml"}) tree.write(file);
  EXPECT_EQ(walk(tree).files, (Paths{".gitignore", "logs/keep.yaml"}));
}

TEST(FileWalk, AnchoredPatternsAreRelativeToTheirIgnoreFile) {
  TempTree tree;
  tree.write("sub/.gitignore", "/conf.yaml\ndocs/**/*.md\n");
  for (const char* file : {"conf.yaml", "sub/conf.yaml", "sub/deep/conf.yaml", "sub/docs/a/b.md",
                           "sub/docs/c.md", "docs/x/d.md"}) {
    tree.write(file);
  }
  EXPECT_EQ(walk(tree).files,
            (Paths{"conf.yaml", "docs/x/d.md", "sub/.gitignore", "sub/deep/conf.yaml"}));
}

TEST(FileWalk, DirectoryOnlyPatternsSeeWhatASymlinkPointsTo) {
  TempTree tree;
  TempTree outside;
  outside.write("file.yaml");
  outside.write("dir/x.yaml");
  tree.write(".gitignore", "data/\ncfg/\n");
  tree.symlink(outside.path("file.yaml"), "data");  // a file: kept
  tree.symlink(outside.path("dir"), "cfg");         // a directory: ignored
  EXPECT_EQ(walk(tree).files, (Paths{".gitignore", "data"}));
}

TEST(FileWalk, MongoscanignoreWorksAndWinsOverGitignore) {
  TempTree tree;
  tree.write(".gitignore", "*.yaml\n");
  tree.write(".mongoscanignore", "!app.yaml\nfixtures/\n");
  for (const char* file : {"app.yaml", "db.yaml", "fixtures/creds.env", "x.env"}) tree.write(file);
  EXPECT_EQ(walk(tree).files, (Paths{".gitignore", ".mongoscanignore", "app.yaml", "x.env"}));
}

TEST(FileWalk, IgnoredEntriesAreNotReported) {
  TempTree tree;
  tree.write(".gitignore", "broken\nlinks/\n");
  tree.symlink("missing", "broken");
  tree.symlink(".", "links/loop");
  EXPECT_TRUE(walk(tree).skipped.empty());
}

TEST(FileWalk, IgnoreFilesCanBeTurnedOff) {
  TempTree tree;
  tree.write(".gitignore", "*.yaml\n");
  tree.write("sub/.mongoscanignore", "*\n");
  tree.write("a.yaml");
  tree.write("sub/b.env");
  WalkSettings settings;
  settings.honour_ignore_files = false;
  EXPECT_EQ(walk(tree, settings).files,
            (Paths{".gitignore", "a.yaml", "sub/.mongoscanignore", "sub/b.env"}));
}

constexpr uid_t kNobody = 65534;

// Runs walk in a child process that has dropped root for nobody, so that permission bits apply
// even when the tests run as root. The child sends "F path" and "S path: reason" lines through a
// pipe. nullopt if the child could not drop its privileges.
std::optional<Walked> walk_as_nobody(const TempTree& tree) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category());
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fds[0]);
    std::string out;
    if (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0) {
      out = "cannot drop privileges\n";
    } else {
      const Walked walked = walk(tree);
      for (const std::string& file : walked.files) out += "F " + file + "\n";
      for (const std::string& skipped : walked.skipped) out += "S " + skipped + "\n";
    }
    for (std::size_t sent = 0; sent < out.size();) {
      const ssize_t wrote = ::write(pipe_fds[1], out.data() + sent, out.size() - sent);
      if (wrote <= 0) ::_exit(1);
      sent += static_cast<std::size_t>(wrote);
    }
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string text;
  char buffer[4096];
  for (ssize_t got; (got = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    text.append(buffer, got);
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (text == "cannot drop privileges\n") return std::nullopt;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << text;
  Walked walked;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    (line.starts_with("F ") ? walked.files : walked.skipped).push_back(line.substr(2));
    start = end + 1;
  }
  return walked;
}

TEST(FileWalk, ReportsUnreadableDirectoriesAndFiles) {
  TempTree tree;
  tree.write("locked/inside.yaml");
  tree.write("unsearchable/entry.yaml");  // listed but cannot be looked at
  tree.write("open.yaml");
  ASSERT_EQ(::chmod(tree.root().c_str(), 0755), 0);
  ASSERT_EQ(::chmod(tree.path("locked").c_str(), 0), 0);
  ASSERT_EQ(::chmod(tree.path("unsearchable").c_str(), 0644), 0);
  const std::optional<Walked> walked = walk_as_nobody(tree);
  if (!walked) GTEST_SKIP() << "cannot switch to uid " << kNobody << " to test permissions";
  EXPECT_EQ(walked->files, (Paths{"open.yaml"}));
  EXPECT_EQ(walked->skipped, (Paths{"locked: unreadable: Permission denied",
                                    "unsearchable/entry.yaml: unreadable: Permission denied"}));
}

}  // namespace
}  // namespace file_walk_test
}  // namespace mongoscan
