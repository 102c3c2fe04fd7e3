#include "reports/history/history_store.h"

#include <sqlite3.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <string_view>
#include <thread>
#include <utility>

#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

// PRAGMA application_id (https://www.sqlite.org/pragma.html#pragma_application_id): "mshs", so
// that another program's SQLite file is never taken for a history and migrated.
constexpr int kApplicationId = 0x6d736873;

// Milliseconds a writer waits for another's lock before giving up (sqlite3_busy_timeout).
constexpr int kBusyTimeoutMs = 10000;

// The schema, one migration per version: kMigrations[i] takes user_version i to i + 1. Only
// append; a released migration never changes.
constexpr std::array<std::string_view, kHistorySchemaVersion> kMigrations = {
    R"sql(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  tool_version TEXT NOT NULL,
  catalogue_sha256 TEXT NOT NULL,
  inventory_sha256 TEXT
);
CREATE TABLE environments (
  run_id INTEGER NOT NULL REFERENCES runs(id),
  name TEXT NOT NULL,
  verdict TEXT NOT NULL,
  pass INTEGER NOT NULL,
  fail INTEGER NOT NULL,
  warn INTEGER NOT NULL,
  error_count INTEGER NOT NULL,
  skipped INTEGER NOT NULL,
  suppressed INTEGER NOT NULL,
  error TEXT NOT NULL,
  PRIMARY KEY (run_id, name)
);
CREATE TABLE findings (
  run_id INTEGER NOT NULL,
  environment TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  check_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'warn', 'error', 'skipped')),
  suppressed INTEGER NOT NULL,
  severity TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  FOREIGN KEY (run_id, environment) REFERENCES environments(run_id, name)
);
CREATE INDEX findings_by_environment ON findings(environment, fingerprint);
)sql",
    // 2: a run's findings of one environment without reading the environment's whole history.
    R"sql(
CREATE INDEX findings_by_run ON findings(run_id, environment);
)sql",
    // 3: when each fingerprint first failed in each environment, kept as runs are recorded, so
    // that a run's comparison does not read the environment's whole history; the index by
    // environment and fingerprint that query needed goes (each run inserted into it all over a
    // B-tree that grows with the history; the runs' findings are read by findings_by_run); and
    // each environment's unsuppressed fails by severity per run, so that the trend reads a row
    // per run, not every finding of the last runs.
    R"sql(
CREATE TABLE first_failures (
  environment TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  started_at TEXT NOT NULL,
  PRIMARY KEY (environment, fingerprint)
) WITHOUT ROWID;
INSERT INTO first_failures (environment, fingerprint, started_at)
  SELECT f.environment, f.fingerprint, MIN(r.started_at) FROM findings f JOIN runs r
  ON r.id = f.run_id WHERE f.status IN ('fail', 'warn') AND f.suppressed = 0
  GROUP BY f.environment, f.fingerprint;
DROP INDEX findings_by_environment;
CREATE INDEX environments_by_name ON environments(name, run_id);
ALTER TABLE environments ADD COLUMN fails_critical INTEGER NOT NULL DEFAULT 0;
ALTER TABLE environments ADD COLUMN fails_high INTEGER NOT NULL DEFAULT 0;
ALTER TABLE environments ADD COLUMN fails_medium INTEGER NOT NULL DEFAULT 0;
ALTER TABLE environments ADD COLUMN fails_low INTEGER NOT NULL DEFAULT 0;
ALTER TABLE environments ADD COLUMN fails_info INTEGER NOT NULL DEFAULT 0;
UPDATE environments SET fails_critical = c.critical, fails_high = c.high,
  fails_medium = c.medium, fails_low = c.low, fails_info = c.info
  FROM (SELECT run_id, environment, sum(severity = 'critical') AS critical,
          sum(severity = 'high') AS high, sum(severity = 'medium') AS medium,
          sum(severity = 'low') AS low, sum(severity = 'info') AS info
        FROM findings WHERE status = 'fail' AND suppressed = 0 GROUP BY run_id, environment) AS c
  WHERE environments.run_id = c.run_id AND environments.name = c.environment;
)sql"};

Error history_error(const std::string& path, std::string_view what) {
  return Error{ErrorCode::io, "history", "history " + path + ": " + std::string(what)};
}

// A prepared statement. Binding errors are kept and reported by step().
class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql) : db_(db) {
    status_ =
        sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &statement_, nullptr);
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Every text the history stores or looks up passes here: a connection string in it loses its
  // credentials, as in every report.
  Statement& bind(int index, std::string_view raw_text) {
    const std::string text = redact_connection_strings_in_text(raw_text);
    keep(sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                           SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(int index, std::int64_t number) {
    keep(sqlite3_bind_int64(statement_, index, number));
    return *this;
  }
  Statement& bind(int index, const std::optional<std::string>& text) {
    if (text) return bind(index, std::string_view(*text));
    keep(sqlite3_bind_null(statement_, index));
    return *this;
  }

  // True with a row to read, false when done; SQLite's message on failure.
  Result<bool> step() {
    if (status_ != SQLITE_OK) return failure();
    const int status = sqlite3_step(statement_);
    if (status == SQLITE_ROW) return true;
    if (status == SQLITE_DONE) return false;
    status_ = status;
    return failure();
  }

  std::string text(int column) const {
    const unsigned char* text = sqlite3_column_text(statement_, column);
    return text == nullptr ? std::string() : reinterpret_cast<const char*>(text);
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }

  // Ready to run again with new bindings; an earlier step's error stays reported.
  void reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
  }

 private:
  void keep(int status) {
    if (status_ == SQLITE_OK) status_ = status;
  }
  Error failure() const { return Error{ErrorCode::io, "history", sqlite3_errmsg(db_)}; }

  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
  int status_ = SQLITE_OK;
};

// Runs statements that return nothing worth reading.
Result<Ok> execute(sqlite3* db, std::string_view sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, std::string(sql).c_str(), nullptr, nullptr, &message) == SQLITE_OK) {
    return Ok{};
  }
  Error error{ErrorCode::io, "history", message != nullptr ? message : sqlite3_errmsg(db)};
  sqlite3_free(message);
  return error;
}

Result<std::int64_t> single_integer(sqlite3* db, std::string_view sql) {
  Statement statement(db, sql);
  auto row = statement.step();
  if (!row) return row.error();
  return row.value() ? statement.integer(0) : 0;
}

// Runs `work` between BEGIN IMMEDIATE (the write lock first, so that two writers queue on the
// busy timeout instead of failing to upgrade a read lock:
// https://www.sqlite.org/lang_transaction.html) and COMMIT; any error rolls back.
template <class T, class Work>
Result<T> in_transaction(sqlite3* db, Work work) {
  if (auto begun = execute(db, "BEGIN IMMEDIATE"); !begun) return begun.error();
  Result<T> result = work();
  if (result) {
    if (auto committed = execute(db, "COMMIT"); !committed) {
      (void)execute(db, "ROLLBACK");
      return committed.error();
    }
  } else {
    (void)execute(db, "ROLLBACK");
  }
  return result;
}

// Brings the schema to kHistorySchemaVersion, refusing another program's file and a later version.
// A file at the current version is only read: opening it writes nothing (and syncs nothing).
Result<Ok> migrate(sqlite3* db) {
  auto current = single_integer(db, "PRAGMA user_version");
  if (!current) return current.error();
  auto owner = single_integer(db, "PRAGMA application_id");
  if (!owner) return owner.error();
  if (current.value() == kHistorySchemaVersion && owner.value() == kApplicationId) return Ok{};
  return in_transaction<Ok>(db, [&]() -> Result<Ok> {
    auto version = single_integer(db, "PRAGMA user_version");
    if (!version) return version.error();
    auto application = single_integer(db, "PRAGMA application_id");
    if (!application) return application.error();
    auto tables = single_integer(db, "SELECT count(*) FROM sqlite_master");
    if (!tables) return tables.error();
    const bool empty = version.value() == 0 && tables.value() == 0;
    if (application.value() != kApplicationId && !empty) {
      return Error{ErrorCode::io, "history", "not a mongoscan history"};
    }
    if (version.value() > kHistorySchemaVersion) {
      return Error{ErrorCode::io, "history",
                   "schema version " + std::to_string(version.value()) +
                       " is newer than this mongoscan's (" + std::to_string(kHistorySchemaVersion) +
                       "): use a newer mongoscan"};
    }
    for (auto next = static_cast<std::size_t>(version.value()); next < kMigrations.size(); ++next) {
      if (auto done = execute(db, kMigrations[next]); !done) return done.error();
    }
    return execute(db, "PRAGMA user_version = " + std::to_string(kHistorySchemaVersion) +
                           "; PRAGMA application_id = " + std::to_string(kApplicationId));
  });
}

Result<std::int64_t> insert_run(sqlite3* db, const HistoryRun& run) {
  Statement statement(db,
                      "INSERT INTO runs (started_at, finished_at, tool_version, catalogue_sha256, "
                      "inventory_sha256) VALUES (?, ?, ?, ?, ?)");
  statement.bind(1, std::string_view(run.started_at))
      .bind(2, std::string_view(run.finished_at))
      .bind(3, std::string_view(run.tool_version))
      .bind(4, std::string_view(run.catalogue_sha256))
      .bind(5, run.inventory_sha256);
  if (auto done = statement.step(); !done) return done.error();
  return sqlite3_last_insert_rowid(db);
}

Result<Ok> insert_environment(sqlite3* db, std::int64_t run, const std::string& started_at,
                              const HistoryEnvironment& environment) {
  Statement statement(
      db,
      "INSERT INTO environments (run_id, name, verdict, pass, fail, warn, error_count, skipped, "
      "suppressed, error, fails_critical, fails_high, fails_medium, fails_low, fails_info) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  const StatusCounts& counts = environment.counts;
  const std::array<int, 5> fails = fails_by_severity(environment.findings);
  for (std::size_t i = 0; i < fails.size(); ++i) {
    statement.bind(11 + static_cast<int>(i), std::int64_t{fails[i]});
  }
  statement.bind(1, run)
      .bind(2, std::string_view(environment.name))
      .bind(3, std::string_view(environment.verdict))
      .bind(4, std::int64_t{counts.pass})
      .bind(5, std::int64_t{counts.fail})
      .bind(6, std::int64_t{counts.warn})
      .bind(7, std::int64_t{counts.error})
      .bind(8, std::int64_t{counts.skipped})
      .bind(9, std::int64_t{counts.suppressed})
      .bind(10, std::string_view(environment.error));
  if (auto done = statement.step(); !done) return done.error();
  Statement insert(db,
                   "INSERT INTO findings (run_id, environment, fingerprint, check_id, status, "
                   "suppressed, severity, subject, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  // The earliest start wins: runs may be recorded out of order (the shards of an older run); a
  // later one writes nothing.
  Statement first(db,
                  "INSERT INTO first_failures (environment, fingerprint, started_at) VALUES (?, ?, "
                  "?) ON CONFLICT DO UPDATE SET started_at = excluded.started_at WHERE "
                  "excluded.started_at < started_at");
  for (const HistoryFinding& finding : environment.findings) {
    insert.reset();
    insert.bind(1, run)
        .bind(2, std::string_view(environment.name))
        .bind(3, std::string_view(finding.fingerprint))
        .bind(4, std::string_view(finding.check_id))
        .bind(5, std::string_view(finding.status))
        .bind(6, std::int64_t{finding.suppressed})
        .bind(7, std::string_view(finding.severity))
        .bind(8, std::string_view(finding.subject))
        .bind(9, std::string_view(finding.message));
    if (auto done = insert.step(); !done) return done.error();
    if (!is_failing(finding)) continue;
    first.reset();
    first.bind(1, std::string_view(environment.name))
        .bind(2, std::string_view(finding.fingerprint))
        .bind(3, std::string_view(started_at));
    if (auto done = first.step(); !done) return done.error();
  }
  return Ok{};
}

// The environment's last kTrendRuns - 1 runs, oldest first: each one's unsuppressed fails by
// severity, or not scanned.
Result<std::vector<TrendPoint>> recent_runs(sqlite3* db, const std::string& environment) {
  std::vector<TrendPoint> points;
  Statement runs(db,
                 "SELECT r.started_at, e.verdict, e.fails_critical, e.fails_high, e.fails_medium, "
                 "e.fails_low, e.fails_info FROM environments e JOIN runs r ON r.id = e.run_id "
                 "WHERE e.name = ? ORDER BY e.run_id DESC LIMIT ?");
  runs.bind(1, std::string_view(environment)).bind(2, std::int64_t{kTrendRuns - 1});
  for (auto row = runs.step();; row = runs.step()) {
    if (!row) return row.error();
    if (!row.value()) break;
    TrendPoint& point =
        points.emplace_back(TrendPoint{runs.text(0), runs.text(1) != "not scanned", {}});
    if (!point.scanned) continue;
    for (std::size_t i = 0; i < point.failing_by_severity.size(); ++i) {
      point.failing_by_severity[i] = static_cast<int>(runs.integer(2 + static_cast<int>(i)));
    }
  }
  return std::vector<TrendPoint>(points.rbegin(), points.rend());
}

// Another program's database is refused before anything is written to it: switching the journal
// to WAL would already change its header. Reads only, in one statement: one snapshot, so that
// another scan committing its first migration between two reads cannot make a half-made history
// look foreign (application_id still 0, tables already there).
Result<Ok> refuse_foreign(sqlite3* db) {
  Statement statement(db,
                      "SELECT (SELECT application_id FROM pragma_application_id), "
                      "(SELECT user_version FROM pragma_user_version), "
                      "(SELECT count(*) FROM sqlite_master)");
  auto row = statement.step();
  if (!row) return row.error();
  if (!row.value()) return Error{ErrorCode::io, "history", "could not read the file's header"};
  const std::int64_t application = statement.integer(0);
  const std::int64_t version = statement.integer(1);
  const std::int64_t tables = statement.integer(2);
  if (application == kApplicationId) return Ok{};
  if (version == 0 && tables == 0) return Ok{};  // new, or empty: made ours
  return Error{ErrorCode::io, "history", "not a mongoscan history"};
}

// The connection's settings, then the schema (migrate).
Result<Ok> prepare(sqlite3* db) {
  if (auto ours = refuse_foreign(db); !ours) return ours;
  for (std::string_view pragma : {"PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON"}) {
    Statement statement(db, pragma);
    if (auto done = statement.step(); !done) return done.error();
  }
  return migrate(db);
}

}  // namespace

void HistoryStore::Close::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

HistoryStore::HistoryStore(std::string path, std::unique_ptr<sqlite3, Close> db)
    : path_(std::move(path)), db_(std::move(db)) {}

Result<HistoryStore> HistoryStore::open(const std::string& path, bool create) {
  std::error_code error;
  if (!create && !std::filesystem::exists(path, error)) {
    return history_error(path, "no such file");
  }
  if (std::filesystem::is_directory(path, error)) {
    return history_error(path, "is a directory, not a file");
  }
  // A device or a FIFO is no history, and SQLite would put its journal beside it.
  if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error)) {
    return history_error(path, "is not a regular file");
  }
  sqlite3* raw = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
  const int opened = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  std::unique_ptr<sqlite3, Close> db(raw);
  if (opened != SQLITE_OK) {
    return history_error(path, raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(opened));
  }
  // Set before anything that locks: a second writer waits for the first instead of failing with
  // SQLITE_BUSY (https://www.sqlite.org/c3ref/busy_timeout.html).
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  // WAL persists in the file: readers never block the writer, and a crash mid-write leaves the
  // last committed state (https://www.sqlite.org/wal.html). foreign_keys is per connection. A
  // new file's switch to WAL can be refused with SQLITE_BUSY without the busy handler while another
  // process creates the same file: tried again until the busy timeout.
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    Result<Ok> prepared = prepare(db.get());
    if (prepared) break;
    if (sqlite3_errcode(db.get()) != SQLITE_BUSY || std::chrono::steady_clock::now() > deadline) {
      return history_error(path, prepared.error().message);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // No checkpoint when a run commits or the last connection closes: the run would wait for the
  // log to be copied into the database at its very end. A scan checkpoints on a thread while it
  // scans (checkpoint()); record() right after its commit.
  // (https://www.sqlite.org/c3ref/wal_autocheckpoint.html, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE.)
  sqlite3_wal_autocheckpoint(db.get(), 0);
  sqlite3_db_config(db.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  // SQLite opens a file it may not write read-only without a word; a writer (a scan or merge,
  // which create) would learn it only when recording, after all its work.
  if (create && sqlite3_db_readonly(db.get(), "main") == 1) {
    return history_error(path, "is read-only: the run could not be recorded");
  }
  return HistoryStore(path, std::move(db));
}

Result<EnvironmentPast> HistoryStore::past(const std::string& environment) const {
  EnvironmentPast past;
  Statement last(db_.get(),
                 "SELECT e.run_id, r.started_at FROM environments e JOIN runs r ON r.id = e.run_id "
                 "WHERE e.name = ? AND e.verdict <> 'not scanned' ORDER BY e.run_id DESC LIMIT 1");
  last.bind(1, std::string_view(environment));
  auto found = last.step();
  if (!found) return history_error(path_, found.error().message);
  if (!found.value()) return past;
  past.previous_run = last.text(1);
  Statement findings(db_.get(),
                     "SELECT fingerprint, check_id, status, suppressed, severity, subject, message "
                     "FROM findings WHERE run_id = ? AND environment = ? ORDER BY rowid");
  findings.bind(1, last.integer(0)).bind(2, std::string_view(environment));
  for (auto row = findings.step();; row = findings.step()) {
    if (!row) return history_error(path_, row.error().message);
    if (!row.value()) break;
    past.previous_findings.push_back({findings.text(0), findings.text(1), findings.text(2),
                                      findings.integer(3) != 0, findings.text(4), findings.text(5),
                                      findings.text(6)});
  }
  Statement first(db_.get(),
                  "SELECT fingerprint, started_at FROM first_failures WHERE environment = ?");
  first.bind(1, std::string_view(environment));
  for (auto row = first.step();; row = first.step()) {
    if (!row) return history_error(path_, row.error().message);
    if (!row.value()) break;
    past.first_failed[first.text(0)] = first.text(1);
  }
  if (auto recent = recent_runs(db_.get(), environment); recent) {
    past.recent = std::move(recent).value();
  } else {
    return history_error(path_, recent.error().message);
  }
  return past;
}

Result<EnvironmentPasts> HistoryStore::pasts(const std::vector<std::string>& environments) const {
  EnvironmentPasts pasts;
  for (const std::string& environment : environments) {
    auto found = past(environment);
    if (!found) return found.error();
    pasts.insert_or_assign(environment, std::move(found).value());
  }
  return pasts;
}

HistoryStore::StagedRun::StagedRun(StagedRun&& other) noexcept
    : db_(other.db_), path_(std::move(other.path_)), id_(other.id_), open_(other.open_) {
  other.open_ = false;
}

HistoryStore::StagedRun::~StagedRun() {
  if (open_) (void)execute(db_, "ROLLBACK");
}

Result<std::int64_t> HistoryStore::StagedRun::commit() {
  if (!open_) return history_error(path_, "the run was already committed");
  open_ = false;
  if (auto committed = execute(db_, "COMMIT"); !committed) {
    (void)execute(db_, "ROLLBACK");
    return history_error(path_, committed.error().message);
  }
  return id_;
}

Result<HistoryStore::StagedRun> HistoryStore::stage(const HistoryRun& run) {
  // The write lock first, as in_transaction takes it.
  if (auto begun = execute(db_.get(), "BEGIN IMMEDIATE"); !begun) {
    return history_error(path_, begun.error().message);
  }
  StagedRun staged(db_.get(), path_);  // from here, any return but the last rolls back
  auto id = insert_run(db_.get(), run);
  if (!id) return history_error(path_, id.error().message);
  for (const HistoryEnvironment& environment : run.environments) {
    if (auto done = insert_environment(db_.get(), id.value(), run.started_at, environment); !done) {
      return history_error(path_, done.error().message);
    }
  }
  staged.id_ = id.value();
  return staged;
}

Result<std::int64_t> HistoryStore::record(const HistoryRun& run) {
  auto staged = stage(run);
  if (!staged) return staged.error();
  auto committed = staged.value().commit();
  if (committed) (void)checkpoint();  // the run is in; the log is only tidied
  return committed;
}

Result<Ok> HistoryStore::checkpoint() {
  // PASSIVE: copies what no reader still needs, waiting for no one
  // (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
  if (sqlite3_wal_checkpoint_v2(db_.get(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) !=
      SQLITE_OK) {
    return history_error(path_, sqlite3_errmsg(db_.get()));
  }
  return Ok{};
}

Result<std::vector<RunListing>> HistoryStore::runs(
    const std::optional<std::string>& environment) const {
  std::vector<RunListing> listings;
  Statement runs(db_.get(),
                 environment ? "SELECT id, started_at, tool_version FROM runs WHERE id IN (SELECT "
                               "run_id FROM environments WHERE name = ?) ORDER BY id DESC"
                             : "SELECT id, started_at, tool_version FROM runs ORDER BY id DESC");
  if (environment) runs.bind(1, std::string_view(*environment));
  for (auto row = runs.step();; row = runs.step()) {
    if (!row) return history_error(path_, row.error().message);
    if (!row.value()) break;
    listings.push_back({runs.integer(0), runs.text(1), runs.text(2), {}});
  }
  for (RunListing& listing : listings) {
    Statement environments(
        db_.get(), environment
                       ? "SELECT name, verdict, pass, fail, warn, error_count, skipped, "
                         "suppressed, error FROM environments WHERE run_id = ? AND name = ? "
                         "ORDER BY rowid"
                       : "SELECT name, verdict, pass, fail, warn, error_count, skipped, "
                         "suppressed, error FROM environments WHERE run_id = ? ORDER BY rowid");
    environments.bind(1, listing.id);
    if (environment) environments.bind(2, std::string_view(*environment));
    for (auto row = environments.step();; row = environments.step()) {
      if (!row) return history_error(path_, row.error().message);
      if (!row.value()) break;
      HistoryEnvironment& listed = listing.environments.emplace_back();
      listed.name = environments.text(0);
      listed.verdict = environments.text(1);
      listed.counts = {
          static_cast<int>(environments.integer(2)), static_cast<int>(environments.integer(3)),
          static_cast<int>(environments.integer(4)), static_cast<int>(environments.integer(5)),
          static_cast<int>(environments.integer(6)), static_cast<int>(environments.integer(7))};
      listed.error = environments.text(8);
    }
  }
  return listings;
}

}  // namespace mongoscan
