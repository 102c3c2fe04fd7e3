#include "scanner/config_scan/anchor_search.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/vector_instructions.h"

namespace mongoscan {
namespace anchor_search_test {
namespace {

// Every test runs with each kind of vector instructions this CPU has.
class AnchorSearchTest : public testing::TestWithParam<AnchorVectors> {
 protected:
  void SetUp() override {
    if (!cpu_runs(GetParam())) GTEST_SKIP() << "this CPU lacks these vector instructions";
  }
  // A fresh search's first hit from `from`.
  AnchorHit find_anchor(std::string_view text, std::size_t from) const {
    return AnchorSearch(text, GetParam()).next(from);
  }
  // Every hit of one search, each asked for just after the last.
  std::vector<std::size_t> all_offsets(std::string_view text) const;
};

std::vector<std::size_t> AnchorSearchTest::all_offsets(std::string_view text) const {
  AnchorSearch search(text, GetParam());
  std::vector<std::size_t> offsets;
  for (AnchorHit hit = search.next(0); hit.offset != kNoAnchor; hit = search.next(hit.offset + 1)) {
    offsets.push_back(hit.offset);
  }
  return offsets;
}

TEST_P(AnchorSearchTest, FindsEveryWordInAnyCaseInsideLongerWords) {
  const std::string text = "x MONGO_PASSWORD=1 dbPwd Client_Secret MongoCredential";
  EXPECT_EQ(all_offsets(text), (std::vector<std::size_t>{2, 8, 21, 32, 39, 44}));
  EXPECT_EQ(find_anchor(text, 0).anchor, Anchor::mongo);
  EXPECT_EQ(find_anchor(text, 3).anchor, Anchor::pass);
  EXPECT_EQ(find_anchor(text, 9).anchor, Anchor::pwd);
  EXPECT_EQ(find_anchor(text, 22).anchor, Anchor::secret);
  EXPECT_EQ(find_anchor(text, 40).anchor, Anchor::credential);
}

TEST_P(AnchorSearchTest, IgnoresPrefixesThatDoNotCompleteAWordAndLookAlikeBytes) {
  // "mon", "pas", "sec", "cre" alone; '@' and '`' fold onto nothing a word needs.
  EXPECT_EQ(find_anchor("monday past second create pa$s P@SS", 0).offset, kNoAnchor);
}

TEST_P(AnchorSearchTest, AgreesWithAPlainSearchAtEveryOffsetAndBlockBoundary) {
  // Words placed across every position of the vector blocks (16 and 32 bytes) and at the end.
  for (std::size_t at = 0; at < 70; ++at) {
    std::string text(at, 'a');
    text += "Secret";
    EXPECT_EQ(find_anchor(text, 0).offset, at) << at;
    EXPECT_EQ(find_anchor(text, at + 1).offset, kNoAnchor) << at;
  }
}

// One search asked in order, skipping ahead, and asked again from an earlier offset, over a text
// long enough for several blocks: always the hit a fresh search gives.
TEST_P(AnchorSearchTest, ReusedSearchAgreesWithFreshOnes) {
  std::string text;
  for (int i = 0; i < 40; ++i)
    text += (i % 3 == 0 ? "xx pwd " : "filler text ") + std::to_string(i);
  AnchorSearch search(text, GetParam());
  for (std::size_t from : {0u, 1u, 5u, 70u, 64u, 3u, 200u, 130u, 131u, 400u, 2u, 390u}) {
    if (from > text.size()) continue;
    EXPECT_EQ(search.next(from).offset, find_anchor(text, from).offset) << from;
  }
}

TEST_P(AnchorSearchTest, WordCutByTheEndOfTheTextIsNotAHit) {
  EXPECT_EQ(find_anchor(std::string(40, ' ') + "creden", 0).offset, kNoAnchor);
}

INSTANTIATE_TEST_SUITE_P(Vectors, AnchorSearchTest, testing_support::each_kind_of_vectors(),
                         testing_support::vectors_case_name);

TEST(AnchorSearch, UsesTheWidestVectorsTheCpuRuns) {
  const AnchorVectors widest = widest_anchor_vectors();
  EXPECT_TRUE(cpu_runs(widest));
  EXPECT_EQ(widest == AnchorVectors::avx512, cpu_runs(AnchorVectors::avx512));
  EXPECT_EQ(widest != AnchorVectors::sse2, cpu_runs(AnchorVectors::avx2));
}

}  // namespace
}  // namespace anchor_search_test
}  // namespace mongoscan
