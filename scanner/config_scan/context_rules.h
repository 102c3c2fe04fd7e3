#pragma once
// A scanned file's context (scanner/facts/file_context.h), decided from its path below the root
// given and from its first bytes: the folder a repository is checked out into never counts.

#include <string_view>

#include "scanner/config_scan/anchor_search.h"
#include "scanner/facts/file_context.h"

namespace mongoscan {

// The first rule that holds, in this order:
//   documentation  the file is prose: .md, .markdown, .mdx, .rst, .adoc, .asciidoc, .ipynb, .txt
//                  named README/CHANGELOG/..., or no extension and named README
//   test           a folder or name of a test suite: test, tests, __tests__, spec, e2e, fixtures,
//                  testdata, mocks, cypress, any folder whose words include test/tests/testing/e2e
//                  or testutil(s)/testhelpers/testsupport
//                  (e2e-tests, kuttl-test); names like *_test.go, *.test.js, *.spec.ts, test_*.py,
//                  conftest.py, *Test.java, *Tests.cs, *Spec.scala; or a test framework named in
//                  the first 64 KiB (import pytest, org.junit, testing.T, RSpec.describe, ...)
//   example        a folder whose words include example(s), sample(s), demo(s), tutorial(s),
//                  quickstart, or a folder named docs/doc/documentation; a name whose words include
//                  example(s) or sample(s) (env.example, config.sample.yaml, example-values.yaml)
//                  or ending in .dist
//   production     everything else
// `vectors` are the instructions the test framework's markers are searched with (each width is
// tested; a scan uses the widest the CPU runs).
FileContext context_of_file(std::string_view path_below_root, std::string_view text,
                            AnchorVectors vectors = widest_anchor_vectors());

}  // namespace mongoscan
