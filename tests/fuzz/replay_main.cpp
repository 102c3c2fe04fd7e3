// Replays fuzz inputs through a harness without libFuzzer: `make test` links every harness with
// this main (gcc, AddressSanitizer and UBSan) and runs `mongoscan_fuzz_replays NAME INPUT...` for
// each, with its seed corpus and its kept crash reproducers. Inputs are files or directories (read
// one level deep, in name order); a missing directory is reported and skipped. Fails when NAME is
// no harness or no input at all was replayed.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/replay_harnesses.h"

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs_in(const fs::path& argument) {
  if (!fs::is_directory(argument)) return {argument};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(argument)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

using TestOneInput = int (*)(const std::uint8_t*, std::size_t);

void replay(TestOneInput test_one_input, const fs::path& file) {
  std::ifstream stream(file, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(stream),
                                std::istreambuf_iterator<char>()};
  // A copy of exactly the input's size, so that AddressSanitizer sees any read past its end.
  std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
  test_one_input(input.empty() ? nullptr : input.data(), input.size());
}

TestOneInput harness_named(std::string_view name) {
  for (const mongoscan::fuzz::ReplayHarness& harness : mongoscan::fuzz::replay_harnesses()) {
    if (name == harness.name) return harness.test_one_input;
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  const TestOneInput test_one_input = argc > 1 ? harness_named(argv[1]) : nullptr;
  if (test_one_input == nullptr) {
    std::fprintf(stderr,
                 "usage: mongoscan_fuzz_replays HARNESS FILE_OR_DIRECTORY...: %s is no harness\n",
                 argc > 1 ? argv[1] : "(none)");
    return 2;
  }
  std::size_t replayed = 0;
  for (int i = 2; i < argc; ++i) {
    const fs::path argument = argv[i];
    if (!fs::exists(argument)) {
      std::printf("%s: absent, skipped\n", argument.c_str());
      continue;
    }
    const std::vector<fs::path> files = inputs_in(argument);
    for (const fs::path& file : files) replay(test_one_input, file);
    std::printf("%s: %zu inputs replayed\n", argument.c_str(), files.size());
    replayed += files.size();
  }
  if (replayed == 0) {
    std::fprintf(stderr, "no input replayed\n");
    return 1;
  }
  return 0;
}
