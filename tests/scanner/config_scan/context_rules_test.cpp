// A file's context from its path below the root and its first bytes (issue 36 item 2).

#include "scanner/config_scan/context_rules.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/support/vector_instructions.h"

namespace mongoscan {
namespace context_rules_test {
namespace {

struct Case {
  const char* path;
  FileContext expected;
};

void expect_contexts(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    EXPECT_EQ(to_string(context_of_file(c.path, "")), to_string(c.expected)) << c.path;
  }
}

TEST(ContextOfFile, ProseIsDocumentationWhereverItLies) {
  expect_contexts({{"README.md", FileContext::documentation},
                   {"docs/install.rst", FileContext::documentation},
                   {"test/fixtures/NOTES.markdown", FileContext::documentation},
                   {"guide/Connecting.adoc", FileContext::documentation},
                   {"notebooks/explore.ipynb", FileContext::documentation},
                   {"README", FileContext::documentation},
                   {"CHANGELOG.txt", FileContext::documentation},
                   {"requirements.txt", FileContext::production}});
}

TEST(ContextOfFile, TestFoldersAndTestFileNamesAreTests) {
  expect_contexts({{"test/integration/orders.js", FileContext::test},
                   {"src/__tests__/db.ts", FileContext::test},
                   {"spec/models/user_spec.rb", FileContext::test},
                   {"e2e-tests/basic/cr.yaml", FileContext::test},
                   {"deploy/kuttl-test/mongo.yaml", FileContext::test},
                   {"pkg/testdata/values.yaml", FileContext::test},
                   {"app/fixtures/users.json", FileContext::test},
                   {"internal/store/store_test.go", FileContext::test},
                   {"web/db.test.js", FileContext::test},
                   {"web/db.spec.ts", FileContext::test},
                   {"tools/test_seed.py", FileContext::test},
                   {"conftest.py", FileContext::test},
                   {"src/main/java/shop/OrderRepositoryTest.java", FileContext::test},
                   {"src/main/java/shop/OrderRepositoryIT.java", FileContext::test},
                   {"docker-compose.test.yml", FileContext::test},
                   {"examples/test/values.yaml", FileContext::test},
                   {"internal/testutil/acc/database_user.go", FileContext::test}});
}

TEST(ContextOfFile, NamesThatMerelyResembleTestsStayProduction) {
  expect_contexts({{"src/main/java/shop/Latest.java", FileContext::production},
                   {"src/main/java/shop/AUDIT.java", FileContext::production},
                   {"api/openapi-spec.yaml", FileContext::production},
                   {"config/latest.yaml", FileContext::production},
                   {"contest/app.yaml", FileContext::production},
                   {"src/attestation/keys.yaml", FileContext::production}});
}

TEST(ContextOfFile, SamplesExamplesAndDocumentationSnippetsAreExamples) {
  expect_contexts({{"examples/docker-compose.yml", FileContext::example},
                   {"config/samples/mongodb_v1_community.yaml", FileContext::example},
                   {"demo-app/settings.py", FileContext::example},
                   {"docs/snippets/connect.js", FileContext::example},
                   {".env.example", FileContext::example},
                   {"env.example", FileContext::example},
                   {"config.sample.yaml", FileContext::example},
                   {"example-values.yaml", FileContext::example},
                   {"config/app.php.dist", FileContext::example},
                   {"src/config/database.yml", FileContext::production},
                   {"deploy/cr.yaml", FileContext::production}});
}

TEST(ContextOfFile, ATestFrameworkNamedInTheTextMakesATest) {
  EXPECT_EQ(context_of_file("tools/seed_check.py", "import pytest\nURI = 'x'\n"),
            FileContext::test);
  EXPECT_EQ(context_of_file("src/Check.java", "import org.junit.jupiter.api.Test;\n"),
            FileContext::test);
  EXPECT_EQ(context_of_file("store/check.go", "func TestX(t *testing.T) {}\n"), FileContext::test);
  EXPECT_EQ(context_of_file("tools/seed.py", "import pymongo\n"), FileContext::production);
  // Only the first 64 KiB are read for the marker.
  EXPECT_EQ(context_of_file("tools/seed.py", std::string(70 * 1024, ' ') + "import pytest\n"),
            FileContext::production);
}

// The markers are searched for 64, 32 or 16 bytes at a time, with each kind of vector
// instructions this CPU has.
class TestFrameworkMarkerTest : public testing::TestWithParam<AnchorVectors> {
 protected:
  void SetUp() override {
    if (!cpu_runs(GetParam())) GTEST_SKIP() << "this CPU lacks these vector instructions";
  }
  FileContext context_of_file(std::string_view path, std::string_view text) const {
    return mongoscan::context_of_file(path, text, GetParam());
  }
};

// Each marker is found wherever it starts, across blocks' edges and up to the last byte of the
// 64 KiB read; a part of one, or words that share its searched letters ("est" in request), are
// not markers.
TEST_P(TestFrameworkMarkerTest, IsFoundAtAnyOffsetUpToTheEndOfWhatIsRead) {
  for (const std::string_view marker :
       {"import pytest", "from unittest", "org.junit.", "org.testng.", "*testing.T)",
        "RSpec.describe", "from django.test", "@SpringBootTest", "@DataMongoTest"}) {
    for (std::size_t padding = 0; padding < 140; ++padding) {
      EXPECT_EQ(context_of_file("app/seed.py", std::string(padding, 'x') + std::string(marker)),
                FileContext::test)
          << marker << " after " << padding;
    }
    const std::string at_end = std::string(64 * 1024 - marker.size(), ' ') + std::string(marker);
    EXPECT_EQ(context_of_file("app/seed.py", at_end), FileContext::test) << marker;
    EXPECT_EQ(context_of_file("app/seed.py", " " + at_end), FileContext::production) << marker;
    EXPECT_EQ(context_of_file("app/seed.py", marker.substr(0, marker.size() - 1)),
              FileContext::production)
        << marker;
  }
  EXPECT_EQ(context_of_file("app/seed.py", "requests latest best_test\nimport pytesx"),
            FileContext::production);
  EXPECT_EQ(context_of_file("app/seed.py", "import pytEst\nfrom unittesT\norg.junIt."),
            FileContext::production);
}

INSTANTIATE_TEST_SUITE_P(Vectors, TestFrameworkMarkerTest, testing_support::each_kind_of_vectors(),
                         testing_support::vectors_case_name);

TEST(ContextOfFile, CaseOfFoldersDoesNotMatterButTheRootIsNotPartOfThePath) {
  EXPECT_EQ(context_of_file("Tests/Seed.cs", ""), FileContext::test);
  EXPECT_EQ(context_of_file("Examples/app.yaml", ""), FileContext::example);
  // The caller passes the path below the root given: a checkout in /home/ci/tests/shop is not a
  // test because of where it lies.
  EXPECT_EQ(context_of_file("src/config/database.yml", ""), FileContext::production);
}

}  // namespace
}  // namespace context_rules_test
}  // namespace mongoscan
