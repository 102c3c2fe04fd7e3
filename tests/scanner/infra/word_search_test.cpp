#include "scanner/infra/word_search.h"

#include <gtest/gtest.h>

#include <random>

namespace mongoscan {
namespace word_search_test {
namespace {

std::uint64_t found_by_find(std::string_view text, const std::vector<std::string_view>& words) {
  std::uint64_t found = 0;
  for (std::size_t i = 0; i < words.size(); ++i)
    if (text.find(words[i]) != std::string_view::npos) found |= std::uint64_t{1} << i;
  return found;
}

TEST(WordSearch, FindsWordsAtTheEdgesAndNothingInShortTexts) {
  const WordSearch search({"LoadBalancer", "ports:", "ab"});
  EXPECT_EQ(search.found("LoadBalancer"), 1u);
  EXPECT_EQ(search.found("type: LoadBalancer\nports:"), 3u);
  EXPECT_EQ(search.found("xab"), 4u);
  EXPECT_EQ(search.found("LoadBalance"), 0u);
  EXPECT_EQ(search.found("oadBalancer"), 0u);
  EXPECT_EQ(search.found("loadbalancer"), 0u);  // case matters
  EXPECT_EQ(search.found(""), 0u);
  EXPECT_EQ(search.found("a"), 0u);
}

// Words sharing their selecting byte pair, overlapping, and repeated letters: the one-pass search
// agrees with one find per word on random texts over the words' own letters.
TEST(WordSearch, AgreesWithFindOnRandomTexts) {
  const std::vector<std::string_view> words = {"dbPath",      "bindIp", "dB",      "aaB",
                                               "\nservices:", "s:",     "groupId", "pId"};
  const WordSearch search({"dbPath", "bindIp", "dB", "aaB", "\nservices:", "s:", "groupId", "pId"});
  const WordSearch bytewise(
      {"dbPath", "bindIp", "dB", "aaB", "\nservices:", "s:", "groupId", "pId"}, false);
  const std::string alphabet = "dbPathinIpBaservic:\ngoupI";
  std::mt19937 random(20261126);
  std::uniform_int_distribution<std::size_t> letter(0, alphabet.size() - 1);
  std::uniform_int_distribution<std::size_t> length(0, 64);
  std::uniform_int_distribution<std::size_t> which(0, words.size() - 1);
  int with_words = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (std::size_t i = length(random); i > 0; --i) {
      if (letter(random) == 0) text += words[which(random)];
      text += alphabet[letter(random)];
    }
    const std::uint64_t expected = found_by_find(text, words);
    with_words += expected != 0;
    ASSERT_EQ(search.found(text), expected) << text;
    ASSERT_EQ(bytewise.found(text), expected) << text;
  }
  EXPECT_GT(with_words, 1000);  // the texts did hold words
}

// Texts longer than the vector prefilter's block: each word at every offset across two blocks'
// edges, alone or in filler made of the words' own letters (false starts abound), is found with
// exactly the words one find per word finds.
TEST(WordSearch, FindsEachWordAtEveryOffsetOfALongText) {
  const std::vector<std::string_view> words = {
      "dbPath", "bindIp", "\nservices:", "s:", "groupId", "mo", "additionalMongodConfig"};
  const WordSearch search(
      {"dbPath", "bindIp", "\nservices:", "s:", "groupId", "mo", "additionalMongodConfig"});
  // The byte-by-byte path, which CPUs without AVX2 run, over the same texts.
  const WordSearch bytewise(
      {"dbPath", "bindIp", "\nservices:", "s:", "groupId", "mo", "additionalMongodConfig"}, false);
  const std::string filler(100, 'x');
  const std::string letters = "dbPathinIpBaervcgoupIdlMnfC";
  std::mt19937 random(20261130);
  std::uniform_int_distribution<std::size_t> letter(0, letters.size() - 1);
  for (std::size_t i = 0; i < words.size(); ++i) {
    for (std::size_t offset = 0; offset + words[i].size() <= 100; ++offset) {
      std::string text = filler;
      text.replace(offset, words[i].size(), words[i]);
      EXPECT_NE(search.found(text) & std::uint64_t{1} << i, 0u) << words[i] << " at " << offset;
      EXPECT_EQ(search.found(text), found_by_find(text, words)) << words[i] << " at " << offset;
      std::string noisy(130, ' ');
      for (char& c : noisy) c = letters[letter(random)];
      noisy.replace(offset, words[i].size(), words[i]);
      ASSERT_EQ(search.found(noisy), found_by_find(noisy, words)) << noisy;
      ASSERT_EQ(bytewise.found(noisy), found_by_find(noisy, words)) << noisy;
    }
  }
}

// A word found early does not hide a later one (the search passes over the pairs of words all
// found): every two words, far apart, are both found.
TEST(WordSearch, FindsALaterWordAfterAnEarlierOne) {
  const std::vector<std::string_view> words = {
      "configuration:", "additionalMongodConfig", ".conf:", "extraFlags:", "mongo", "args:",
      "command:"};
  const WordSearch search({"configuration:", "additionalMongodConfig",
                           ".conf:", "extraFlags:", "mongo", "args:", "command:"});
  for (std::size_t first = 0; first < words.size(); ++first) {
    for (std::size_t second = 0; second < words.size(); ++second) {
      const std::string text = "x" + std::string(words[first]) + std::string(150, ' ') + "a: b\n" +
                               std::string(words[second]) + std::string(40, ' ');
      EXPECT_EQ(search.found(text), found_by_find(text, words)) << text;
      EXPECT_NE(search.found(text) & std::uint64_t{1} << second, 0u) << text;
    }
  }
}

TEST(WordSearch, RefusesWordsItCannotSearch) {
  EXPECT_THROW(WordSearch({"x"}), std::invalid_argument);
}

}  // namespace
}  // namespace word_search_test
}  // namespace mongoscan
