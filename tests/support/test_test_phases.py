"""test_phases.py: the table that ends `make test`, from the files the Makefile, ninja and ctest
leave in the build directory."""

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

import test_phases

NINJA_LOG = """# ninja log v5
0\t9000\t0\tCMakeFiles/mongoscan_core.dir/Unity/unity_0_cxx.cxx.o\tabc
0\t4000\t0\tCMakeFiles/mongoscan_core.dir/Unity/unity_0_cxx.cxx.o\tabc
100\t2100\t0\tCMakeFiles/mongoscan_core_sanitized.dir/Unity/unity_1_cxx.cxx.o\tdef
200\t1200\t0\tCMakeFiles/mongoscan_test_objects.dir/Unity/unity_2_cxx.cxx.o\tghi
300\t800\t0\tCMakeFiles/mongoscan_fuzz_replays.dir/tests/fuzz/bson_fuzz.cpp.o\tjkl
900\t1400\t0\tmongoscan_tests\tmno
"""

JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite tests="5">
  <testcase name="Uri.Parses" time="0.5" status="run"/>
  <testcase name="ProbeLab.Open" time="2.0" status="fail"><failure message="Failed"/></testcase>
  <testcase name="sanitized.shard0" time="30" status="run"/>
  <testcase name="lab_python" time="80" status="run"/>
  <testcase name="Spec.Skipped" time="0.1" status="notrun"><skipped message="skipped"/></testcase>
</testsuite>
"""


class TestPhasesTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.build = Path(self.directory.name)

    def tearDown(self):
        self.directory.cleanup()

    def table(self):
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            test_phases.main_for(self.build)
        return output.getvalue()

    def test_only_this_runs_ninja_steps_are_counted_by_group(self):
        (self.build / ".ninja_log").write_text(NINJA_LOG)
        (self.build / "ninja-log-start").write_text("2\n")  # the header and an earlier build's step
        self.assertEqual(test_phases.build_steps(self.build),
                         {"release library": 4.0, "sanitized library": 2.0, "test files": 1.0,
                          "fuzz replays": 0.5, "links and generated files": 0.5})

    def test_a_rewritten_log_or_none_leaves_the_build_detail_out(self):
        self.assertEqual(test_phases.build_steps(self.build), {})
        (self.build / ".ninja_log").write_text(NINJA_LOG)
        (self.build / "ninja-log-start").write_text("50\n")
        self.assertEqual(test_phases.build_steps(self.build), {})

    def test_tests_are_counted_by_outcome_and_timed_by_kind(self):
        (self.build / "ctest-results.xml").write_text(JUNIT)
        seconds, counts = test_phases.test_results(self.build)
        self.assertEqual(counts, {"passed": 3, "failed": 1, "not run": 1})
        self.assertEqual(seconds, {"release tests": 2.6, "sanitized shards": 30.0,
                                   "Python and Node": 80.0})

    def test_the_table_has_a_line_per_phase_the_total_and_the_counts(self):
        (self.build / "test-phases.txt").write_text("packages 20500\nbuild 300000\ntests 200250\n")
        (self.build / "ctest-results.xml").write_text(JUNIT)
        lines = self.table().splitlines()
        self.assertEqual([line.split()[0] for line in lines[1:5]],
                         ["packages", "build", "tests", "total"])
        self.assertIn("520.8 s", lines[4])
        self.assertIn("sanitized shards 30 s", lines[3])
        self.assertEqual(lines[5], "3 passed, 1 failed, 1 not run")

    def test_a_build_that_failed_has_no_test_line_and_no_counts(self):
        (self.build / "test-phases.txt").write_text("packages 1000\nbuild 2000\n")
        lines = self.table().splitlines()
        self.assertEqual([line.split()[0] for line in lines[1:]], ["packages", "build", "total"])


if __name__ == "__main__":
    unittest.main()
