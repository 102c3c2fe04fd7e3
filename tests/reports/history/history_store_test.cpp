#include "reports/history/history_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace history_store_test {
namespace {

using testing_support::TempTree;

HistoryFinding failing(const std::string& fingerprint, const std::string& status = "fail") {
  return {fingerprint, "NET-001", status, false, "high", "db1:27017", "bindIp is 0.0.0.0"};
}

HistoryRun run_at(const std::string& started_at, std::vector<HistoryEnvironment> environments) {
  return {started_at,           started_at,   "0.1.0",
          std::string(64, 'c'), std::nullopt, std::move(environments)};
}

HistoryEnvironment environment(const std::string& name, std::vector<HistoryFinding> findings,
                               const std::string& verdict = "fail") {
  return {
      name, verdict, {0, static_cast<int>(findings.size()), 0, 0, 0, 0}, "", std::move(findings)};
}

// Runs SQL on the file directly, as another program (or an older mongoscan) would.
void raw_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  const int status = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  EXPECT_EQ(status, SQLITE_OK) << (message ? message : "");
  sqlite3_free(message);
  sqlite3_close(db);
}

std::string raw_text(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_stmt* statement = nullptr;
  sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr);
  std::string text;
  if (sqlite3_step(statement) == SQLITE_ROW) {
    text = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return text;
}

TEST(HistoryStoreTest, ANewFileIsCreatedInWalModeAtTheCurrentVersion) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  ASSERT_TRUE(HistoryStore::open(path, true).ok());
  EXPECT_EQ(raw_text(path, "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw_text(path, "PRAGMA user_version"), std::to_string(kHistorySchemaVersion));
}

TEST(HistoryStoreTest, AMissingFileIsNotCreatedUnlessAsked) {
  TempTree tree;
  const auto opened = HistoryStore::open(tree.path("missing.db"), false);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().message, "history " + tree.path("missing.db") + ": no such file");
}

// A file at version 0 (what an older build left: nothing yet) is migrated in order and usable.
TEST(HistoryStoreTest, AnOlderFileIsMigrated) {
  TempTree tree;
  const std::string path = tree.path("old.db");
  raw_sql(path, "PRAGMA user_version = 0");
  auto store = HistoryStore::open(path, false);
  ASSERT_TRUE(store.ok()) << store.error().message;
  EXPECT_EQ(raw_text(path, "PRAGMA user_version"), std::to_string(kHistorySchemaVersion));
  ASSERT_TRUE(store.value().record(run_at("2026-01-01T00:00:00Z", {environment("prod", {})})).ok());
  EXPECT_EQ(store.value().runs(std::nullopt).value().size(), 1u);
}

// A version-1 file (before the findings_by_run index) keeps its runs and gains the index.
TEST(HistoryStoreTest, AVersionOneFileIsMigratedKeepingItsRuns) {
  TempTree tree;
  const std::string path = tree.path("v1.db");
  {
    auto store = HistoryStore::open(path, true);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE(store.value()
                    .record(run_at("2026-01-01T00:00:00Z", {environment("prod", {failing("a")})}))
                    .ok());
  }
  // Back to version 1's schema: what versions 2 and 3 added goes, what 3 dropped comes back.
  std::string to_version_one =
      "DROP INDEX findings_by_run; DROP INDEX environments_by_name; DROP TABLE first_failures; "
      "CREATE INDEX findings_by_environment ON findings(environment, fingerprint); ";
  for (const char* severity : {"critical", "high", "medium", "low", "info"}) {
    to_version_one += std::string("ALTER TABLE environments DROP COLUMN fails_") + severity + "; ";
  }
  raw_sql(path, to_version_one + "PRAGMA user_version = 1");
  auto store = HistoryStore::open(path, false);
  ASSERT_TRUE(store.ok()) << store.error().message;
  EXPECT_EQ(raw_text(path, "PRAGMA user_version"), std::to_string(kHistorySchemaVersion));
  EXPECT_EQ(store.value().past("prod").value().first_failed.at("a"), "2026-01-01T00:00:00Z")
      << "version 3 fills the first failures from the runs kept";
  const std::vector<TrendPoint> recent = store.value().past("prod").value().recent;
  ASSERT_EQ(recent.size(), 1u);
  EXPECT_EQ(recent[0].failing_by_severity, (std::array<int, 5>{0, 1, 0, 0, 0}))
      << "and each run's fails by severity";
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM sqlite_master WHERE name = 'findings_by_run'"),
            "1");
  EXPECT_EQ(raw_text(path,
                     "SELECT count(*) FROM sqlite_master WHERE name = "
                     "'findings_by_environment'"),
            "0")
      << "version 3 drops the index no query uses";
  EXPECT_EQ(store.value().past("prod").value().previous_findings.size(), 1u);
}

TEST(HistoryStoreTest, ANewerFileIsRefused) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  ASSERT_TRUE(HistoryStore::open(path, true).ok());
  raw_sql(path, "PRAGMA user_version = 7");
  const auto opened = HistoryStore::open(path, false);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().message,
            "history " + path + ": schema version 7 is newer than this mongoscan's (" +
                std::to_string(kHistorySchemaVersion) + "): use a newer mongoscan");
}

TEST(HistoryStoreTest, AnotherProgramsFileOrATextFileIsRefused) {
  TempTree tree;
  const std::string other = tree.path("other.db");
  raw_sql(other, "CREATE TABLE notes (text TEXT)");
  const auto opened = HistoryStore::open(other, false);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().message, "history " + other + ": not a mongoscan history");
  EXPECT_EQ(raw_text(other, "SELECT count(*) FROM sqlite_master"), "1") << "left untouched";
  // Issue 35 item 5: refused before anything is written, also by a writer: its journal stays the
  // rollback journal it was (byte 18 of the header is 1; WAL would make it 2), and no WAL file.
  const auto header_byte = [&] {
    std::ifstream file(other, std::ios::binary);
    file.seekg(18);
    return file.get();
  };
  ASSERT_EQ(header_byte(), 1);
  EXPECT_FALSE(HistoryStore::open(other, true).ok());
  EXPECT_EQ(header_byte(), 1) << "the journal mode was switched";
  EXPECT_FALSE(std::filesystem::exists(other + "-wal"));

  tree.write("notes.txt", std::string(4096, 'x'));
  const auto text = HistoryStore::open(tree.path("notes.txt"), false);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().message, "history " + tree.path("notes.txt") + ": file is not a database");
}

// Issue 35 item 5: a device or a FIFO is no history; nothing is created beside it.
TEST(HistoryStoreTest, ADeviceOrAFifoIsRefusedAndNothingIsCreatedBesideIt) {
  TempTree tree;
  tree.write("keep", "");
  std::filesystem::create_symlink("/dev/null", tree.path("null-link"));
  ASSERT_EQ(::mkfifo(tree.path("fifo").c_str(), 0600), 0);
  for (const char* name : {"null-link", "fifo"}) {
    const auto opened = HistoryStore::open(tree.path(name), true);
    ASSERT_FALSE(opened.ok()) << name;
    EXPECT_EQ(opened.error().message, "history " + tree.path(name) + ": is not a regular file");
    EXPECT_FALSE(std::filesystem::exists(tree.path(name) + "-journal")) << name;
    EXPECT_FALSE(std::filesystem::exists(tree.path(name) + "-wal")) << name;
  }
}

// A run that fails halfway (here a status the schema refuses, in its second environment) leaves
// the history as it was: no run, no environment, no finding.
TEST(HistoryStoreTest, ARunIsRecordedWholeOrNotAtAll) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  auto store = HistoryStore::open(path, true);
  ASSERT_TRUE(store.ok());
  const auto failed = store.value().record(run_at(
      "2026-01-01T00:00:00Z",
      {environment("prod", {failing("a")}), environment("staging", {failing("b", "bogus")})}));
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message.find("history " + path + ": CHECK constraint failed"),
            std::string::npos)
      << failed.error().message;
  EXPECT_TRUE(store.value().runs(std::nullopt).value().empty());
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM findings"), "0");
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM environments"), "0");
  // The store is still usable after the rollback.
  EXPECT_TRUE(store.value().record(run_at("2026-01-02T00:00:00Z", {environment("prod", {})})).ok());
}

// A staged run is seen by nobody, not even another connection, until it is committed; one
// destroyed uncommitted (its scan's reports could not be written) leaves no trace.
TEST(HistoryStoreTest, AStagedRunCountsOnlyOnceCommitted) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  auto store = HistoryStore::open(path, true);
  ASSERT_TRUE(store.ok());
  {
    auto staged = store.value().stage(run_at("2026-01-01T00:00:00Z", {environment("prod", {})}));
    ASSERT_TRUE(staged.ok()) << staged.error().message;
    EXPECT_EQ(raw_text(path, "SELECT count(*) FROM runs"), "0") << "another reader sees it";
  }
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM runs"), "0") << "an uncommitted run stayed";
  EXPECT_TRUE(store.value().runs(std::nullopt).value().empty());

  auto staged =
      store.value().stage(run_at("2026-01-02T00:00:00Z", {environment("prod", {failing("a")})}));
  ASSERT_TRUE(staged.ok());
  HistoryStore::StagedRun moved(std::move(staged).value());
  const auto committed = moved.commit();
  ASSERT_TRUE(committed.ok()) << committed.error().message;
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM findings"), "1");
  EXPECT_EQ(store.value().runs(std::nullopt).value().front().id, committed.value());
  EXPECT_FALSE(moved.commit().ok()) << "committed twice";
}

// A commit leaves the run in the write-ahead log (no run waits for a checkpoint at its end);
// checkpoint() moves it into the database file. A copy of the file alone shows which.
TEST(HistoryStoreTest, ACheckpointMovesCommittedRunsIntoTheFile) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  auto store = HistoryStore::open(path, true);
  ASSERT_TRUE(store.ok());
  auto staged =
      store.value().stage(run_at("2026-01-01T00:00:00Z", {environment("prod", {failing("a")})}));
  ASSERT_TRUE(staged.ok());
  ASSERT_TRUE(staged.value().commit().ok());
  auto runs_in_file_alone = [&](const std::string& copy) {
    std::filesystem::copy_file(path, tree.path(copy));
    return raw_text(tree.path(copy), "SELECT count(*) FROM runs");
  };
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM runs"), "1") << "readers see it through the log";
  // (Before the first checkpoint the file alone holds not even the tables.)
  EXPECT_NE(runs_in_file_alone("before.db"), "1") << "the commit checkpointed";
  ASSERT_TRUE(store.value().checkpoint().ok());
  EXPECT_EQ(runs_in_file_alone("after.db"), "1");
}

// pasts() is past() of each environment named.
TEST(HistoryStoreTest, ThePastsOfSeveralEnvironmentsAreEachOnesPast) {
  TempTree tree;
  auto store = HistoryStore::open(tree.path("history.db"), true);
  ASSERT_TRUE(store.ok());
  ASSERT_TRUE(store.value()
                  .record(run_at("2026-01-01T00:00:00Z",
                                 {environment("prod", {failing("a")}), environment("staging", {})}))
                  .ok());
  const EnvironmentPasts pasts = store.value().pasts({"prod", "staging", "new"}).value();
  ASSERT_EQ(pasts.size(), 3u);
  ASSERT_EQ(pasts.at("prod").previous_findings.size(), 1u);
  EXPECT_EQ(pasts.at("prod").previous_findings[0].fingerprint, "a");
  EXPECT_EQ(pasts.at("staging").previous_run, "2026-01-01T00:00:00Z");
  EXPECT_TRUE(pasts.at("staging").previous_findings.empty());
  EXPECT_FALSE(pasts.at("new").previous_run.has_value());
}

// The previous run is the environment's last scanned one; first_failed is the earliest run where
// each fingerprint failed, unsuppressed.
TEST(HistoryStoreTest, ThePastOfAnEnvironmentIsItsLastScannedRun) {
  TempTree tree;
  auto store = HistoryStore::open(tree.path("history.db"), true);
  ASSERT_TRUE(store.ok());
  HistoryStore& history = store.value();
  EXPECT_FALSE(history.past("prod").value().previous_run.has_value());
  HistoryFinding suppressed = failing("s");
  suppressed.suppressed = true;
  ASSERT_TRUE(
      history
          .record(run_at("2026-01-01T00:00:00Z", {environment("prod", {failing("a"), suppressed})}))
          .ok());
  ASSERT_TRUE(
      history
          .record(run_at("2026-01-02T00:00:00Z", {environment("prod", {failing("a"), failing("b")}),
                                                  environment("staging", {failing("x")})}))
          .ok());
  ASSERT_TRUE(
      history.record(run_at("2026-01-03T00:00:00Z", {environment("prod", {}, "not scanned")}))
          .ok());
  const EnvironmentPast past = history.past("prod").value();
  EXPECT_EQ(past.previous_run, "2026-01-02T00:00:00Z");
  ASSERT_EQ(past.previous_findings.size(), 2u);
  EXPECT_EQ(past.previous_findings[1].fingerprint, "b");
  EXPECT_EQ(past.first_failed.at("a"), "2026-01-01T00:00:00Z");
  EXPECT_EQ(past.first_failed.at("b"), "2026-01-02T00:00:00Z");
  EXPECT_FALSE(past.first_failed.contains("s")) << "a suppressed finding does not fail";
  EXPECT_FALSE(past.first_failed.contains("x")) << "another environment's";

  const auto all = history.runs(std::nullopt).value();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].started_at, "2026-01-03T00:00:00Z") << "newest first";
  const auto staging = history.runs("staging").value();
  ASSERT_EQ(staging.size(), 1u);
  ASSERT_EQ(staging[0].environments.size(), 1u);
  EXPECT_EQ(staging[0].environments[0].name, "staging");
  EXPECT_EQ(staging[0].environments[0].counts.fail, 1);
}

// A run recorded after a later one (the shards of an older night merged late) moves a
// fingerprint's first failure back; never forward.
TEST(HistoryStoreTest, TheFirstFailureIsTheEarliestRunWhateverTheOrderOfRecording) {
  TempTree tree;
  auto store = HistoryStore::open(tree.path("history.db"), true);
  ASSERT_TRUE(store.ok());
  HistoryStore& history = store.value();
  for (const char* night :
       {"2026-01-05T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-09T00:00:00Z"}) {
    ASSERT_TRUE(history.record(run_at(night, {environment("prod", {failing("a")})})).ok());
  }
  EXPECT_EQ(history.past("prod").value().first_failed.at("a"), "2026-01-02T00:00:00Z");
}

// Opening a history at the current version only reads it: not a byte of the file changes.
TEST(HistoryStoreTest, OpeningACurrentFileWritesNothing) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  {
    auto store = HistoryStore::open(path, true);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE(store.value()
                    .record(run_at("2026-01-01T00:00:00Z", {environment("prod", {failing("a")})}))
                    .ok());
  }
  auto bytes = [&] {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
  };
  const std::string before = bytes();
  ASSERT_FALSE(before.empty());
  {
    auto store = HistoryStore::open(path, false);
    ASSERT_TRUE(store.ok());
    EXPECT_TRUE(store.value().past("prod").ok());
  }
  EXPECT_EQ(bytes(), before);
}

// The trend's past: the environment's last kTrendRuns - 1 runs, oldest first, scanned or not, each
// with its unsuppressed fails (not warns) by severity.
TEST(HistoryStoreTest, RecentRunsCountUnsuppressedFailsBySeverity) {
  TempTree tree;
  auto store = HistoryStore::open(tree.path("history.db"), true);
  ASSERT_TRUE(store.ok());
  HistoryStore& history = store.value();
  HistoryFinding suppressed = failing("s");
  suppressed.suppressed = true;
  HistoryFinding critical = failing("c");
  critical.severity = "critical";
  ASSERT_TRUE(history
                  .record(run_at("2026-01-01T00:00:00Z",
                                 {environment("prod", {failing("a"), failing("b"), critical,
                                                       suppressed, failing("w", "warn")}),
                                  environment("staging", {failing("x")})}))
                  .ok());
  ASSERT_TRUE(
      history.record(run_at("2026-01-02T00:00:00Z", {environment("prod", {}, "not scanned")}))
          .ok());
  std::vector<TrendPoint> recent = history.past("prod").value().recent;
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent[0].started_at, "2026-01-01T00:00:00Z");
  EXPECT_TRUE(recent[0].scanned);
  EXPECT_EQ(recent[0].failing_by_severity, (std::array<int, 5>{1, 2, 0, 0, 0}));
  EXPECT_FALSE(recent[1].scanned);
  EXPECT_EQ(recent[1].failing_by_severity, (std::array<int, 5>{}));

  for (int day = 3; day < 3 + static_cast<int>(kTrendRuns); ++day) {
    const std::string date = "2026-01-" + std::string(day < 10 ? "0" : "") + std::to_string(day);
    ASSERT_TRUE(
        history.record(run_at(date + "T00:00:00Z", {environment("prod", {failing("a")})})).ok());
  }
  recent = history.past("prod").value().recent;
  ASSERT_EQ(recent.size(), kTrendRuns - 1);
  EXPECT_EQ(recent.back().started_at, "2026-01-14T00:00:00Z");
  EXPECT_EQ(recent.front().started_at, "2026-01-04T00:00:00Z");
}

// Two writers on one file, each with its own connection: every run of both lands.
TEST(HistoryStoreTest, ConcurrentWritersBothLand) {
  TempTree tree;
  const std::string path = tree.path("history.db");
  ASSERT_TRUE(HistoryStore::open(path, true).ok());
  constexpr int kRuns = 25;
  auto writer = [&](const std::string& name) {
    auto store = HistoryStore::open(path, true);
    ASSERT_TRUE(store.ok()) << store.error().message;
    for (int i = 0; i < kRuns; ++i) {
      const auto recorded = store.value().record(
          run_at("2026-01-01T00:00:00Z", {environment(name, {failing("a"), failing("b")})}));
      ASSERT_TRUE(recorded.ok()) << recorded.error().message;
    }
  };
  std::thread first(writer, "prod");
  std::thread second(writer, "staging");
  first.join();
  second.join();
  auto store = HistoryStore::open(path, false);
  EXPECT_EQ(store.value().runs("prod").value().size(), static_cast<std::size_t>(kRuns));
  EXPECT_EQ(store.value().runs("staging").value().size(), static_cast<std::size_t>(kRuns));
  EXPECT_EQ(raw_text(path, "SELECT count(*) FROM findings"), std::to_string(4 * kRuns));
}

}  // namespace
}  // namespace history_store_test
}  // namespace mongoscan
