"""quick_check.py (`make check`): which tests a changed path selects."""

import contextlib
import io
import os
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import quick_check


class TestFilesForTest(unittest.TestCase):
    def test_a_source_file_selects_the_unit_tests_of_its_mirror_folder_without_lab_tests(self):
        files = {file.name for file in quick_check.test_files_for("checks/server/hardening.cpp")}
        self.assertIn("hardening_test.cpp", files)
        self.assertIn("authorization_test.cpp", files)
        self.assertNotIn("hardening_lab_test.cpp", files)
        self.assertTrue(files, "tests/checks/server has unit tests")

    def test_a_header_selects_the_same_folder(self):
        self.assertEqual(quick_check.test_files_for("scanner/uri/uri.h"),
                         quick_check.test_files_for("scanner/uri/uri.cpp"))

    def test_a_changed_test_file_selects_itself_and_a_deleted_one_nothing(self):
        self.assertEqual([file.name for file in
                          quick_check.test_files_for("tests/scanner/uri/uri_test.cpp")],
                         ["uri_test.cpp"])
        self.assertEqual(quick_check.test_files_for("tests/scanner/uri/gone_test.cpp"), [])

    def test_files_outside_the_three_trees_select_no_unit_tests(self):
        for path in ("README.md", "Makefile", "fixtures/lab/open.json", "tests/lab/node.py"):
            self.assertEqual(quick_check.test_files_for(path), [], path)


class SuitesInTest(unittest.TestCase):
    def test_plain_fixture_and_instantiated_suites(self):
        with tempfile.TemporaryDirectory() as directory:
            file = Path(directory) / "sample_test.cpp"
            file.write_text("TEST(Plain, A) {}\nTEST_F(WithFixture, B) {}\nTEST_P(Cases, C) {}\n"
                            "INSTANTIATE_TEST_SUITE_P(\n    Lab, Cases, ::testing::Values(1));\n")
            self.assertEqual(quick_check.suites_in(file), {"Plain", "WithFixture", "Lab/Cases"})


class ChangedFilesTest(unittest.TestCase):
    def test_the_working_tree_first_then_the_last_commit(self):
        with mock.patch.object(quick_check, "git_lines",
                               side_effect=[[" M checks/gate.cpp", "R  a.cpp -> b.cpp", "?? new.h"]]):
            self.assertEqual(quick_check.changed_files(), ["checks/gate.cpp", "b.cpp", "new.h"])
        with mock.patch.object(quick_check, "git_lines", side_effect=[[], ["checks/gate.cpp"]]):
            self.assertEqual(quick_check.changed_files(), ["checks/gate.cpp"])
        with mock.patch.object(quick_check, "git_lines", side_effect=[None]):
            self.assertIsNone(quick_check.changed_files())


class ShardsTest(unittest.TestCase):
    def test_the_filter_names_the_suites_and_the_fast_end_to_end_tests(self):
        self.assertEqual(quick_check.gtest_filter(["Gate", "Lab/Cases"]).split(":"),
                         ["Gate.*", "Lab/Cases.*", *quick_check.FAST_END_TO_END])

    def test_every_shard_runs_with_the_filter_and_one_failing_shard_fails_the_check(self):
        with tempfile.TemporaryDirectory() as build:
            binary = Path(build) / "mongoscan_tests"
            # A stand-in test binary: records its shard and filter, and fails as shard 1.
            binary.write_text("#!/bin/sh\n"
                              "echo \"$GTEST_SHARD_INDEX/$GTEST_TOTAL_SHARDS $GTEST_FILTER\" "
                              ">> \"$PWD/ran\"\n"
                              "echo '[  PASSED  ] 1 test.'\n"
                              "[ \"$GTEST_SHARD_INDEX\" != 1 ]\n")
            binary.chmod(0o755)
            with contextlib.redirect_stdout(io.StringIO()) as printed:
                # As the Makefile passes it: relative to where make runs.
                status = quick_check.run_in_shards(os.path.relpath(build), "Gate.*", 3)
            self.assertEqual(status, 1)
            self.assertEqual(sorted((Path(build) / "ran").read_text().splitlines()),
                             ["0/3 Gate.*", "1/3 Gate.*", "2/3 Gate.*"])
            self.assertIn("shard 2 of 3: FAILED (1)", printed.getvalue())
            self.assertIn("shard 1 of 3: [  PASSED  ] 1 test.", printed.getvalue())
            binary.write_text("#!/bin/sh\necho '[  PASSED  ] 1 test.'\n")
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(quick_check.run_in_shards(build, "Gate.*", 2), 0)


if __name__ == "__main__":
    unittest.main()
