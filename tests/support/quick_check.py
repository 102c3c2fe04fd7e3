"""`make check`: the quick loop while changing code. After the Makefile has built the release binary
and test binary (only what changed), runs the unit tests of the folders the change touches and a
few fast end-to-end tests, one per path through the binary, in JOBS shards of the test binary side
by side. `make test` runs everything; run it before a commit leaves your machine.

Usage: quick_check.py BUILD_DIR JOBS. The change is what `git status` shows (staged, unstaged,
untracked); in a clean tree, the last commit. A source folder's unit tests are the *_test.cpp files
of its mirror under tests/ (scanner/probe/ -> tests/scanner/probe/), lab tests (*_lab_test.cpp)
left out; a changed test file runs itself. Exit status: 0, 1 when a test failed, or 2 when nothing
was selected and git could not say what changed.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# One scan per path through the binary, each a second or two: a standalone node, TLS with SCRAM, a
# replica set's members, an SRV name, the self-check table against its golden file, every report
# format, the file scan and its redaction, the command line's errors and secrets, the auditor role.
FAST_END_TO_END = (
    "ProbeLab.OpenProfileIsReportedOpen",
    "ProbeLab.HardenedProfileFactsMatch",
    "ProbeLab.EveryMemberHelloNamesIsProbed",
    "ProbeLab.SrvNameIsResolvedThroughDnsAndEveryTargetProbed",
    "Lab/ProfileSelfCheck.StatusesMatchTheGolden/hardened",
    "Reports.OneProbeWritesEveryFormat",
    "ConfigsCorpus.NoPlantedSecretAppearsInAnyFormat",
    "Cli.UsageErrorsExit2WithOneLine",
    "Cli.NoSecretReachesAnyOutput",
    "AuditorRole.EveryCheckRunsWithOnlyThatRole",
)

_TEST = re.compile(r"^(?:TEST|TEST_F|TEST_P)\((\w+),", re.MULTILINE)
_INSTANTIATION = re.compile(r"INSTANTIATE_TEST_SUITE_P\(\s*(\w+),\s*(\w+)")


def git_lines(*arguments):
    result = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True)
    return result.stdout.splitlines() if result.returncode == 0 else None


def changed_files():
    """Paths, from the repository root, that the change touches."""
    status = git_lines("status", "--porcelain", "--untracked-files=all")
    if status is None:
        return None
    paths = [line[3:].split(" -> ")[-1] for line in status]
    return paths or git_lines("diff", "--name-only", "HEAD~1", "HEAD") or []


def test_files_for(path):
    """The test files that hold the unit tests of a changed path."""
    if path.startswith("tests/") and path.endswith("_test.cpp"):
        return [ROOT / path] if (ROOT / path).exists() else []
    top = path.split("/", 1)[0]
    if top not in ("scanner", "checks", "reports") and not path.startswith("tests/support/"):
        return []
    folder = ROOT / Path(path).parent if path.startswith("tests/") else ROOT / "tests" / Path(path).parent
    return sorted(file for file in folder.glob("*_test.cpp") if not file.name.endswith("_lab_test.cpp"))


def suites_in(test_file):
    """The gtest suite names a test file defines, instantiations as PREFIX/SUITE."""
    text = test_file.read_text()
    suites = set(_TEST.findall(text))
    instantiated = {suite: prefix for prefix, suite in _INSTANTIATION.findall(text)}
    return {f"{instantiated[suite]}/{suite}" if suite in instantiated else suite for suite in suites}


def gtest_filter(suites):
    """The gtest filter of the unit suites and the fast end-to-end tests."""
    return ":".join([f"{suite}.*" for suite in suites] + list(FAST_END_TO_END))


def run_in_shards(build, test_filter, shards):
    """Runs the release test binary's tests that `test_filter` selects in `shards` processes side by
    side (gtest's sharding); prints the output of each shard that failed. Returns 0 or 1."""
    build = Path(build).resolve()
    binary = build / "mongoscan_tests"
    environment = {**os.environ, "MONGOSCAN_BINARY": str(build / "mongoscan"),
                   "GTEST_TOTAL_SHARDS": str(shards), "GTEST_FILTER": test_filter}
    processes = [subprocess.Popen([str(binary)], cwd=build, text=True, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT,
                                  env={**environment, "GTEST_SHARD_INDEX": str(index)})
                 for index in range(shards)]
    status = 0
    for index, process in enumerate(processes):
        output = process.communicate()[0]
        summary = [line for line in output.splitlines() if line.startswith("[  PASSED  ]")]
        if process.returncode != 0:
            status = 1
            print(output)
        print(f"shard {index + 1} of {shards}: " +
              (summary[0] if process.returncode == 0 and summary else f"FAILED ({process.returncode})"))
    return status


def main():
    build, jobs = sys.argv[1], int(sys.argv[2])
    changed = changed_files()
    if changed is None:
        print("make check: git cannot say what changed here; run make test", file=sys.stderr)
        return 2
    suites = sorted({suite for path in changed for file in test_files_for(path)
                     for suite in suites_in(file)})
    print(f"make check: {len(changed)} changed file(s); unit tests of {len(suites)} suite(s) and "
          f"{len(FAST_END_TO_END)} fast end-to-end tests")
    return run_in_shards(build, gtest_filter(suites), jobs)


if __name__ == "__main__":
    sys.exit(main())
