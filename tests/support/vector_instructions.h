#pragma once
// Tests that run once with each kind of vector instructions (AnchorVectors) name their cases
// after it.

#include <gtest/gtest.h>

#include <string>

#include "scanner/config_scan/anchor_search.h"

namespace mongoscan {
namespace testing_support {

// Every kind, for INSTANTIATE_TEST_SUITE_P.
inline auto each_kind_of_vectors() {
  return testing::Values(AnchorVectors::sse2, AnchorVectors::avx2, AnchorVectors::avx512);
}

// "Sse2", "Avx2" or "Avx512", for INSTANTIATE_TEST_SUITE_P.
inline std::string vectors_case_name(const testing::TestParamInfo<AnchorVectors>& vectors) {
  switch (vectors.param) {
    case AnchorVectors::sse2:
      return "Sse2";
    case AnchorVectors::avx2:
      return "Avx2";
    case AnchorVectors::avx512:
      break;
  }
  return "Avx512";
}

}  // namespace testing_support
}  // namespace mongoscan
