// Replays fuzz inputs through a harness without libFuzzer: `make test` links each harness with this
// main (gcc, AddressSanitizer and UBSan) and passes it its seed corpus and its kept crash
// reproducers. Arguments are files or directories (read one level deep, in name order); a missing
// directory is reported and skipped. Fails when no input at all was replayed.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

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

void replay(const fs::path& file) {
  std::ifstream stream(file, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(stream),
                                std::istreambuf_iterator<char>()};
  // A copy of exactly the input's size, so that AddressSanitizer sees any read past its end.
  std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(input.empty() ? nullptr : input.data(), input.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path argument = argv[i];
    if (!fs::exists(argument)) {
      std::printf("%s: absent, skipped\n", argument.c_str());
      continue;
    }
    const std::vector<fs::path> files = inputs_in(argument);
    for (const fs::path& file : files) replay(file);
    std::printf("%s: %zu inputs replayed\n", argument.c_str(), files.size());
    replayed += files.size();
  }
  if (replayed == 0) {
    std::fprintf(stderr, "no input replayed\n");
    return 1;
  }
  return 0;
}
