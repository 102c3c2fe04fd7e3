#include "reports/finding_record.h"

#include <cstdint>
#include <cstring>
#include <optional>

namespace mongoscan {
namespace {

void put_byte(std::string& out, std::uint8_t value) { out.push_back(static_cast<char>(value)); }

// Writes whether what follows is there (an optional field, a flag); returns it.
bool put_flag(std::string& out, bool set) {
  put_byte(out, set ? 1 : 0);
  return set;
}

void put_int(std::string& out, std::int64_t value) {
  char bytes[sizeof value];
  std::memcpy(bytes, &value, sizeof value);
  out.append(bytes, sizeof value);
}

void put_text(std::string& out, std::string_view text) {
  put_int(out, static_cast<std::int64_t>(text.size()));
  out.append(text);
}

void put_optional_int(std::string& out, const std::optional<int>& value) {
  if (put_flag(out, value.has_value())) put_int(out, *value);
}

// Reads what the put_ functions wrote, in order; the first read past the end or of a value out of
// its range makes every later read fail too.
class RecordReader {
 public:
  explicit RecordReader(std::string_view record) : rest_(record) {}

  bool failed() const { return failed_; }
  bool at_end() const { return rest_.empty(); }

  std::uint8_t byte(std::uint8_t last_allowed) {
    if (!take(1)) return 0;
    const auto value = static_cast<std::uint8_t>(taken_[0]);
    if (value > last_allowed) failed_ = true;
    return failed_ ? 0 : value;
  }

  std::int64_t integer() {
    std::int64_t value = 0;
    if (take(sizeof value)) std::memcpy(&value, taken_.data(), sizeof value);
    return value;
  }

  std::string text() {
    const std::int64_t size = integer();
    if (size < 0 || static_cast<std::uint64_t>(size) > rest_.size()) failed_ = true;
    if (failed_ || !take(static_cast<std::size_t>(size))) return {};
    return std::string(taken_);
  }

  bool flag() { return byte(1) == 1; }

  std::optional<int> optional_int() {
    if (!flag()) return std::nullopt;
    return static_cast<int>(integer());
  }

 private:
  bool take(std::size_t size) {
    if (failed_ || rest_.size() < size) {
      failed_ = true;
      return false;
    }
    taken_ = rest_.substr(0, size);
    rest_.remove_prefix(size);
    return true;
  }

  std::string_view rest_;
  std::string_view taken_;
  bool failed_ = false;
};

template <typename Enum>
std::uint8_t ordinal(Enum value) {
  return static_cast<std::uint8_t>(value);
}

}  // namespace

void append_finding_record(std::string& out, const Finding& finding, std::string_view environment) {
  put_text(out, finding.check_id);
  put_byte(out, ordinal(finding.status));
  put_byte(out, ordinal(finding.severity));
  const Subject& subject = finding.subject;
  put_byte(out, ordinal(subject.kind));
  put_text(out, subject.name);
  put_optional_int(out, subject.line);
  put_optional_int(out, subject.column);
  if (put_flag(out, subject.listed_at.has_value())) {
    put_text(out, subject.listed_at->file);
    put_int(out, subject.listed_at->line);
  }
  if (put_flag(out, subject.context.has_value())) put_byte(out, ordinal(*subject.context));
  put_text(out, finding.message);
  // The evidence as CBOR, read back packed (packed or not when written: reading never parses it,
  // reports unpack it where they show it); none when it is null.
  std::string cbor;  // of evidence not packed yet
  if (!finding.packed_evidence.packed() && !finding.evidence.is_null())
    nlohmann::json::to_cbor(finding.evidence, cbor);
  const std::string_view evidence =
      finding.packed_evidence.packed() ? finding.packed_evidence.cbor() : std::string_view(cbor);
  if (put_flag(out, !evidence.empty())) put_text(out, evidence);
  put_text(out, finding.fingerprint);
  put_text(out, finding.suppression);
  if (put_flag(out, finding.acceptance.has_value())) {
    put_text(out, finding.acceptance->reason);
    put_text(out, finding.acceptance->expires);
    put_text(out, finding.acceptance->owner);
    put_flag(out, finding.acceptance->expired);
  }
  put_text(out, finding.content_fingerprint);
  put_text(out, environment);
}

Result<Ok> read_finding_record(std::string_view record, Finding& finding,
                               std::string& environment) {
  RecordReader in(record);
  Finding read{};
  read.check_id = in.text();
  read.status = static_cast<Status>(in.byte(ordinal(Status::skipped)));
  read.severity = static_cast<Severity>(in.byte(ordinal(Severity::critical)));
  read.subject.kind = static_cast<Subject::Kind>(in.byte(ordinal(Subject::Kind::cloud)));
  read.subject.name = in.text();
  read.subject.line = in.optional_int();
  read.subject.column = in.optional_int();
  if (in.flag()) {
    ListedAt listed_at;
    listed_at.file = in.text();
    listed_at.line = static_cast<int>(in.integer());
    read.subject.listed_at = std::move(listed_at);
  }
  if (in.flag())
    read.subject.context = static_cast<FileContext>(in.byte(ordinal(FileContext::documentation)));
  read.message = in.text();
  if (in.flag()) read.packed_evidence = PackedEvidence::of_cbor(in.text());
  read.fingerprint = in.text();
  read.suppression = in.text();
  if (in.flag()) {
    FindingAcceptance acceptance;
    acceptance.reason = in.text();
    acceptance.expires = in.text();
    acceptance.owner = in.text();
    acceptance.expired = in.flag();
    read.acceptance = std::move(acceptance);
  }
  read.content_fingerprint = in.text();
  std::string read_environment = in.text();
  if (in.failed() || !in.at_end())
    return Error{ErrorCode::io, "findings", "a spooled finding's record is malformed"};
  finding = std::move(read);
  environment = std::move(read_environment);
  return Ok{};
}

}  // namespace mongoscan
