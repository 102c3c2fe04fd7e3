#include "scanner/config_scan/context_rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <string>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "scanner/text/ascii_case.h"
#include "scanner/text/vector_targets.h"

namespace mongoscan {
namespace {

// How much of a file is read for the name of a test framework.
constexpr std::size_t kFrameworkProbeBytes = 64 * 1024;

bool word_in(std::string_view word, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

bool splits_words(char c) { return c == '-' || c == '_' || c == '.' || c == ' '; }

// Whether `is_wanted` holds for a word of a lower-case path component, the words being split at
// '-', '_', '.' and spaces. Stops at the first that holds (no list of words is built).
template <typename Predicate>
bool any_component_word(std::string_view component, Predicate is_wanted) {
  std::size_t start = 0;
  for (std::size_t i = 0; i <= component.size(); ++i) {
    if (i == component.size() || splits_words(component[i])) {
      if (i > start && is_wanted(component.substr(start, i - start))) return true;
      start = i + 1;
    }
  }
  return false;
}

// The first and the last word of a component (as any_component_word splits it); empty when it
// has none.
std::string_view first_component_word(std::string_view component) {
  std::string_view first;
  any_component_word(component, [&](std::string_view word) {
    first = word;
    return true;
  });
  return first;
}

std::string_view last_component_word(std::string_view component) {
  std::size_t end = component.size();
  while (end > 0 && splits_words(component[end - 1])) --end;
  std::size_t begin = end;
  while (begin > 0 && !splits_words(component[begin - 1])) --begin;
  return component.substr(begin, end - begin);
}

bool is_documentation(std::string_view lower_name) {
  const auto dot = lower_name.rfind('.');
  const std::string_view extension =
      dot == std::string_view::npos ? std::string_view{} : lower_name.substr(dot);
  if (word_in(extension,
              {".md", ".markdown", ".mdx", ".rst", ".adoc", ".asciidoc", ".ipynb", ".textile"})) {
    return true;
  }
  const std::string_view stem = lower_name.substr(0, dot);
  return (extension.empty() || extension == ".txt") &&
         word_in(stem, {"readme", "changelog", "changes", "history", "contributing"});
}

bool is_test_folder(std::string_view lower_folder) {
  if (word_in(lower_folder, {"spec", "specs", "__tests__", "__test__", "__mocks__", "__fixtures__",
                             "cypress", "testdata", "mocks"})) {
    return true;
  }
  return any_component_word(lower_folder, [](std::string_view word) {
    return word_in(word, {"test", "tests", "testing", "e2e", "fixture", "fixtures", "testdata",
                          "integrationtest", "integrationtests", "testutil", "testutils",
                          "testhelpers", "testsupport"});
  });
}

// Whether `stem` ends in `suffix` just after a lower-case letter or digit: the convention of a
// test class's name (FooTest, ReportIT), not a word that merely ends so (AUDIT, Latest).
bool ends_with_class_suffix(std::string_view stem, std::string_view suffix) {
  if (stem.size() <= suffix.size() || !stem.ends_with(suffix)) return false;
  const auto before = static_cast<unsigned char>(stem[stem.size() - suffix.size() - 1]);
  return std::islower(before) != 0 || std::isdigit(before) != 0;
}

// A file name of a test suite, judged in its own case where case is the convention
// (FooTest.java) and in lower case otherwise.
bool is_test_name(std::string_view name, std::string_view lower_name) {
  if (lower_name == "conftest.py") return true;
  const auto dot = lower_name.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view extension = lower_name.substr(dot);
  const std::string_view stem_lower = lower_name.substr(0, dot);
  const std::string_view last = last_component_word(stem_lower);
  if (last.empty()) return false;
  // app_test.go, docker-compose.test.yml, values-tests.yaml; app.spec.ts and user_spec.rb only
  // in code (an api-spec.yaml is a specification, not a test).
  if (word_in(last, {"test", "tests"})) return true;
  const bool code =
      word_in(extension, {".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".rb", ".py", ".java",
                          ".kt", ".scala", ".groovy", ".cs", ".swift", ".go", ".php"});
  if (code && last == "spec") return true;
  if (extension == ".py" && first_component_word(stem_lower) == "test") return true;  // test_app.py
  if (!code) return false;
  const std::string_view stem = name.substr(0, dot);
  return ends_with_class_suffix(stem, "Test") || ends_with_class_suffix(stem, "Tests") ||
         ends_with_class_suffix(stem, "IT") || ends_with_class_suffix(stem, "Spec");
}

// What names a test framework the way only a test does. Each holds one of three letter triples,
// rare in code that is no test; the text is searched for those first, sixteen bytes at a time.
constexpr std::array<std::string_view, 11> kFrameworkMarkers = {
    "import pytest",    "from pytest",     "import unittest", "from unittest",
    "org.junit.",       "org.testng.",     "*testing.T)",     "RSpec.describe",
    "from django.test", "@SpringBootTest", "@DataMongoTest"};
constexpr std::array<std::string_view, 3> kMarkerTriples = {"est", "g.j", "RSp"};

constexpr std::size_t triple_offset(std::string_view marker) {
  for (const std::string_view triple : kMarkerTriples) {
    if (const std::size_t at = marker.find(triple); at != std::string_view::npos) return at;
  }
  return std::string_view::npos;
}

struct FrameworkMarker {
  std::string_view text;
  std::size_t triple = 0;  // where in it its triple starts
};

constexpr auto kMarkers = [] {
  std::array<FrameworkMarker, kFrameworkMarkers.size()> markers{};
  for (std::size_t i = 0; i < markers.size(); ++i) {
    markers[i] = {kFrameworkMarkers[i], triple_offset(kFrameworkMarkers[i])};
  }
  return markers;
}();
static_assert(std::none_of(kMarkers.begin(), kMarkers.end(), [](const FrameworkMarker& marker) {
  return marker.triple == std::string_view::npos;
}));

// Whether a marker holds its triple at `at` in text.
bool marker_at_triple(std::string_view text, std::size_t at) {
  // The byte before the triple is tested first: "est" is everywhere (request, latest, best).
  return std::any_of(kMarkers.begin(), kMarkers.end(), [&](const FrameworkMarker& marker) {
    return at >= marker.triple &&
           (marker.triple == 0 || text[at - 1] == marker.text[marker.triple - 1]) &&
           text.compare(at - marker.triple, marker.text.size(), marker.text) == 0;
  });
}

// Whether a triple starts at `at`, where three bytes may be read (byte tests, no compare call).
bool is_triple_at(std::string_view text, std::size_t at) {
  return std::any_of(kMarkerTriples.begin(), kMarkerTriples.end(), [&](std::string_view triple) {
    return text[at] == triple[0] && text[at + 1] == triple[1] && text[at + 2] == triple[2];
  });
}

#if defined(__x86_64__)
// Bit i set: a triple starts at p + i, for i < 32 (reads 34 bytes).
MONGOSCAN_AVX2 std::uint32_t triple_starts_avx2(const char* p) {
  const __m256i c0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i c1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1));
  const __m256i c2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2));
  __m256i any = _mm256_setzero_si256();
  for (const std::string_view triple : kMarkerTriples) {
    const __m256i first = _mm256_cmpeq_epi8(c0, _mm256_set1_epi8(triple[0]));
    const __m256i second = _mm256_cmpeq_epi8(c1, _mm256_set1_epi8(triple[1]));
    const __m256i third = _mm256_cmpeq_epi8(c2, _mm256_set1_epi8(triple[2]));
    any = _mm256_or_si256(any, _mm256_and_si256(_mm256_and_si256(first, second), third));
  }
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(any));
}

// Bit i set: a triple starts at p + i, for i < 64 (reads 66 bytes). Comparisons give bit masks,
// each letter compared only where the ones before matched.
MONGOSCAN_AVX512 std::uint64_t triple_starts_avx512(const char* p) {
  const __m512i c0 = _mm512_loadu_si512(p);
  const __m512i c1 = _mm512_loadu_si512(p + 1);
  const __m512i c2 = _mm512_loadu_si512(p + 2);
  std::uint64_t any = 0;
  for (const std::string_view triple : kMarkerTriples) {
    const __mmask64 first = _mm512_cmpeq_epi8_mask(c0, _mm512_set1_epi8(triple[0]));
    const __mmask64 second = _mm512_mask_cmpeq_epi8_mask(first, c1, _mm512_set1_epi8(triple[1]));
    any |= _mm512_mask_cmpeq_epi8_mask(second, c2, _mm512_set1_epi8(triple[2]));
  }
  return any;
}

// Bit i set: a triple starts at p + i, for i < 16 (reads 18 bytes).
std::uint32_t triple_starts_sse2(const char* p) {
  const __m128i c0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i c1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1));
  const __m128i c2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2));
  __m128i any = _mm_setzero_si128();
  for (const std::string_view triple : kMarkerTriples) {
    const __m128i first = _mm_cmpeq_epi8(c0, _mm_set1_epi8(triple[0]));
    const __m128i second = _mm_cmpeq_epi8(c1, _mm_set1_epi8(triple[1]));
    const __m128i third = _mm_cmpeq_epi8(c2, _mm_set1_epi8(triple[2]));
    any = _mm_or_si128(any, _mm_and_si128(_mm_and_si128(first, second), third));
  }
  return static_cast<std::uint32_t>(_mm_movemask_epi8(any));
}
#endif

// Whether the text names a test framework the way only a test does.
bool names_test_framework(std::string_view text, [[maybe_unused]] AnchorVectors vectors) {
  const std::string_view head = text.substr(0, std::min(text.size(), kFrameworkProbeBytes));
  std::size_t at = 0;
#if defined(__x86_64__)
  // The triples are looked for 64 bytes at a time with AVX-512, 32 with AVX2, else 16.
  const std::size_t width = vectors == AnchorVectors::avx512 ? 64
                            : vectors == AnchorVectors::avx2 ? 32
                                                             : 16;
  // Wide blocks, then the last bytes sixteen at a time, then one by one.
  for (const std::size_t step : {width, std::size_t{16}}) {
    for (; at + step + 2 <= head.size(); at += step) {
      const char* p = head.data() + at;
      for (std::uint64_t mask = step == 64   ? triple_starts_avx512(p)
                                : step == 32 ? triple_starts_avx2(p)
                                             : triple_starts_sse2(p);
           mask != 0; mask &= mask - 1) {
        if (marker_at_triple(head, at + static_cast<std::size_t>(__builtin_ctzll(mask))))
          return true;
      }
    }
  }
#endif
  for (; at + 3 <= head.size(); ++at) {
    if (is_triple_at(head, at) && marker_at_triple(head, at)) return true;
  }
  return false;
}

bool is_example_folder(std::string_view lower_folder) {
  if (word_in(lower_folder, {"docs", "doc", "documentation"})) return true;
  return any_component_word(lower_folder, [](std::string_view word) {
    return word_in(word, {"example", "examples", "sample", "samples", "demo", "demos", "tutorial",
                          "tutorials", "quickstart", "quickstarts"});
  });
}

bool is_example_name(std::string_view lower_name) {
  if (lower_name.ends_with(".dist")) return true;
  return any_component_word(lower_name, [](std::string_view word) {
    return word_in(word, {"example", "examples", "sample", "samples"});
  });
}

}  // namespace

FileContext context_of_file(std::string_view path_below_root, std::string_view text,
                            AnchorVectors vectors) {
  const std::string lower_path = to_lower_ascii(path_below_root);
  const auto slash = lower_path.rfind('/');
  const std::size_t name_start = slash == std::string::npos ? 0 : slash + 1;
  const std::string_view lower_name = std::string_view(lower_path).substr(name_start);
  const std::string_view name = path_below_root.substr(name_start);
  // Whether a folder of the path (its components before the name) is one `is_kind` names.
  const auto any_folder = [&](bool (*is_kind)(std::string_view)) {
    for (std::size_t start = 0; start < name_start;) {
      const std::size_t end = lower_path.find('/', start);
      if (end > start && is_kind(std::string_view(lower_path).substr(start, end - start)))
        return true;
      start = end + 1;
    }
    return false;
  };
  if (is_documentation(lower_name)) return FileContext::documentation;
  if (any_folder(is_test_folder) || is_test_name(name, lower_name) ||
      names_test_framework(text, vectors)) {
    return FileContext::test;
  }
  if (any_folder(is_example_folder) || is_example_name(lower_name)) {
    return FileContext::example;
  }
  return FileContext::production;
}

}  // namespace mongoscan
