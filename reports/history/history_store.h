#pragma once
// The history of scans (scan --history, mongoscan history): an SQLite file, the only file that
// calls SQLite. Schema versions in PRAGMA user_version, migrated in order on open; WAL and a
// busy timeout so that two runs may write one file; each run is recorded in one transaction, so
// a run that fails or crashes leaves the history as it was.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reports/history/history_run.h"
#include "scanner/errors/result.h"

struct sqlite3;

namespace mongoscan {

// The schema version this build writes; a file at a later version is refused.
inline constexpr int kHistorySchemaVersion = 3;

// A run as `mongoscan history` lists it: its environments without their findings.
struct RunListing {
  std::int64_t id = 0;
  std::string started_at;
  std::string tool_version;
  std::vector<HistoryEnvironment> environments;
};

class HistoryStore {
 public:
  // Opens the history at `path`, creating it when `create` (else a missing file is an error), and
  // migrates it to kHistorySchemaVersion. Errors (ErrorCode::io) name the path: not a history, a
  // later schema version, read-only when `create` (a writer must be able to record), or what
  // SQLite said.
  static Result<HistoryStore> open(const std::string& path, bool create);

  // The environment's last run in which it was scanned (an environment not scanned in a run has
  // no findings there to compare with), when each fingerprint first failed in it, and its last
  // kTrendRuns - 1 runs for the trend.
  Result<EnvironmentPast> past(const std::string& environment) const;

  // past() of each environment named.
  Result<EnvironmentPasts> pasts(const std::vector<std::string>& environments) const;

  // A run written inside a transaction still open: nobody sees it until commit(), and destroyed
  // uncommitted it is rolled back. It holds the history's write lock (other writers wait on the
  // busy timeout) until then. Its store must outlive it.
  class StagedRun {
   public:
    StagedRun(StagedRun&& other) noexcept;
    StagedRun& operator=(StagedRun&&) = delete;
    ~StagedRun();

    // Makes the run part of the history; returns its id.
    Result<std::int64_t> commit();

   private:
    friend class HistoryStore;
    StagedRun(sqlite3* db, const std::string& path) : db_(db), path_(path) {}

    sqlite3* db_;
    std::string path_;
    std::int64_t id_ = 0;
    bool open_ = true;  // its transaction is neither committed nor rolled back
  };

  // Writes the run, all of it or (on any error) nothing, in a transaction left open: a scan stages
  // its run while it writes its reports and commits it once they are out.
  Result<StagedRun> stage(const HistoryRun& run);

  // Records the run, all of it or (on any error) nothing; returns its id (stage, commit, then
  // checkpoint).
  Result<std::int64_t> record(const HistoryRun& run);

  // Copies the runs the write-ahead log holds into the database file. Commits and closing never
  // do (they would make a run wait at its end): a writer calls this where it costs no one time;
  // until then readers see the runs through the log as usual. A failure loses nothing.
  Result<Ok> checkpoint();

  // The runs, newest first; with `environment`, only the runs that hold it, and only it.
  Result<std::vector<RunListing>> runs(const std::optional<std::string>& environment) const;

 private:
  struct Close {
    void operator()(sqlite3* db) const;
  };
  HistoryStore(std::string path, std::unique_ptr<sqlite3, Close> db);

  std::string path_;
  std::unique_ptr<sqlite3, Close> db_;
};

}  // namespace mongoscan
