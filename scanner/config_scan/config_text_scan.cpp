#include "scanner/config_scan/config_text_scan.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "scanner/text/ascii_case.h"
#include "scanner/config_scan/anchor_search.h"
#include "scanner/config_scan/candidate_rules.h"
#include "scanner/config_scan/config_fingerprint.h"
#include "scanner/config_scan/file_syntax.h"
#include "scanner/config_scan/newline_count.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

// Only this much of a line around an anchor is parsed: minified files put megabytes on one line.
constexpr std::size_t kWindowBefore = 1024;
constexpr std::size_t kWindowAfter = 4096;
// How far after an unquoted value in code its `|| 'fallback'` may start.
constexpr std::size_t kFallbackReach = 256;
// How many following lines may hold the `value:` of a Kubernetes `- name: MONGO_PASSWORD` entry.
constexpr int kNameValueLines = 3;
// Distinct connection strings of a file looked up one by one, not through a hash map.
constexpr std::size_t kStringsComparedOneByOne = 16;
// Found strings a file's list makes room for at its first.
constexpr std::size_t kStringsReserved = 8;
// How many lines before a credential may name its user (`username:` above `password:`).
constexpr int kUserLinesBefore = 4;
// How many lines below a key its block (a Terraform variable, a YAML list) is looked for.
constexpr int kBlockLines = 8;
constexpr std::string_view kAllowComment = "mongoscan:allow";
// At most this much of the text after `mongoscan:allow` is kept (a check id and a reason).
constexpr std::size_t kAllowCommentLength = 200;
// MongoDB's command-line tools, whose `-p` takes a password.
constexpr std::array<std::string_view, 9> kTools = {"mongo",        "mongosh",     "mongodump",
                                                    "mongorestore", "mongoimport", "mongoexport",
                                                    "mongostat",    "mongotop",    "mongofiles"};

// Whether a host of the list "h1:27017,h2:99999" has a port above 65535.
bool has_impossible_port(std::string_view hosts) {
  for (std::size_t start = 0; start <= hosts.size();) {
    const std::size_t comma = std::min(hosts.find(',', start), hosts.size());
    const std::string_view host = hosts.substr(start, comma - start);
    const std::size_t colon = host.rfind(':');
    if (colon != std::string_view::npos && host.find(']', colon) == std::string_view::npos) {
      const std::string_view port = host.substr(colon + 1);
      const bool digits =
          std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; });
      // 127.0.0.1:port, host:PORT: a word where the number goes.
      if (!port.empty() && !digits && std::isalpha(static_cast<unsigned char>(port[0])) != 0)
        return true;
      if (digits && port.size() >= 5 && port.size() <= 9 && std::stol(std::string(port)) > 65535)
        return true;
    }
    start = comma + 1;
  }
  return false;
}

// A value shorter than this on a comment line of source code is taken for an example
// (example_in_code_comment): "psw", "pass", "secret", "foo".
constexpr std::size_t kExampleValueBytes = 8;

// Words that follow "mongodb://" in a sentence about connection strings rather than a host.
constexpr std::array<std::string_view, 8> kProseNouns = {
    "connection", "connections", "string", "strings", "uri", "uris", "url", "urls"};

// ASCII classes from one table, without the C library's locale lookups: the hot path asks them
// per byte.
enum CharClass : std::uint8_t {
  kDigit = 1,
  kUpper = 2,
  kLower = 4,
  kKeyPunctuation = 8,  // '_', '.', '-'
  kBlank = 16,
  kQuote = 32,
  kCodeValueStop = 64,  // ends an unquoted value in code: blank , ; ) } ] " ' `
  kValueStop = 128,     // ends an unquoted value elsewhere: blank ; & | ) ` " '
};

constexpr std::array<std::uint8_t, 256> kCharClasses = [] {
  std::array<std::uint8_t, 256> classes{};
  for (int c = '0'; c <= '9'; ++c) classes[c] = kDigit;
  for (int c = 'A'; c <= 'Z'; ++c) classes[c] = kUpper;
  for (int c = 'a'; c <= 'z'; ++c) classes[c] = kLower;
  for (unsigned char c : {'_', '.', '-'}) classes[c] = kKeyPunctuation;
  for (unsigned char c : {' ', '\t'}) classes[c] = kBlank;
  for (unsigned char c : {'"', '\'', '`'}) classes[c] = kQuote;
  for (unsigned char c : {' ', '\t', ',', ';', ')', '}', ']', '"', '\'', '`'}) {
    classes[c] |= kCodeValueStop;
  }
  for (unsigned char c : {' ', '\t', ';', '&', '|', ')', '`', '"', '\''}) classes[c] |= kValueStop;
  return classes;
}();

std::uint8_t char_class(char c) { return kCharClasses[static_cast<unsigned char>(c)]; }
bool in_class(char c, unsigned classes) { return (char_class(c) & classes) != 0; }
bool is_alnum(char c) { return in_class(c, kDigit | kUpper | kLower); }
bool is_key_char(char c) { return in_class(c, kDigit | kUpper | kLower | kKeyPunctuation); }
bool is_blank(char c) { return in_class(c, kBlank); }
bool is_quote(char c) { return in_class(c, kQuote); }
// A byte of a slot to fill in: <cluster end point>, {{ .host }}, ${HOST}.
bool is_slot_char(char c) { return c == '<' || c == '>' || c == '{' || c == '}' || c == '$'; }

// Where the first byte of `text` for which `is_wanted` holds is, or npos: find_first_of without its
// call per byte.
template <typename Predicate>
std::size_t first_of(std::string_view text, Predicate is_wanted) {
  const auto at = std::find_if(text.begin(), text.end(), is_wanted);
  return at == text.end() ? std::string_view::npos : static_cast<std::size_t>(at - text.begin());
}

// Where each of two options written " --name" first starts in `text` (npos: nowhere), found in one
// pass over its '-' bytes (a text.find per option stopped at every space).
std::array<std::size_t, 2> first_places(std::string_view text,
                                        const std::array<std::string_view, 2>& options) {
  std::array<std::size_t, 2> firsts = {std::string_view::npos, std::string_view::npos};
  std::size_t from = 1;
  while (from < text.size() &&
         (firsts[0] == std::string_view::npos || firsts[1] == std::string_view::npos)) {
    const void* dash = std::memchr(text.data() + from, '-', text.size() - from);
    if (dash == nullptr) break;
    const auto at = static_cast<std::size_t>(static_cast<const char*>(dash) - text.data()) - 1;
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (firsts[i] == std::string_view::npos &&
          text.compare(at, options[i].size(), options[i]) == 0)
        firsts[i] = at;
    }
    from = at + 2;
  }
  return firsts;
}

// text[at, at + length), cut at the end of text like substr, but never out of line (substr's
// bounds check keeps it so, and the scan slices millions of times): `at` is within text.
std::string_view slice(std::string_view text, std::size_t at, std::size_t length) {
  return {text.data() + at, std::min(length, text.size() - at)};
}

// Where the run of key characters (letters, digits, '_', '.', '-') starting at `from` ends:
// sixteen bytes at a time, as keys in code run long (spring.data.mongodb.password).
std::size_t key_run_end(std::string_view text, std::size_t from) {
#if defined(__x86_64__)
  // x is in [low, low + n) when (signed) x + (128 - low) < n - 128.
  const auto in_range = [](__m128i bytes, char low, char n) {
    return _mm_cmplt_epi8(_mm_add_epi8(bytes, _mm_set1_epi8(static_cast<char>(128 - low))),
                          _mm_set1_epi8(static_cast<char>(n - 128)));
  };
  for (; from + 16 <= text.size(); from += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + from));
    const __m128i letters = in_range(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), 'a', 26);
    const __m128i digits = in_range(bytes, '0', 10);
    const __m128i punctuation =
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('_')),
                     _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('.')),
                                  _mm_cmpeq_epi8(bytes, _mm_set1_epi8('-'))));
    const auto key_chars = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letters, digits), punctuation)));
    if (key_chars != 0xFFFF) return from + static_cast<std::size_t>(__builtin_ctz(~key_chars));
  }
#endif
  while (from < text.size() && is_key_char(text[from])) ++from;
  return from;
}

// The last word of a key, as written: words are split at '.', '_', '-' and at a lower-to-upper
// or digit-to-upper change (dbPassword -> Password, Sha256Credential -> Credential).
// Searched from the end, one class lookup per byte: the config scan asks this of millions of keys.
std::string_view last_word(std::string_view key) {
  if (key.empty()) return key;
  std::size_t begin = key.size() - 1;
  for (std::uint8_t current = char_class(key[begin]); begin > 0; --begin) {
    const std::uint8_t before = char_class(key[begin - 1]);
    if ((before & kKeyPunctuation) != 0 || ((current & kUpper) && (before & (kLower | kDigit)))) {
      break;
    }
    current = before;
  }
  std::size_t end = key.size();
  while (end > begin && in_class(key[end - 1], kKeyPunctuation)) --end;
  return {key.data() + begin, end - begin};
}

// Whether `text` is `lower_word` (lower case) in any case: equals_ignore_case as a loop the
// compiler keeps inline (a call per key word cost more than the comparison).
__attribute__((always_inline)) inline bool is_word(std::string_view text,
                                                   std::string_view lower_word) {
  if (text.size() != lower_word.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (to_lower_ascii(text[i]) != lower_word[i]) return false;
  }
  return true;
}

// Whether `word` is, in any case, one of `words` (lower case; the sizes are compared first).
template <typename Words>
bool is_any_of(std::string_view word, const Words& words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view candidate) { return is_word(word, candidate); });
}

bool is_one_of(std::string_view word, std::initializer_list<std::string_view> words) {
  return is_any_of(word, words);
}

// Dispatched on length first: nearly every key the prefilter finds is not a credential.
bool is_credential_word(std::string_view word) {
  switch (word.size()) {
    case 3:
      return is_word(word, "pwd");
    case 4:
      return is_word(word, "pass");
    case 6:
      return is_word(word, "passwd") || is_word(word, "secret");
    case 8:
      return is_word(word, "password");
    case 9:
      return is_word(word, "passwords");
    case 10:
      return is_word(word, "credential") || is_word(word, "passphrase");
    case 11:
      return is_word(word, "credentials");
    default:
      return false;
  }
}

bool names_credential_object(std::string_view word) {
  return is_one_of(word, {"credential", "credentials"});
}

// A Kubernetes object's name (an RFC 1123 subdomain): lower-case letters, digits, '-' and '.',
// starting and ending with a letter or a digit.
// Documentation writes the same in capitals as a slot to fill in (SECRET-NAME).
bool is_object_name(std::string_view value) {
  if (value.empty() || value.size() > 253) return false;
  for (const unsigned letter_case : {unsigned{kLower}, unsigned{kUpper}}) {
    const auto letter_or_digit = [&](char c) { return in_class(c, letter_case | kDigit); };
    if (letter_or_digit(value.front()) && letter_or_digit(value.back()) &&
        std::all_of(value.begin(), value.end(),
                    [&](char c) { return letter_or_digit(c) || c == '-' || c == '.'; })) {
      return true;
    }
  }
  return false;
}

// The word before the key's last one: "credentials" in credentialsSecret, "" when there is none.
std::string_view word_before_last(std::string_view key, std::string_view last) {
  std::string_view rest = key.substr(0, static_cast<std::size_t>(last.data() - key.data()));
  while (!rest.empty() && in_class(rest.back(), kKeyPunctuation)) rest.remove_suffix(1);
  return last_word(rest);
}

// The name of a Kubernetes Secret where a key names one, not a password: a key that says what
// the Secret holds, then "Secret" (credentialsSecret: minio-secret, tlsSecret, usersSecret), or a
// secret or credentials key whose value names itself a Secret (credentials: my-credentials,
// secret: mongo-secret). Either way the value is an object name.
bool names_kubernetes_secret(std::string_view key, std::string_view word, std::string_view value) {
  if (!is_object_name(value)) return false;
  if (equals_ignore_case(word, "secret") &&
      is_one_of(
          word_before_last(key, word),
          {"credentials", "credential", "creds",  "password", "passwords",  "users",      "user",
           "auth",        "tls",        "ssl",    "keyfile",  "key",        "encryption", "cert",
           "certificate", "ca",         "backup", "storage",  "s3",         "minio",      "gcs",
           "azure",       "kms",        "vault",  "ldap",     "pmm",        "admin",      "root",
           "mongodb",     "mongo",      "db",     "database", "connection", "registry"})) {
    return true;
  }
  if (!equals_ignore_case(word, "secret") && !names_credential_object(word)) return false;
  if (value.find_first_of("-.") == std::string_view::npos) return false;
  for (std::string_view names : {"secret", "credential", "creds", "auth"}) {
    if (value.find(names) != std::string_view::npos) return true;
  }
  return false;
}

// A call that sets a password: setPassword("v"), password("v") on a builder, withPassword("v"),
// mongoc_uri_set_password(uri, "v"); not update_credentials(db, "t1").
bool is_setter(std::string_view key) {
  const std::string_view name = key.substr(key.find_last_of('.') + 1);
  const std::string_view word = last_word(key);
  if (names_credential_object(word)) return false;
  return equals_ignore_case(name, word) || starts_with_ignore_case(name, "set") ||
         starts_with_ignore_case(name, "with") || contains_ignore_case(name, "_set_");
}

bool is_user_word(std::string_view word) { return is_one_of(word, {"user", "username", "login"}); }

bool is_credential_call(std::string_view key) {
  return key.size() >= 10 && equals_ignore_case(key.substr(key.size() - 10), "credential") &&
         contains_ignore_case(key, "create");
}

// UTF-8 continuation bytes (10xxxxxx) in text, eight bytes at a time.
std::size_t continuation_bytes(std::string_view text) {
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  std::size_t count = 0;
  std::size_t at = 0;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + at, sizeof word);
    // One bit per continuation byte, moved to each byte's low bit and summed by a multiply (a
    // popcount would be a library call without -mpopcnt).
    const std::uint64_t flags = (word & kHighBits & ~(word << 1)) >> 7;
    count += static_cast<std::size_t>((flags * 0x0101010101010101ULL) >> 56);
  }
  for (; at < text.size(); ++at) {
    if ((static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++count;
  }
  return count;
}

// Appends to `found`, in order, where "tls" or "ssl" starts in text at or after `from`, in any
// case; sixteen bytes at a time. Setting bit 5 of a byte makes it one of these lower-case letters
// only when it is that letter in either case.
void find_tls_words(std::string_view text, std::size_t from, std::vector<std::size_t>& found) {
  std::size_t at = from;
#if defined(__x86_64__)
  const __m128i bit5 = _mm_set1_epi8(0x20);
  const auto letter = [&](std::size_t offset, char c) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + offset));
    return _mm_cmpeq_epi8(_mm_or_si128(bytes, bit5), _mm_set1_epi8(c));
  };
  for (; at + 18 <= text.size(); at += 16) {
    const __m128i tls =
        _mm_and_si128(_mm_and_si128(letter(at, 't'), letter(at + 1, 'l')), letter(at + 2, 's'));
    const __m128i ssl =
        _mm_and_si128(_mm_and_si128(letter(at, 's'), letter(at + 1, 's')), letter(at + 2, 'l'));
    for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(tls, ssl))); mask != 0;
         mask &= mask - 1) {
      found.push_back(at + static_cast<std::size_t>(__builtin_ctz(mask)));
    }
  }
#endif
  for (; at + 3 <= text.size(); ++at) {
    const std::string_view word = slice(text, at, 3);
    if (equals_ignore_case(word, "tls") || equals_ignore_case(word, "ssl")) found.push_back(at);
  }
}

// The percent-decoded text, or the text as written when it is not valid percent-encoding.
std::string percent_decoded(std::string_view text) {
  auto decoded = percent_decode(text, "a found password");
  return decoded ? std::move(decoded).value() : std::string(text);
}

// The JSON escapes a connection string written inside a JSON string may hold, decoded:
// `\u0026` (how Go's encoding/json and others write '&'), `\u003d` ('='), `\/` ('/').
std::string json_escapes_decoded(std::string decoded) {
  if (decoded.find('\\') == std::string::npos) return decoded;
  for (const auto& [escape, character] :
       {std::pair{"\\u0026", "&"}, {"\\u003d", "="}, {"\\u003D", "="}, {"\\/", "/"}}) {
    for (std::size_t at = decoded.find(escape); at != std::string::npos;
         at = decoded.find(escape, at + 1)) {
      decoded.replace(at, std::strlen(escape), character);
    }
  }
  return decoded;
}

// The length of the JSON escape at the start of `text` that stands for a character of a
// connection string (json_escapes_decoded), or 0.
std::size_t connection_string_escape(std::string_view text) {
  for (std::string_view escape : {"\\u0026", "\\u003d", "\\u003D", "\\/"}) {
    if (text.starts_with(escape)) return escape.size();
  }
  return 0;
}

std::string xml_entities_decoded(std::string decoded) {
  if (decoded.find('&') == std::string::npos) return decoded;
  for (const auto& [entity, character] :
       {std::pair{"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}}) {
    for (std::size_t at = decoded.find(entity); at != std::string::npos;
         at = decoded.find(entity, at + 1)) {
      decoded.replace(at, std::strlen(entity), character);
    }
  }
  return decoded;
}

// What follows `mongoscan:allow` up to the comment's end (`*/`, `-->` or the line's), trimmed and
// cut to kAllowCommentLength bytes, with any connection string in it redacted.
std::string allow_comment_text(std::string_view rest) {
  for (const std::string_view end : {std::string_view("*/"), std::string_view("-->")}) {
    rest = rest.substr(0, rest.find(end));
  }
  const std::size_t first = rest.find_first_not_of(" \t:");
  if (first == std::string_view::npos) return "";
  rest = rest.substr(first, rest.find_last_not_of(" \t\r") + 1 - first);
  return redact_connection_strings_in_text(rest.substr(0, kAllowCommentLength));
}

// A value as written: [begin, end) is its content, without quotes.
struct ValueSpan {
  std::size_t begin;
  std::size_t end;
  bool quoted;
};

class TextScanner {
 public:
  TextScanner(std::string_view path, std::string_view text, const TextScanLimits& limits)
      : path_(path), text_(text), syntax_(file_syntax(path)), limits_(limits) {}

  TextScan run() {
    AnchorSearch anchors(text_);
    std::size_t from = 0;
    for (AnchorHit hit = anchors.next(from); hit.offset != kNoAnchor; hit = anchors.next(from)) {
      from = std::max(hit.offset + 1, hit.anchor == Anchor::mongo ? after_mongo(hit.offset)
                                                                  : after_key(hit.offset));
    }
    for (const auto& [rule, count] : dropped_) scan_.suppressed_by_rule[rule] += count;
    return std::move(scan_);
  }

 private:
  struct Line {
    std::size_t begin = 0;
    std::size_t end = 0;
  };

  // The line holding offset (cached: hits come in order and many share a line).
  Line line_at(std::size_t offset) {
    if (offset >= line_.begin && offset < line_.end) return line_;
    const void* newline_before = offset == 0 ? nullptr : memrchr(text_.data(), '\n', offset);
    line_.begin = newline_before ? static_cast<const char*>(newline_before) - text_.data() + 1 : 0;
    const void* newline_after = std::memchr(text_.data() + offset, '\n', text_.size() - offset);
    line_.end =
        newline_after ? static_cast<const char*>(newline_after) - text_.data() : text_.size();
    if (line_.end > line_.begin && text_[line_.end - 1] == '\r') --line_.end;
    return line_;
  }

  Line next_line(Line line) {
    std::size_t begin = line.end;
    while (begin < text_.size() && text_[begin] != '\n') ++begin;
    return begin >= text_.size() ? Line{text_.size(), text_.size()} : line_at(begin + 1);
  }

  Line previous_line(Line line) { return line.begin == 0 ? Line{} : line_at(line.begin - 1); }

  // Where the line `lines` lines above the one starting at `begin` starts (0 past the first
  // line): previous_line() repeated, without replacing the line line_at() keeps.
  std::size_t begin_lines_above(std::size_t begin, int lines) const {
    for (int i = 0; i < lines && begin > 0; ++i) {
      const void* newline = begin == 1 ? nullptr : memrchr(text_.data(), '\n', begin - 1);
      begin = newline
                  ? static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data()) + 1
                  : 0;
    }
    return begin;
  }

  // Where the line `lines` lines below the one ending at `end` ends (the text's end past the last
  // line): next_line() repeated, without replacing the line line_at() keeps.
  std::size_t end_lines_below(std::size_t end, int lines) const {
    for (int i = 0; i < lines && end < text_.size(); ++i) {
      const void* newline = std::memchr(text_.data() + end, '\n', text_.size() - end);
      if (newline == nullptr) return text_.size();
      const std::size_t begin =
          static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data()) + 1;
      const void* next = std::memchr(text_.data() + begin, '\n', text_.size() - begin);
      end = next ? static_cast<std::size_t>(static_cast<const char*>(next) - text_.data())
                 : text_.size();
      if (end > begin && text_[end - 1] == '\r') --end;
    }
    return end;
  }

  // 1-based number of the line holding offset (counts forward from the last answer).
  int line_number(std::size_t offset) {
    if (offset < counted_to_) {
      counted_to_ = 0;
      counted_lines_ = 1;
    }
    counted_lines_ +=
        static_cast<int>(count_newlines(slice(text_, counted_to_, offset - counted_to_)));
    counted_to_ = offset;
    return counted_lines_;
  }

  // min(line_at(offset).end, offset + kWindowAfter), found looking forward only when the line is
  // not the one known (most keys need no more of their line).
  std::size_t window_end(std::size_t offset) {
    if (offset >= line_.begin && offset < line_.end) {
      return std::min(line_.end, offset + kWindowAfter);
    }
    const std::size_t reach = std::min(text_.size(), offset + kWindowAfter + 1);
    // A long line is searched once, not from every hit on it.
    const bool in_run = offset >= break_free_.begin && offset <= break_free_.end;
    const std::size_t searched = in_run ? break_free_.end : offset;
    const void* newline =
        searched < reach ? std::memchr(text_.data() + searched, '\n', reach - searched) : nullptr;
    std::size_t end =
        newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data())
                : std::max(searched, reach);
    break_free_ = {in_run ? break_free_.begin : offset, end};
    if (newline == nullptr) {
      if (reach < text_.size()) return offset + kWindowAfter;
      end = text_.size();
    }
    // As line_at: a line ends before its "\r\n".
    if (end > 0 && text_[end - 1] == '\r') --end;
    return std::min(end, offset + kWindowAfter);
  }

  // Looks no further than the window: on a long line, a search to the line's end at every hit
  // made the scan quadratic (a 9 MB one-line bundle took minutes).
  std::size_t window_end_const(std::size_t offset) const {
    const std::size_t limit = std::min(text_.size(), offset + kWindowAfter);
    if (offset >= limit) return limit;
    const void* newline = std::memchr(text_.data() + offset, '\n', limit - offset);
    return newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data())
                   : limit;
  }

  // 1-based column of offset in its line, in Unicode code points (SARIF's default column kind);
  // counts on from the last answer on the same line, so a minified line is counted once.
  int column_at(Line line, std::size_t offset) {
    if (line.begin != counted_line_ || offset < column_offset_) {
      counted_line_ = line.begin;
      column_offset_ = line.begin;
      column_ = 1;
    }
    column_ +=
        static_cast<int>(offset - column_offset_ -
                         continuation_bytes(slice(text_, column_offset_, offset - column_offset_)));
    column_offset_ = offset;
    return column_;
  }

  // Whether the line carries a `mongoscan:allow` comment (cached per line).
  bool allowed_inline(Line line) {
    if (line.begin != allow_line_) {
      allow_line_ = line.begin;
      const std::string_view text = line_text(line);
      const std::size_t marker = text.find(kAllowComment);
      allowed_ = marker != std::string_view::npos;
      allow_comment_ =
          allowed_ ? allow_comment_text(text.substr(marker + kAllowComment.size())) : std::string();
    }
    return allowed_;
  }

  // The text after the line's `mongoscan:allow` (allowed_inline() read it).
  const std::string& allow_comment() const { return allow_comment_; }

  std::size_t skip_blanks(std::size_t at, std::size_t limit) const {
    while (at < limit && is_blank(text_[at])) ++at;
    return at;
  }

  // Counted here and handed to scan_ once: most anchors in a file are dropped keys.
  void drop(std::string_view rule) {
    // Rules are named by static strings: the same name is usually the same pointer.
    const auto counted = std::find_if(dropped_.begin(), dropped_.end(), [&](const auto& entry) {
      return (entry.first.data() == rule.data() && entry.first.size() == rule.size()) ||
             entry.first == rule;
    });
    if (counted != dropped_.end()) {
      ++counted->second;
    } else {
      dropped_.emplace_back(rule, 1);
    }
  }

  // A quoted or unquoted value starting at `at` (after the operator), ending before `limit`.
  std::optional<ValueSpan> value_at(std::size_t at, std::size_t limit, bool word_only) {
    at = skip_blanks(at, limit);
    if (at >= limit) return std::nullopt;
    // String prefixes: r"…", f"…", b"…", u"…" (Python), @"…" (C#), $"…" (C#).
    if (at + 1 < limit && is_quote(text_[at + 1]) &&
        std::string_view("rRfFbBuU@$").find(text_[at]) != std::string_view::npos) {
      ++at;
    }
    if (is_quote(text_[at])) {
      const char quote = text_[at];
      std::size_t close = at + 1;
      while (close < limit && text_[close] != quote) close += text_[close] == '\\' ? 2 : 1;
      return ValueSpan{at + 1, std::min(close, limit), true};
    }
    // A quote escaped inside a string (password=\"$PASS\" in a shell or JSON string): the value
    // runs to the same escaped quote.
    if (text_[at] == '\\' && at + 1 < limit && is_quote(text_[at + 1])) {
      const char quote = text_[at + 1];
      std::size_t close = at + 2;
      while (close + 1 < limit && !(text_[close] == '\\' && text_[close + 1] == quote)) ++close;
      return ValueSpan{at + 2, close + 1 < limit ? close : limit, true};
    }
    // One byte past kMaxUnquotedValue at most: a longer value is dropped as too long.
    limit = std::min(limit, at + kMaxUnquotedValue + 1);
    std::size_t end = at;
    if (word_only || syntax_ != FileSyntax::config) {
      end = first_stop(at, limit, syntax_ == FileSyntax::code ? kCodeValueStop : kValueStop);
    } else {
      end = limit;
      // A comment after the value: " #" (YAML, .env, shell), " ;" (INI).
      for (std::size_t i = at + 1; i < limit; ++i) {
        if ((text_[i] == '#' || text_[i] == ';') && is_blank(text_[i - 1])) {
          end = i;
          break;
        }
      }
      while (end > at && is_blank(text_[end - 1])) --end;
    }
    return ValueSpan{at, end, false};
  }

  // The first byte in [at, limit) of class `stops`, or limit. Remembers the run of other bytes it
  // last crossed, so hits inside one long value (`password=password=…` on one line) cross it once.
  std::size_t first_stop(std::size_t at, std::size_t limit, unsigned stops) {
    if (stops != stop_free_.stops || at < stop_free_.begin || at > stop_free_.end) {
      stop_free_ = {stops, at, at};
    }
    std::size_t end = stop_free_.end;
    while (end < limit && !in_class(text_[end], stops)) ++end;
    stop_free_.end = std::max(stop_free_.end, end);
    return std::min(end, limit);
  }

  // The value assigned to the key [key_begin, key_end): `key: v`, `key = v`, `key := v`,
  // `key => v`, `"key": v`, `$a['key'] = v`, `setKey("v")` in code, `--key v` for options.
  std::optional<ValueSpan> assigned_value(std::size_t key_begin, std::size_t key_end) {
    const std::size_t limit = window_end(key_begin);
    std::size_t at = key_end;
    if (key_begin > 0 && is_quote(text_[key_begin - 1]) && at < limit &&
        text_[at] == text_[key_begin - 1]) {
      ++at;
    }
    if (at < limit && text_[at] == ']') ++at;
    at = skip_blanks(at, limit);
    if (at >= limit) return std::nullopt;
    const char first = text_[at];
    const char second = at + 1 < limit ? text_[at + 1] : '\0';
    const bool option = text_[key_begin] == '-';
    if ((first == '=' || first == '!') && second == '=') return std::nullopt;
    if ((first == '=' && second == '>') || (first == ':' && second == '=')) {
      return value_at(at + 2, limit, option);
    }
    if (first == '=') {
      // '&client_secret=' + secret: the quote after '=' closes the literal the key is in.
      const std::size_t value = skip_blanks(at + 1, limit);
      // A quoted key's own quotes ($config['password'] = '...') open no literal around it.
      const bool quoted_key = key_begin > 0 && is_quote(text_[key_begin - 1]) &&
                              key_end < text_.size() && text_[key_end] == text_[key_begin - 1];
      if (value < limit && is_quote(text_[value]) &&
          inside_literal(quoted_key ? key_begin - 1 : key_begin, text_[value]))
        return std::nullopt;
      return value_at(at + 1, limit, option);
    }
    if (first == ':' && second != ':') {
      // ok ? 'PASS' : 'FAIL': the branches of a conditional, no key and its value.
      if (key_begin > 0 && is_quote(text_[key_begin - 1]) && before_blanks(key_begin - 1) == '?')
        return std::nullopt;
      // return "for credentials: `access_key_id` and ...": a sentence in a string of code, whose
      // words after the colon are no literal of their own.
      if (syntax_ == FileSyntax::code && inside_any_literal(key_begin)) {
        const std::size_t value = skip_blanks(at + 1, limit);
        // (A backquote there opens a code span of the sentence, not a literal.)
        if (value < limit && text_[value] != '"' && text_[value] != '\'' && text_[value] != '\\')
          return std::nullopt;
      }
      return value_at(at + 1, limit, option);
    }
    if (first == '(' && syntax_ == FileSyntax::code &&
        is_setter(text_.substr(key_begin, key_end - key_begin))) {
      return first_literal_argument(at);
    }
    // A key passed as a string, then its value: withEnv("MONGO_PASSWORD", "v"), put("pwd", "v");
    // a call's first argument only, not a list of names ({"user_name", "password", ...}).
    if (first == ',' && at > key_end && is_quote(text_[key_end]) && key_begin >= 2 &&
        before_blanks(key_begin - 1) == '(') {
      auto argument = value_at(at + 1, limit, true);
      if (argument && argument->quoted) return argument;
      return std::nullopt;
    }
    if (option && at > key_end && text_[at] != '-') return value_at(at, limit, true);
    return std::nullopt;
  }

  // Whether the literal that ends at `end` (its closing quote) is joined to more with '+' in
  // source code.
  bool concatenated(std::size_t end) const {
    if (syntax_ != FileSyntax::code || end >= text_.size() || !is_quote(text_[end])) return false;
    std::size_t at = end + 1;
    while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t')) ++at;
    return at < text_.size() && text_[at] == '+';
  }

  // The hosts of the authority [authority_begin, end) ("h1:27017,h2"), and whether user
  // information comes before them.
  struct AuthorityHosts {
    std::string_view hosts;
    bool user_info = false;
  };
  AuthorityHosts authority_hosts(std::size_t authority_begin, std::size_t end) const {
    std::string_view authority = text_.substr(authority_begin, end - authority_begin);
    authority =
        authority.substr(0, first_of(authority, [](char c) { return c == '/' || c == '?'; }));
    const std::size_t at = authority.rfind('@');
    if (at == std::string_view::npos) return {authority, false};
    return {authority.substr(at + 1), true};
  }

  // Whether a value shaped like an example (`example_shaped`: short, or a password to this
  // machine) sits on a comment line of source code: a usage example in a doc comment, such as
  // mongoose's ` *   mongoose.connect('mongodb://val:psw@127.0.0.1:27017/db')`. A longer value in a
  // comment (a production password commented out) is still reported.
  bool example_in_code_comment(std::size_t offset, bool example_shaped) {
    if (syntax_ != FileSyntax::code || !example_shaped) return false;
    const Line line = line_at(offset);
    std::size_t at = line.begin;
    while (at < line.end && is_blank(text_[at])) ++at;
    if (at >= line.end) return false;
    return text_[at] == '*' || text_[at] == '#' ||
           (text_[at] == '/' && at + 1 < line.end && text_[at + 1] == '/');
  }

  // Whether an odd number of `quote` characters (unescaped) stand between the start of the line
  // and `offset`: the text there is inside a string literal opened by `quote` (", ' or `). The
  // walk along the line goes on from where the last question left it: a minified line holds
  // thousands of hits.
  bool inside_literal(std::size_t offset, char quote) {
    const Line line = line_at(offset);
    QuoteWalk& walk = quote_walk_;
    if (walk.line_begin != line.begin || offset < walk.settled) {
      walk = {line.begin, line.begin, line.begin, 0};
    }
    while (walk.at < offset) {
      if (const std::size_t plain = plain_run(walk.at, offset); plain != 0) {
        walk.at += plain;
        walk.settled = walk.at;
        continue;
      }
      const char c = text_[walk.at];
      walk.settled = walk.at + 1;
      if (c == '\\') {
        walk.at += 2;
        continue;
      }
      walk.parity ^= QuoteWalk::bit(c);
      ++walk.at;
    }
    return (walk.parity & QuoteWalk::bit(quote)) != 0;
  }

  // How many of the bytes from `at`, sixteen at a time and before `limit`, hold no quote and no
  // backslash: the walk of inside_literal() skips them.
  std::size_t plain_run(std::size_t at, std::size_t limit) const {
    std::size_t run = 0;
#if defined(__x86_64__)
    for (; at + run + 16 <= limit; run += 16) {
      const __m128i bytes =
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(text_.data() + at + run));
      const __m128i special =
          _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')),
                                    _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\''))),
                       _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('`')),
                                    _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))));
      if (const auto mask = static_cast<unsigned>(_mm_movemask_epi8(special)); mask != 0) {
        return run + static_cast<std::size_t>(__builtin_ctz(mask));
      }
    }
#else
    (void)at;
    (void)limit;
#endif
    return run;
  }

  // Whether `offset` is inside a "..." or '...' literal on its line (a quoted key's own quote
  // aside: `"password": "x"` is a key).
  bool inside_any_literal(std::size_t offset) {
    const std::size_t start = offset > 0 && is_quote(text_[offset - 1]) ? offset - 1 : offset;
    return inside_literal(start, '"') || inside_literal(start, '\'');
  }

  // The character before `offset` past spaces and tabs; '\0' at the start of the text. `(`
  // before a quote opens a call's first argument, `?` a conditional's first branch.
  char before_blanks(std::size_t offset) const {
    while (offset > 0 && (text_[offset - 1] == ' ' || text_[offset - 1] == '\t')) --offset;
    return offset > 0 ? text_[offset - 1] : '\0';
  }

  // The first string literal among the top-level arguments of the call whose '(' is at `open`:
  // setPassword("v"), mongoc_uri_set_password(uri, "v"). Calls may span lines.
  std::optional<ValueSpan> first_literal_argument(std::size_t open) {
    const std::size_t limit = std::min(text_.size(), open + kWindowAfter);
    int depth = 0;
    for (std::size_t at = open + 1; at < limit; ++at) {
      const char c = text_[at];
      // An apostrophe in a word (hasn't) opens no literal.
      if (c == '\'' && is_alnum(text_[at - 1])) continue;
      if (c == '"' || c == '\'') {
        const auto literal = value_at(at, limit, true);
        if (depth == 0) return literal;
        at = literal->end;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && depth-- == 0) {
        break;
      }
    }
    return std::nullopt;
  }

  // The key around offset: a run of letters, digits, '_', '.', '-'.
  std::pair<std::size_t, std::size_t> key_around(std::size_t offset) const {
    std::size_t begin = offset;
    while (begin > 0 && is_key_char(text_[begin - 1])) --begin;
    return {begin, key_run_end(text_, offset)};
  }

  // Whether `word` (lower case, no line break) ends right before offset, in any case.
  bool preceded_by(std::size_t offset, std::string_view word) const {
    return offset >= word.size() &&
           equals_ignore_case(slice(text_, offset - word.size(), word.size()), word);
  }

  std::string_view line_text(Line line) const {
    return slice(text_, line.begin, line.end - line.begin);
  }

  // The literal user named before offset on its line or up to kUserLinesBefore lines above it
  // (within kWindowBefore bytes of each line's end).
  std::string nearby_user(std::size_t offset) {
    Line line = line_at(offset);
    std::size_t end_of_search = offset;
    for (int i = 0; i <= kUserLinesBefore; ++i) {
      const std::size_t start =
          std::max(line.begin, end_of_search - std::min(end_of_search, kWindowBefore));
      const std::string lower = to_lower_ascii(text_.substr(start, end_of_search - start));
      for (std::size_t at = lower.find("user"); at != std::string::npos;
           at = lower.find("user", at + 1)) {
        const auto [begin, end] = key_around(start + at);
        if (!is_user_word(last_word(text_.substr(begin, end - begin)))) continue;
        const auto value = assigned_value(begin, end);
        if (!value || (!value->quoted && syntax_ == FileSyntax::code)) continue;
        const std::string_view user = text_.substr(value->begin, value->end - value->begin);
        if (!dropping_rule({user, value->quoted, false, false})) return std::string(user);
      }
      if (line.begin == 0) break;
      line = previous_line(line);
      end_of_search = line.end;
    }
    return {};
  }

  // Whether a credential of `kind` at value_begin is to be reported: not reported before, and
  // within the per-kind limit (past it, only counted). Called before the costly part of a report.
  bool claim(CredentialHit::Kind kind, std::size_t value_begin) {
    if (!reported_.insert(value_begin).second) return false;
    std::size_t& kept = kept_per_kind_[static_cast<std::size_t>(kind)];
    if (kept >= limits_.credentials_per_kind) {
      ++scan_.credentials_not_kept[kind];
      return false;
    }
    ++kept;
    return true;
  }

  // Records a credential claim() let through.
  void report(CredentialHit::Kind kind, std::string key, std::size_t value_begin,
              std::size_t value_length, std::string password, std::string user = {},
              std::string host = {}) {
    const Line line = line_at(value_begin);
    CredentialHit hit;
    hit.kind = kind;
    hit.location = {std::string(path_), line_number(value_begin), column_at(line, value_begin)};
    hit.key = std::move(key);
    hit.user = std::move(user);
    hit.host = std::move(host);
    hit.password = Secret(std::move(password));
    hit.allowed_inline = allowed_inline(line);
    hit.allow_comment = allow_comment();
    hit.fingerprint = config_fingerprint(to_string(kind), path_, line_text(line),
                                         value_begin - line.begin, value_length);
    scan_.credentials.push_back(std::move(hit));
  }

  // Judges a candidate value and reports it unless a rule drops it.
  void judge(CredentialHit::Kind kind, std::string_view key, ValueSpan span, bool in_code) {
    std::string_view value = slice(text_, span.begin, span.end - span.begin);
    if (const std::string_view fallback = template_default(value); !fallback.empty()) {
      span.begin += static_cast<std::size_t>(fallback.data() - value.data());
      value = fallback;
    }
    if (starts_with_ignore_case(value, "mongodb")) return;  // a URI: after_uri judges it
    if (const auto rule = dropping_rule({value, span.quoted, in_code && !span.quoted, false})) {
      drop(*rule);
      return;
    }
    if (example_in_code_comment(span.begin, value.size() < kExampleValueBytes)) {
      drop("documentation-example");
      return;
    }
    if (!claim(kind, span.begin)) return;
    report(kind, std::string(key), span.begin, value.size(), std::string(value),
           nearby_user(span.begin));
  }

  // `mongodb://` or `mongodb+srv://` at offset: records the connection string and judges its
  // password. Returns where scanning goes on.
  std::size_t after_mongo(std::size_t offset) {
    const std::size_t scheme = scheme_size(offset);
    if (scheme == 0) return after_mongo_tool(offset);
    const char quote = offset > 0 && is_quote(text_[offset - 1]) ? text_[offset - 1] : '\0';
    const std::size_t limit = window_end(offset);
    // In quotes closed on the same line, a space is part of the string (appName=My App). The
    // window holds no line break: the closing quote is looked for in it alone.
    const bool spaces_inside =
        quote != '\0' && limit > offset + scheme &&
        std::memchr(text_.data() + offset + scheme, quote, limit - offset - scheme) != nullptr;
    std::size_t end = offset + scheme;
    while (end < limit && (!is_blank(text_[end]) || (spaces_inside && text_[end] == ' ')) &&
           text_[end] != quote && (quote != '\0' || !is_quote(text_[end])) &&
           !(text_[end] == '<' && end + 1 < text_.size() && text_[end + 1] == '/')) {
      if (text_[end] == '\\') {
        // A JSON-escaped '&', '=' or '/' is part of the string; any other escape (\" in a
        // string inside a string) ends it.
        const std::size_t escape = connection_string_escape(slice(text_, end, 6));
        if (escape == 0) break;
        end += escape;
        continue;
      }
      ++end;
    }
    // Cut at the window, not at its end: a fragment, whose missing options would be judged as
    // absent. Its password is still judged.
    const bool cut = end >= limit && limit < line_at(offset).end;
    // A string whose host is a sentence's word or a slot to fill in is no connection string to
    // judge; a password written in it still is a password.
    const AuthorityHosts authority = authority_hosts(offset + scheme, end);
    if (names_no_host(authority, end)) {
      drop("not-a-connection-string");
    } else if (concatenated(end) || unreachable_by_name(authority.hosts)) {
      // 'mongodb+srv://u:p@cluster0.mongodb.net/' + dbName: the rest is in code, a fragment; a
      // host named not to exist: no deployment.
      drop("not-a-connection-string");
    } else if (example_in_code_comment(offset, true)) {
      // A usage example in a doc comment (mongoose: ` *   const uri =
      // 'mongodb://nonexistent.domain:27000'`), or code commented out: no string in use.
      drop("documentation-example");
    } else if (!cut) {
      record_connection_string(offset, end);
    }
    judge_uri_password(offset + scheme, end);
    return end;
  }

  // What switches TLS on beside a connection string ending at `end` on `line`: a tool's --tls or
  // --ssl after it on its line (mongosh "mongodb://..." --tls), or a tls/ssl key set to true on
  // its line or the three lines around it (Spring's spring.data.mongodb.ssl.enabled=true, a Helm
  // value tls: true). Empty when nothing does.
  std::string tls_around(Line line, std::size_t end) {
    const std::string_view after = text_.substr(end, line.end > end ? line.end - end : 0);
    const std::array<std::string_view, 2> flags = {" --tls", " --ssl"};
    const std::array<std::size_t, 2> firsts = first_places(after, flags);
    for (std::size_t i = 0; i < flags.size(); ++i) {
      const std::size_t at = firsts[i];
      if (at != std::string_view::npos &&
          (at + flags[i].size() == after.size() || is_blank(after[at + flags[i].size()]))) {
        return std::string(flags[i].substr(1)) + " on the same line";
      }
    }
    if (line.begin != tls_nearby_line_) {
      tls_nearby_line_ = line.begin;
      tls_nearby_ = tls_nearby(line);
    }
    return tls_nearby_;
  }

  // A tls/ssl key set to true on `line` or the three lines around it (tls_around's second half,
  // which depends on the line only).
  std::string tls_nearby(Line line) {
    const std::size_t first = begin_lines_above(line.begin, 3);
    const std::size_t last = end_lines_below(line.end, 3);
    const std::string_view around = text_.substr(first, last - first);
    const std::vector<std::size_t>& words = tls_words(first, last);
    for (auto word = std::lower_bound(words.begin(), words.end(), first);
         word != words.end() && *word + 3 <= last; ++word) {
      const std::size_t key = *word - first;
      // A key of its own or the last part of a dotted one: not disable_ssl, not useSsl.
      if (key > 0 && !is_blank(around[key - 1]) && !is_quote(around[key - 1]) &&
          around[key - 1] != '.')
        continue;
      std::size_t value = key + 3;
      if (starts_with_ignore_case(around.substr(value), ".enabled")) value += 8;
      if (starts_with_ignore_case(around.substr(value), "enabled")) value += 7;
      while (value < around.size() && (around[value] == '"' || around[value] == '\'')) ++value;
      while (value < around.size() && is_blank(around[value]) && around[value] != '\n') ++value;
      if (value < around.size() && (around[value] == ':' || around[value] == '=')) {
        ++value;
        while (value < around.size() && (is_blank(around[value]) || is_quote(around[value])) &&
               around[value] != '\n')
          ++value;
        if (starts_with_ignore_case(around.substr(value), "true")) {
          return std::string(around.substr(key, value + 4 - key)) + " nearby";
        }
      }
    }
    return {};
  }

  // Where "tls" or "ssl" stands in [begin, end) of the text, in any case, in order, among others
  // outside it. The lines around one connection string overlap those around the next: the stretch
  // searched is extended, and searched again only when a window starts past it.
  const std::vector<std::size_t>& tls_words(std::size_t begin, std::size_t end) {
    if (begin < tls_words_.begin || begin > tls_words_.end) {
      tls_words_.begin = tls_words_.end = begin;
      tls_words_.found.clear();
    }
    if (end > tls_words_.end) {
      // A word ending past the old end may start up to two bytes before it.
      const std::size_t from =
          std::max(tls_words_.begin, tls_words_.end - std::min<std::size_t>(tls_words_.end, 2));
      find_tls_words(text_.substr(0, end), from, tls_words_.found);
      tls_words_.end = end;
    }
    return tls_words_.found;
  }

  // Whether the authority ending at `end` names no host a client could reach: no letter or
  // digit in it (`mongodb://....`, `mongodb://…`), or a word of the sentence it stands in
  // (`mongodb://connection strings`, the scheme named in prose).
  bool names_no_host(const AuthorityHosts& authority, std::size_t end) const {
    const auto [hosts, user_info] = authority;
    // An IPv6 literal keeps its colons: [::1]:27017.
    const std::string_view host = hosts.substr(
        0, hosts.starts_with('[') ? hosts.find(']')
                                  : first_of(hosts, [](char c) { return c == ',' || c == ':'; }));
    if (std::none_of(host.begin(), host.end(), [](char c) { return is_alnum(c); })) return true;
    // <cluster end point>, {{ .host }}, ${HOST}: a slot to fill in.
    if (first_of(host, is_slot_char) != std::string_view::npos) return true;
    const bool prose_follows = end + 1 < text_.size() && text_[end] == ' ' &&
                               std::islower(static_cast<unsigned char>(text_[end + 1])) != 0;
    return prose_follows && !user_info && is_any_of(host, kProseNouns);
  }

  // Counts the string [offset, end) and keeps its first places; a file often repeats one string.
  void record_connection_string(std::size_t offset, std::size_t end) {
    const std::string_view raw = text_.substr(offset, end - offset);
    const auto [index, inserted] = string_index(raw);
    if (inserted) {
      // Room for a few at once: a file with one string mostly has several.
      if (scan_.connection_strings.empty()) scan_.connection_strings.reserve(kStringsReserved);
      scan_.connection_strings.emplace_back().text =
          Secret(xml_entities_decoded(json_escapes_decoded(std::string(raw))));
    }
    FoundConnectionString& found = scan_.connection_strings[index];
    const Line line = line_at(offset);
    if (found.occurrences++ == 0) {
      found.allowed_inline = allowed_inline(line);
      found.allow_comment = allow_comment();
      found.tls_around = tls_around(line, end);
    }
    if (found.places.size() < FoundConnectionString::kPlacesKept) {
      // Room for all at the first: one allocation, not one per doubling.
      if (found.places.empty()) found.places.reserve(FoundConnectionString::kPlacesKept);
      found.places.push_back({std::string(), line_number(offset), column_at(line, offset)});
    }
  }

  // The index in scan_.connection_strings of the string written as `raw`, and whether it is new
  // (its index is then the next one). The first few are compared one by one; a hash map is built
  // only for a file of many (hashing each string cost more than comparing it with a few).
  std::pair<std::size_t, bool> string_index(std::string_view raw) {
    if (strings_.empty()) {
      const auto known = std::find(raw_strings_.begin(), raw_strings_.end(), raw);
      if (known != raw_strings_.end()) {
        return {static_cast<std::size_t>(known - raw_strings_.begin()), false};
      }
      if (raw_strings_.size() < kStringsComparedOneByOne) {
        raw_strings_.push_back(raw);
        return {raw_strings_.size() - 1, true};
      }
      for (std::size_t i = 0; i < raw_strings_.size(); ++i) strings_.emplace(raw_strings_[i], i);
    }
    const auto [entry, inserted] = strings_.try_emplace(raw, raw_strings_.size());
    if (inserted) raw_strings_.push_back(raw);
    return {entry->second, inserted};
  }

  // The user info of a URI between authority_begin and end: up to the last '@' before the query.
  void judge_uri_password(std::size_t authority_begin, std::size_t end) {
    const std::string_view authority = text_.substr(authority_begin, end - authority_begin);
    const std::size_t query = authority.find('?');
    const std::size_t at = authority.substr(0, query).rfind('@');
    if (at == std::string_view::npos) return;
    const std::string_view user_info = authority.substr(0, at);
    const std::size_t colon = user_info.find(':');
    if (colon == std::string_view::npos || colon + 1 == user_info.size()) {
      drop("uri-without-password");
      return;
    }
    std::string_view hosts =
        authority.substr(at + 1, std::min(authority.find('/', at), query) - at - 1);
    // A port no host can have (mongolab.com:99999, 127.0.0.1:port): a made-up example.
    if (has_impossible_port(hosts)) {
      drop("documentation-example");
      return;
    }
    const std::string password = xml_entities_decoded(percent_decoded(user_info.substr(colon + 1)));
    // mongodb://aaron:psw@${host}/fake: a short password beside a slot for the host is an example.
    if (password.size() < kExampleValueBytes &&
        first_of(hosts, is_slot_char) != std::string_view::npos) {
      drop("documentation-example");
      return;
    }
    const bool loopback = loopback_hosts(hosts);
    if (const auto rule = dropping_rule({password, true, false, loopback})) {
      drop(*rule);
      return;
    }
    if (example_in_code_comment(authority_begin,
                                loopback || password.size() < kExampleValueBytes)) {
      drop("documentation-example");
      return;
    }
    if (!claim(CredentialHit::Kind::uri_password, authority_begin + colon + 1)) return;
    const std::string host(hosts.substr(0, hosts.find(',')));
    report(CredentialHit::Kind::uri_password, {}, authority_begin + colon + 1,
           user_info.size() - colon - 1, password, percent_decoded(user_info.substr(0, colon)),
           host);
    // Whether it is a documentation example depends on the file's context, which the config
    // scan decides (config_scan.cpp).
    scan_.credentials.back().on_documentation_host = documentation_hosts(hosts);
  }

  // The size of "mongodb://" or "mongodb+srv://" at offset, whose "mongo" the anchor matched in
  // any case, or 0 when neither is written there.
  std::size_t scheme_size(std::size_t offset) const {
    const std::string_view rest = slice(text_, offset + 5, 9);
    if (rest.size() < 5 || to_lower_ascii(rest[0]) != 'd' || to_lower_ascii(rest[1]) != 'b') {
      return 0;
    }
    if (rest[2] == ':' && rest[3] == '/' && rest[4] == '/') return 10;
    if (rest.size() == 9 && rest[2] == '+' && is_word(rest.substr(3, 3), "srv") &&
        rest.substr(6) == "://") {
      return 14;
    }
    return 0;
  }

  // Whether the word at offset ("mongo" in any case, then key characters) may be a tool's or a
  // server's name, judged by its two letters after "mongo": most words there are mongodb,
  // MongoClient, mongoose, MONGO_URL.
  bool may_name_program(std::size_t offset) const {
    const auto byte = [&](std::size_t at) { return at < text_.size() ? text_[at] : '\0'; };
    const char first = to_lower_ascii(byte(offset + 5));
    const char second = to_lower_ascii(byte(offset + 6));
    if (!is_key_char(first) || ((first == 'd' || first == 's') && !is_key_char(second))) {
      return true;  // mongo, mongod, mongos
    }
    // mongosh, mongodump, mongorestore, mongoimport, mongoexport, mongostat, mongotop, mongofiles
    static constexpr std::array<std::string_view, 8> kToolStarts = {"sh", "du", "re", "im",
                                                                    "ex", "st", "to", "fi"};
    return std::any_of(kToolStarts.begin(), kToolStarts.end(), [&](std::string_view start) {
      return first == start[0] && second == start[1];
    });
  }

  // A MongoDB command-line tool (mongosh, mongo, mongodump, ...) with `-p value` on its line.
  std::size_t after_mongo_tool(std::size_t offset) {
    if ((offset > 0 && (is_alnum(text_[offset - 1]) || text_[offset - 1] == '_')) ||
        !may_name_program(offset)) {
      return offset + 5;
    }
    const std::size_t end = key_run_end(text_, offset);
    const std::string_view word = slice(text_, offset, end - offset);
    if (word == "mongod" || word == "mongos") {
      scan_.server_program_offsets.push_back(offset);
      return end;
    }
    if (!is_any_of(word, kTools)) return offset + 5;
    const std::size_t limit = window_end(offset);
    for (std::size_t at = end; at + 2 < limit; ++at) {
      if (text_[at] != '-' || text_[at + 1] != 'p' || !is_blank(text_[at - 1])) continue;
      if (!is_blank(text_[at + 2]) && !is_quote(text_[at + 2])) continue;
      const auto value = value_at(at + 2, limit, true);
      if (!value || text_[value->begin] == '-') return end;  // -p alone: mongosh prompts
      judge(CredentialHit::Kind::cli_argument, "-p", *value, false);
      return value->end;
    }
    return end;
  }

  // A key around an anchor word: judged when its last word names a credential.
  std::size_t after_key(std::size_t offset) {
    const auto [begin, end] = key_around(offset);
    const std::string_view key = slice(text_, begin, end - begin);
    // "$PWD:/pwd": a shell variable's expansion, not a key (${NAME:default} is read below: its
    // default is hardcoded).
    if (begin > 0 && text_[begin - 1] == '$') {
      drop("not-a-credential-key");
      return end;
    }
    // existingSecret (Helm charts): the name of a Kubernetes Secret, not a secret.
    const std::string_view word = last_word(key);
    if (!is_credential_word(word) ||
        (key.size() >= word.size() + 8 && contains_ignore_case(key, "existing"))) {
      drop("not-a-credential-key");
      return end;
    }
    if (is_credential_call(key)) {
      judge_credential_call(key, end);
      return end;
    }
    std::optional<ValueSpan> value = value_of_key(begin, end);
    if (!value) {
      if (syntax_ == FileSyntax::config && opens_block(end)) judge_list_items(key, begin);
      return end;
    }
    if (!value->quoted && syntax_ == FileSyntax::code) {
      if (const auto fallback = fallback_literal(value->end)) value = fallback;
    }
    // `--pass: #2e7d32` in a style sheet: a CSS custom property; options take a space or '='.
    if (key.starts_with("--") && end < text_.size() && text_[end] == ':') {
      drop("css-custom-property");
      return end;
    }
    const auto kind = key.starts_with("-") ? CredentialHit::Kind::cli_argument
                                           : CredentialHit::Kind::credential_key;
    if (names_kubernetes_secret(key, word, slice(text_, value->begin, value->end - value->begin))) {
      drop("secret-name");
      return value->quoted ? std::max(end, value->end) : end;
    }
    if (names_credential_object(word)) {
      judge_user_password_at_database(key, *value);
    } else {
      judge(kind, key, *value, syntax_ == FileSyntax::code);
    }
    return value->quoted ? std::max(end, value->end) : end;
  }

  // The value given to the key [begin, end) in any of the syntaxes below, tried in turn.
  std::optional<ValueSpan> value_of_key(std::size_t begin, std::size_t end) {
    if (auto value = element_or_attribute_value(begin, end)) return value;
    if (auto value = name_value_pair_value(begin)) return value;
    if (auto value = template_with_default(begin, end)) return value;
    if (auto value = variable_block_default(begin, end)) return value;
    if (auto value = dockerfile_env_value(begin, end)) return value;
    return assigned_value(begin, end);
  }

  // `${mongo.password:v}` (Spring's @Value, a YAML or Compose default): the default after the
  // colon (or ":-"), up to '}' on the same line (no '}' there: an unfinished template).
  std::optional<ValueSpan> template_with_default(std::size_t begin, std::size_t end) const {
    if (begin < 2 || text_[begin - 2] != '$' || text_[begin - 1] != '{' || end >= text_.size() ||
        text_[end] != ':') {
      return std::nullopt;
    }
    if (end + 1 < text_.size() && text_[end + 1] == '-') ++end;
    const std::size_t line_end = window_end_const(end);
    const std::size_t close = text_.substr(0, line_end).find('}', end);
    if (close == std::string_view::npos) return std::nullopt;
    return ValueSpan{end + 1, close, true};
  }

  // Terraform's `variable "db_password" { ... default = "v" }`: the default inside the block.
  std::optional<ValueSpan> variable_block_default(std::size_t begin, std::size_t end) {
    if (!preceded_by(begin, "variable \"")) return std::nullopt;
    const Line line = line_at(begin);
    if (end >= line.end || text_[end] != '"') return std::nullopt;
    Line next = line;
    for (int i = 0; i < kBlockLines; ++i) {
      next = next_line(next);
      if (next.begin >= text_.size()) break;
      const std::size_t first = skip_blanks(next.begin, next.end);
      const std::string_view content = text_.substr(first, next.end - first);
      if (content.starts_with("}")) break;
      if (content.starts_with("default")) return assigned_value(first, first + 7);
    }
    return std::nullopt;
  }

  // A Dockerfile's legacy `ENV KEY value` (no '=').
  std::optional<ValueSpan> dockerfile_env_value(std::size_t begin, std::size_t end) {
    if (syntax_ != FileSyntax::shell) return std::nullopt;
    const Line line = line_at(begin);
    const std::size_t first = skip_blanks(line.begin, line.end);
    if (!starts_with_ignore_case(text_.substr(first, begin - first), "env ") ||
        skip_blanks(first + 4, line.end) != begin || end >= line.end || !is_blank(text_[end])) {
      return std::nullopt;
    }
    return value_at(end, line.end, true);
  }

  // Whether the key ending at `end` is followed by ':' and nothing else on its line.
  bool opens_block(std::size_t end) {
    const Line line = line_at(end);
    std::size_t at = end < line.end && is_quote(text_[end]) ? end + 1 : end;
    if (at >= line.end || text_[at] != ':') return false;
    return skip_blanks(at + 1, line.end) == line.end;
  }

  // A YAML key with no value on its line and a list below: `passwords:` then `- v` items.
  void judge_list_items(std::string_view key, std::size_t begin) {
    Line next = line_at(begin);
    for (int i = 0; i < kBlockLines; ++i) {
      next = next_line(next);
      if (next.begin >= text_.size()) return;
      const std::size_t first = skip_blanks(next.begin, next.end);
      if (text_.substr(first, 2) != "- ") return;
      if (const auto item = value_at(first + 2, next.end, false)) {
        judge(CredentialHit::Kind::credential_key, key, *item, false);
      }
    }
  }

  // `process.env.X || 'v'`, `ENV.fetch("X") ?? "v"`, `getenv("X") or "v"`: the literal used when
  // the reference is empty, which is hardcoded.
  // The operator is looked for at most kFallbackReach bytes on: a reference's fallback follows
  // it closely, and a search to the window's end at every hit made one long line slow.
  std::optional<ValueSpan> fallback_literal(std::size_t after) {
    const std::size_t limit = std::min(window_end_const(after), after + kFallbackReach);
    std::size_t at = after;
    while (at < limit && text_[at] != ',' && text_[at] != ';' && text_[at] != '}') {
      const char c = text_[at];
      const char next = at + 1 < limit ? text_[at + 1] : '\0';
      // A sentence ends before any operator: prose ("password: this value ... If you use `a` or
      // `b`"), whose quoted words are no fallback.
      if (c == '.' && (next == ' ' || next == '\n')) return std::nullopt;
      std::size_t operator_size = 0;
      if ((c == '|' && next == '|') || (c == '?' && (next == '?' || next == ':'))) {
        operator_size = 2;
      } else if (c == ' ' && next == 'o' && limit - at >= 4 && text_.compare(at, 4, " or ") == 0) {
        operator_size = 4;
      }
      if (operator_size != 0) {
        auto literal = value_at(at + operator_size, limit, true);
        if (literal && literal->quoted) return literal;
        return std::nullopt;
      }
      ++at;
    }
    return std::nullopt;
  }

  // `<password>v</password>`, or `name="password" value="v"` / `key="DbPassword" value="v"`.
  std::optional<ValueSpan> element_or_attribute_value(std::size_t begin, std::size_t end) {
    if (begin > 0 && text_[begin - 1] == '<' && end < text_.size() && text_[end] == '>') {
      const std::size_t close = text_.substr(0, window_end(begin)).find("</", end);
      if (close == std::string_view::npos) return std::nullopt;
      return ValueSpan{end + 1, close, true};
    }
    if (begin < 2 || !is_quote(text_[begin - 1]) || text_[begin - 2] != '=') return std::nullopt;
    if (!preceded_by(begin - 2, "name") && !preceded_by(begin - 2, "key")) return std::nullopt;
    const std::size_t limit = window_end(begin);
    const std::string after = to_lower_ascii(text_.substr(end, limit - end));
    const std::size_t value = after.find("value=");
    if (value == std::string::npos) return std::nullopt;
    return value_at(end + value + 6, limit, true);
  }

  // A Kubernetes or Compose env entry: `- name: MONGO_PASSWORD` with `value: v` on a following
  // line. A `valueFrom:` there reads a Secret: no finding.
  std::optional<ValueSpan> name_value_pair_value(std::size_t begin) {
    // Blanks and quotes hold no line break: the walk back stays on the key's line.
    std::size_t key = begin;
    while (key > 0 && (is_blank(text_[key - 1]) || is_quote(text_[key - 1]))) --key;
    if (!preceded_by(key, "name:")) return std::nullopt;
    Line next = line_at(begin);
    for (int i = 0; i < kNameValueLines; ++i) {
      next = next_line(next);
      if (next.begin >= text_.size()) return std::nullopt;
      const std::size_t first = skip_blanks(next.begin, next.end);
      const std::string_view content = text_.substr(first, next.end - first);
      if (content.starts_with("valueFrom:")) {
        drop("reference-or-call");
        return std::nullopt;
      }
      if (content.starts_with("value:")) return value_at(first + 6, next.end, false);
      if (content.starts_with("- ")) return std::nullopt;
    }
    return std::nullopt;
  }

  // MongoCredential.createCredential(user, source, "pw".toCharArray()) and the C# driver's
  // MongoCredential.CreateCredential(source, user, "pw"): the third argument.
  void judge_credential_call(std::string_view call, std::size_t end) {
    const std::size_t limit = std::min(text_.size(), end + kWindowAfter);
    std::size_t at = skip_blanks(end, limit);
    if (at >= limit || text_[at] != '(') return;
    int depth = 0;
    int argument = 0;
    for (++at; at < limit; ++at) {
      const char c = text_[at];
      if (is_quote(c)) {
        const auto literal = value_at(at, limit, true);
        at = literal ? literal->end : limit;
        continue;
      }
      if (c == '(') ++depth;
      if (c == ')' && depth-- == 0) return;
      if (c == ',' && depth == 0) {
        if (++argument == 2) {
          const std::size_t value = skip_blanks(at + 1, limit);
          const auto literal = value_at(value, limit, true);
          if (literal) judge(CredentialHit::Kind::driver_argument, call, *literal, true);
          return;
        }
      }
    }
  }

  // Spring's `credential="user:password@database"` (a list may follow, comma-separated).
  void judge_user_password_at_database(std::string_view key, ValueSpan span) {
    const std::string_view value = text_.substr(span.begin, span.end - span.begin);
    const std::string_view first = value.substr(0, value.find(','));
    const std::size_t colon = first.find(':');
    const std::size_t at = first.rfind('@');
    if (colon == std::string_view::npos || at == std::string_view::npos || at < colon) {
      judge(CredentialHit::Kind::credential_key, key, span, syntax_ == FileSyntax::code);
      return;
    }
    const ValueSpan password{span.begin + colon + 1, span.begin + at, true};
    judge(CredentialHit::Kind::credential_key, key, password, false);
  }

  // How far inside_literal() walked along a line: the bytes before `at` are counted, every one
  // before `settled` was looked at (an escape skips the next byte), and `parity` has a bit set per
  // quote seen an odd number of times there.
  struct QuoteWalk {
    static unsigned bit(char c) { return c == '"' ? 1 : c == '\'' ? 2 : c == '`' ? 4 : 0; }
    std::size_t line_begin = std::string_view::npos;
    std::size_t at = 0;
    std::size_t settled = 0;
    unsigned parity = 0;
  };

  // [begin, end) holds no byte of class `stops` (first_stop's memory).
  struct StopFreeRun {
    unsigned stops = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
  };

  std::string_view path_;
  std::string_view text_;
  FileSyntax syntax_;
  TextScanLimits limits_;
  StopFreeRun stop_free_;
  QuoteWalk quote_walk_;
  // tls_nearby() of the line starting at tls_nearby_line_.
  std::size_t tls_nearby_line_ = std::string_view::npos;
  std::string tls_nearby_;
  // tls_words(): every "tls" and "ssl" starting at or after `begin` and ending by `end`.
  struct TlsWords {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::vector<std::size_t> found;
  };
  TlsWords tls_words_;
  TextScan scan_;
  std::array<std::size_t, 4> kept_per_kind_{};  // credentials reported, by CredentialHit::Kind
  std::vector<std::pair<std::string_view, std::size_t>> dropped_;
  // Index in scan_.connection_strings of each string as written.
  // Each string as written, by its index in scan_.connection_strings (string_index()), and past
  // kStringsComparedOneByOne of them the same as a map.
  std::vector<std::string_view> raw_strings_;
  std::unordered_map<std::string_view, std::size_t> strings_;
  Line line_{0, 0};
  // [begin, end) of the text holds no '\n' (window_end's memory).
  Line break_free_{0, 0};
  std::size_t counted_to_ = 0;
  int counted_lines_ = 1;
  std::set<std::size_t> reported_;
  std::size_t counted_line_ = 0;
  std::size_t column_offset_ = 0;
  int column_ = 1;
  std::size_t allow_line_ = std::string_view::npos;
  bool allowed_ = false;
  std::string allow_comment_;
};

}  // namespace

TextScan scan_config_text(std::string_view path, std::string_view text,
                          const TextScanLimits& limits) {
  return TextScanner(path, text, limits).run();
}

}  // namespace mongoscan
