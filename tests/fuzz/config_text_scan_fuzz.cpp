// The config-file scanner (scanner/config_scan/config_text_scan.h). The first input byte chooses
// the file name, and so the syntax (scanner/config_scan/file_syntax.h) and the formats read: kPaths
// below, one per kind of file in fixtures/configs (tests/fuzz/seed_corpus.py keeps the same list).
// The rest is the file's text. Properties: every finding points inside the text, its fingerprint is
// a 128-bit hex hash (never the secret), and every connection string found has a first place; every
// mongod command line read at the offsets the scan gives (scanner/infra/mongod_command_line.h)
// starts at a line of the text and has its settings at that line or after, with a key.

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "scanner/config_scan/config_text_scan.h"
#include "scanner/infra/mongod_command_line.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

constexpr std::string_view kPaths[] = {
    "app.yaml",       "app.properties", ".env",      "settings.ini", "config.toml",
    "web.config",     "pom.xml",        "app.conf",  "deploy.sh",    "Dockerfile",
    "app.json",       "index.js",       "App.java",  "main.py",      "main.go",
    "main.tf",        "README.md",      "app.php",   "Program.cs",   "deploy.ps1",
    "values.yaml.j2", "prod.tfvars",    "setup.cmd", "app.rb",       "main.rs",
};
constexpr std::size_t kPathCount = sizeof(kPaths) / sizeof(kPaths[0]);

bool is_lower_hex(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view path = kPaths[data[0] % kPathCount];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const TextScan scan = scan_config_text(path, text);
  const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const CredentialHit& hit : scan.credentials) {
    fuzz::check(hit.location.path == path, "a finding names the file");
    fuzz::check(hit.location.line >= 1 && hit.location.line <= lines, "a finding's line exists");
    fuzz::check(hit.location.column >= 1, "a finding's column starts at 1");
    fuzz::check(hit.fingerprint.size() == 32 &&
                    std::all_of(hit.fingerprint.begin(), hit.fingerprint.end(), is_lower_hex),
                "a fingerprint is 128 bits of hex");
  }
  for (const FoundConnectionString& found : scan.connection_strings) {
    fuzz::check(!found.places.empty() && found.occurrences >= found.places.size(),
                "a connection string found has its places");
  }
  for (const std::size_t offset : scan.server_program_offsets) {
    const auto command = read_mongod_command_line(path, text, offset, data[0] % 2 == 0);
    if (!command) continue;
    fuzz::check(command->line >= 1 && command->line <= lines, "a command line's line exists");
    for (const ServerConfigSetting& setting : command->settings) {
      fuzz::check(!setting.key.empty(), "a setting has a key");
      fuzz::check(setting.line >= command->line && setting.line <= lines,
                  "a setting lies at or after its command's line");
    }
  }
  return 0;
}
