#include "reports/evidence/manifest.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace mongoscan {
namespace {

using Json = nlohmann::ordered_json;

Error manifest_error(const std::string& message) {
  return Error{ErrorCode::protocol, "manifest", message};
}

bool is_sha256_hex(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// The string at json[key], or an error naming `where`.
Result<std::string> string_member(const Json& json, const char* key, const std::string& where) {
  if (!json.is_object() || !json.contains(key)) return manifest_error(where + ": missing");
  if (!json[key].is_string()) return manifest_error(where + ": not a string");
  return json[key].get<std::string>();
}

Result<ManifestFile> read_file_entry(const Json& entry, const std::string& where) {
  if (!entry.is_object()) return manifest_error(where + ": not an object");
  auto path = string_member(entry, "path", where + "/path");
  if (!path) return path.error();
  if (!is_bundle_file_name(path.value())) {
    return manifest_error(where + "/path: '" + path.value() +
                          "' is not a plain file name in the bundle");
  }
  auto sha256 = string_member(entry, "sha256", where + "/sha256");
  if (!sha256) return sha256.error();
  if (!is_sha256_hex(sha256.value())) {
    return manifest_error(where + "/sha256: not 64 lower-case hex digits");
  }
  if (!entry.contains("bytes") || !entry["bytes"].is_number_unsigned()) {
    return manifest_error(where + "/bytes: not a byte count");
  }
  return ManifestFile{path.value(), sha256.value(), entry["bytes"].get<std::uint64_t>()};
}

Result<std::vector<ManifestFile>> read_files(const Json& json) {
  if (!json.contains("files") || !json["files"].is_array()) {
    return manifest_error("/files: missing or not an array");
  }
  std::vector<ManifestFile> files;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < json["files"].size(); ++i) {
    auto file = read_file_entry(json["files"][i], "/files/" + std::to_string(i));
    if (!file) return file.error();
    if (!seen.insert(file.value().path).second) {
      return manifest_error("/files/" + std::to_string(i) + "/path: '" + file.value().path +
                            "' is listed twice");
    }
    files.push_back(std::move(file).value());
  }
  return files;
}

// An optional string member: absent, or a string.
Result<std::optional<std::string>> optional_string(const Json& json, const char* key) {
  if (!json.contains(key)) return std::optional<std::string>();
  auto value = string_member(json, key, std::string("/") + key);
  if (!value) return value.error();
  return std::optional<std::string>(std::move(value).value());
}

}  // namespace

bool is_bundle_file_name(std::string_view name) {
  if (name.empty() || name == "." || name == ".." || name == kManifestName ||
      name == kSignatureName) {
    return false;
  }
  return std::none_of(name.begin(), name.end(), [](char c) {
    return c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
}

EvidenceManifest build_manifest(const Report& report, const EvidenceOrigin& origin,
                                std::vector<ManifestFile> files) {
  std::sort(files.begin(), files.end(),
            [](const ManifestFile& a, const ManifestFile& b) { return a.path < b.path; });
  return {origin.tool_name,   origin.tool_version,     origin.catalogue_sha256, report.started_at,
          report.finished_at, origin.inventory_sha256, origin.scanning_host,    std::move(files)};
}

std::string manifest_text(const EvidenceManifest& manifest) {
  std::vector<ManifestFile> files = manifest.files;
  std::sort(files.begin(), files.end(),
            [](const ManifestFile& a, const ManifestFile& b) { return a.path < b.path; });
  Json json = {
      {"manifest_version", kManifestVersion},
      {"tool", {{"name", manifest.tool_name}, {"version", manifest.tool_version}}},
      {"catalogue_sha256", manifest.catalogue_sha256},
      {"scan", {{"started_at", manifest.started_at}, {"finished_at", manifest.finished_at}}}};
  if (manifest.inventory_sha256) json["inventory_sha256"] = *manifest.inventory_sha256;
  if (manifest.scanning_host) json["scanning_host"] = *manifest.scanning_host;
  json["files"] = Json::array();
  for (const ManifestFile& file : files) {
    json["files"].push_back({{"path", file.path}, {"sha256", file.sha256}, {"bytes", file.bytes}});
  }
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Result<EvidenceManifest> parse_manifest(std::string_view text) {
  const Json json = Json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object()) return manifest_error("not a JSON object");
  if (!json.contains("manifest_version") || json["manifest_version"] != kManifestVersion) {
    return manifest_error("/manifest_version: not " + std::to_string(kManifestVersion));
  }
  EvidenceManifest manifest;
  const Json none = Json::object();
  const Json& tool = json.contains("tool") ? json["tool"] : none;
  const Json& scan = json.contains("scan") ? json["scan"] : none;
  for (auto [target, object, key, where] :
       {std::tuple{&manifest.tool_name, &tool, "name", "/tool/name"},
        {&manifest.tool_version, &tool, "version", "/tool/version"},
        {&manifest.catalogue_sha256, &json, "catalogue_sha256", "/catalogue_sha256"},
        {&manifest.started_at, &scan, "started_at", "/scan/started_at"},
        {&manifest.finished_at, &scan, "finished_at", "/scan/finished_at"}}) {
    auto value = string_member(*object, key, where);
    if (!value) return value.error();
    *target = std::move(value).value();
  }
  for (auto [target, key] : {std::pair{&manifest.inventory_sha256, "inventory_sha256"},
                             {&manifest.scanning_host, "scanning_host"}}) {
    auto value = optional_string(json, key);
    if (!value) return value.error();
    *target = std::move(value).value();
  }
  auto files = read_files(json);
  if (!files) return files.error();
  manifest.files = std::move(files).value();
  return manifest;
}

}  // namespace mongoscan
