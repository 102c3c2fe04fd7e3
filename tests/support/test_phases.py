"""Prints the table that ends `make test`: one line per phase with its seconds, what the build
compiled and what the tests ran in each, and the totals, so that every CI log shows where the time
went and a regression in time is seen where it happens.

Usage: test_phases.py BUILD_DIR. Reads, in BUILD_DIR:
  test-phases.txt    "PHASE MILLISECONDS" per line, appended by the Makefile as each phase ends;
  ninja-log-start    the number of lines .ninja_log had before the build phase (this run's entries
                     follow it), written by the Makefile;
  .ninja_log         ninja's record of every step: start and end in ms (absent with other generators);
  ctest-results.xml  ctest's JUnit output: every test's name, seconds and status.
A file that is missing leaves its part out of the table.
"""

import collections
import re
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path


def phases(build):
    path = build / "test-phases.txt"
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        name, milliseconds = line.rsplit(" ", 1)
        rows.append((name, int(milliseconds) / 1000))
    return rows


def build_group(output):
    """What a ninja step built, by the target it belongs to."""
    match = re.match(r"CMakeFiles/([^/]+)\.dir/", output)
    if not match:
        return "links and generated files"
    target = match.group(1)
    if target == "mongoscan_fuzz_replays":
        return "fuzz replays"
    return {"mongoscan_core": "release library", "mongoscan_core_sanitized": "sanitized library",
            "mongoscan_test_objects": "test files"}.get(target, "links and generated files")


def build_steps(build):
    """CPU seconds of this run's compile and link steps, by group; {} without ninja's log."""
    log, start_file = build / ".ninja_log", build / "ninja-log-start"
    if not log.exists() or not start_file.exists():
        return {}
    lines = log.read_text().splitlines()
    first = int(start_file.read_text())
    if first > len(lines):  # ninja rewrote its log: this run's steps cannot be told apart
        return {}
    seconds = collections.Counter()
    for line in lines[max(first, 1):]:
        fields = line.split("\t")
        if len(fields) == 5:
            seconds[build_group(fields[3])] += (int(fields[1]) - int(fields[0])) / 1000
    return seconds


def test_kind(name):
    if name.startswith("sanitized."):
        return "sanitized shards"
    if name.startswith("fuzz."):
        return "fuzz replays"
    if name.startswith("lab_") or name == "support_python":
        return "Python and Node"
    return "release tests"


def test_results(build):
    """(seconds by kind of test, counts by outcome), or None without ctest's JUnit file."""
    path = build / "ctest-results.xml"
    if not path.exists():
        return None
    seconds, counts = collections.Counter(), collections.Counter()
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        seconds[test_kind(case.get("name", ""))] += float(case.get("time", 0))
        if case.find("failure") is not None or case.get("status") == "fail":
            counts["failed"] += 1
        elif case.find("skipped") is not None or case.get("status") in ("notrun", "disabled"):
            counts["not run"] += 1
        else:
            counts["passed"] += 1
    return seconds, counts


def detail(parts, unit):
    return ", ".join(f"{name} {value:.0f}{unit}" for name, value in
                     sorted(parts.items(), key=lambda item: -item[1]))


def main_for(build):
    rows = phases(build)
    compiled = build_steps(build)
    results = test_results(build)
    print("make test, phase by phase:")
    for name, seconds in rows:
        line = f"  {name:<10} {seconds:8.1f} s"
        if name == "build" and compiled:
            line += f"   CPU: {detail(compiled, ' s')}"
        if name == "tests" and results:
            line += f"   test time: {detail(results[0], ' s')}"
        print(line)
    print(f"  {'total':<10} {sum(seconds for _, seconds in rows):8.1f} s")
    if results:
        counts = results[1]
        print(f"{counts['passed']} passed, {counts['failed']} failed" +
              (f", {counts['not run']} not run" if counts["not run"] else ""))


if __name__ == "__main__":
    main_for(Path(sys.argv[1]))
