#include "scanner/infra/mongod_command_line.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <vector>

namespace mongoscan {
namespace {

// How far a list or a continued line is followed: a command line is never longer.
constexpr std::size_t kMaxCommandBytes = 8 * 1024;

enum class OptionForm { switch_on, fixed, value };

struct OptionMapping {
  std::string_view name;  // without the leading dashes
  std::string_view key;   // the configuration file's dotted key
  OptionForm form;
  std::string_view fixed_value = {};  // OptionForm::fixed
};

// The options the checks read, by the names the server's option definitions give them.
constexpr OptionMapping kOptions[] = {
    // src/mongo/db/server_options_nongeneral.idl, server_options_general.idl
    {"bind_ip", "net.bindIp", OptionForm::value},
    {"bind_ip_all", "net.bindIpAll", OptionForm::switch_on},
    {"port", "net.port", OptionForm::value},
    {"ipv6", "net.ipv6", OptionForm::switch_on},
    {"maxConns", "net.maxIncomingConnections", OptionForm::value},
    {"nounixsocket", "net.unixDomainSocket.enabled", OptionForm::fixed, "false"},
    {"networkMessageCompressors", "net.compression.compressors", OptionForm::value},
    {"keyFile", "security.keyFile", OptionForm::value},
    {"clusterAuthMode", "security.clusterAuthMode", OptionForm::value},
    {"transitionToAuth", "security.transitionToAuth", OptionForm::switch_on},
    {"redactClientLogData", "security.redactClientLogData", OptionForm::switch_on},
    {"slowms", "operationProfiling.slowOpThresholdMs", OptionForm::value},
    {"logpath", "systemLog.path", OptionForm::value},
    {"syslog", "systemLog.destination", OptionForm::fixed, "syslog"},
    {"logappend", "systemLog.logAppend", OptionForm::switch_on},
    {"quiet", "systemLog.quiet", OptionForm::switch_on},
    {"fork", "processManagement.fork", OptionForm::switch_on},
    // src/mongo/db/mongod_options.cpp, canonicalizeMongodOptions
    {"auth", "security.authorization", OptionForm::fixed, "enabled"},
    {"noauth", "security.authorization", OptionForm::fixed, "disabled"},
    {"configsvr", "sharding.clusterRole", OptionForm::fixed, "configsvr"},
    {"shardsvr", "sharding.clusterRole", OptionForm::fixed, "shardsvr"},
    // src/mongo/db/mongod_options_general.idl, _replication.idl, _sharding.idl, _storage.idl
    {"noscripting", "security.javascriptEnabled", OptionForm::fixed, "false"},
    {"profile", "operationProfiling.mode", OptionForm::value},
    {"replSet", "replication.replSetName", OptionForm::value},
    {"oplogSize", "replication.oplogSizeMB", OptionForm::value},
    {"configdb", "sharding.configDB", OptionForm::value},
    {"dbpath", "storage.dbPath", OptionForm::value},
    {"storageEngine", "storage.engine", OptionForm::value},
    {"directoryperdb", "storage.directoryPerDB", OptionForm::switch_on},
    // Enterprise: encryption at rest, auditing, LDAP
    {"enableEncryption", "security.enableEncryption", OptionForm::switch_on},
    {"encryptionCipherMode", "security.encryptionCipherMode", OptionForm::value},
    {"encryptionKeyFile", "security.encryptionKeyFile", OptionForm::value},
    {"kmipServerName", "security.kmip.serverName", OptionForm::value},
    {"auditDestination", "auditLog.destination", OptionForm::value},
    {"auditFormat", "auditLog.format", OptionForm::value},
    {"auditPath", "auditLog.path", OptionForm::value},
    {"auditFilter", "auditLog.filter", OptionForm::value},
    {"ldapServers", "security.ldap.servers", OptionForm::value},
    {"ldapTransportSecurity", "security.ldap.transportSecurity", OptionForm::value},
    {"ldapAuthzQueryTemplate", "security.ldap.authz.queryTemplate", OptionForm::value},
    // src/mongo/util/net/ssl_options_server.idl (the ssl* names before 4.2, still accepted)
    {"tlsMode", "net.tls.mode", OptionForm::value},
    {"sslMode", "net.ssl.mode", OptionForm::value},
    {"tlsCertificateKeyFile", "net.tls.certificateKeyFile", OptionForm::value},
    {"sslPEMKeyFile", "net.ssl.PEMKeyFile", OptionForm::value},
    {"tlsCertificateSelector", "net.tls.certificateSelector", OptionForm::value},
    {"tlsCAFile", "net.tls.CAFile", OptionForm::value},
    {"sslCAFile", "net.ssl.CAFile", OptionForm::value},
    {"tlsCRLFile", "net.tls.CRLFile", OptionForm::value},
    {"sslCRLFile", "net.ssl.CRLFile", OptionForm::value},
    {"tlsClusterFile", "net.tls.clusterFile", OptionForm::value},
    {"sslClusterFile", "net.ssl.clusterFile", OptionForm::value},
    {"tlsDisabledProtocols", "net.tls.disabledProtocols", OptionForm::value},
    {"sslDisabledProtocols", "net.ssl.disabledProtocols", OptionForm::value},
    {"tlsAllowInvalidCertificates", "net.tls.allowInvalidCertificates", OptionForm::switch_on},
    {"sslAllowInvalidCertificates", "net.ssl.allowInvalidCertificates", OptionForm::switch_on},
    {"tlsAllowInvalidHostnames", "net.tls.allowInvalidHostnames", OptionForm::switch_on},
    {"sslAllowInvalidHostnames", "net.ssl.allowInvalidHostnames", OptionForm::switch_on},
    {"tlsAllowConnectionsWithoutCertificates", "net.tls.allowConnectionsWithoutCertificates",
     OptionForm::switch_on},
    {"sslAllowConnectionsWithoutCertificates", "net.ssl.allowConnectionsWithoutCertificates",
     OptionForm::switch_on},
    {"tlsFIPSMode", "net.tls.FIPSMode", OptionForm::switch_on},
    {"sslFIPSMode", "net.ssl.FIPSMode", OptionForm::switch_on},
    {"tlsClusterCAFile", "net.tls.clusterCAFile", OptionForm::value},
};

const OptionMapping* option_named(std::string_view name) {
  const auto found = std::find_if(std::begin(kOptions), std::end(kOptions),
                                  [&](const OptionMapping& option) { return option.name == name; });
  return found == std::end(kOptions) ? nullptr : &*found;
}

using Word = CommandWord;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool is_quote_char(char c) { return c == '"' || c == '\''; }

// The longest path before a program name read as its directory ("/usr/local/bin/").
constexpr std::size_t kMaxPathBytes = 256;

class CommandReader {
 public:
  CommandReader(std::string_view text, std::size_t offset)
      : text_(text),
        offset_(offset),
        line_(1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'))) {}

  int line() const { return line_; }

  // The words after the program name, in the form the text around it shows; nullopt when the
  // name is an argument of another program (`--component mongod`), not the one run.
  std::optional<std::vector<Word>> words() const {
    const std::size_t line_begin = text_.rfind('\n', offset_) + 1;  // npos + 1 == 0
    const std::string_view before = text_.substr(line_begin, offset_ - line_begin);
    const std::size_t name_end = offset_ + 6;
    const std::size_t last = before.find_last_not_of(" \t\"'");
    // A quoted name (or path, "/usr/bin/mongod") after '[' or ',', on its line or the one before:
    // an element of a list.
    std::size_t path_begin = offset_;
    while (path_begin > line_begin && offset_ - path_begin < kMaxPathBytes &&
           !is_space(text_[path_begin - 1]) && !is_quote_char(text_[path_begin - 1]) &&
           text_[path_begin - 1] != '[' && text_[path_begin - 1] != ',' &&
           text_[path_begin - 1] != '=') {
      --path_begin;
    }
    if (path_begin >= 2 && is_quote_char(text_[path_begin - 1])) {
      const std::size_t separator = text_.find_last_not_of(" \t\r\n", path_begin - 2);
      if (separator != std::string_view::npos &&
          (text_[separator] == '[' || text_[separator] == ',')) {
        if (text_[separator] == ',' && previous_list_word_is_option(separator)) return std::nullopt;
        return list_words(name_end);
      }
    }
    // `- mongod` or `- /usr/bin/mongod`: an item of a YAML list.
    const std::string_view before_path = before.substr(0, path_begin - line_begin);
    const std::size_t first = before.find_first_not_of(" \t");
    if (first != std::string_view::npos && before[first] == '-' &&
        before_path.find_first_not_of(" \t\"'", first + 1) == std::string_view::npos) {
      if (previous_yaml_item_is_option(line_begin, first)) return std::nullopt;
      return yaml_list_words(line_begin, first, name_end);
    }
    if (last != std::string_view::npos) {
      const std::size_t space = before.find_last_of(" \t", last);
      const std::size_t word_begin = space == std::string_view::npos ? 0 : space + 1;
      const std::size_t word_start = before.find_first_not_of("\"'", word_begin);
      if (word_start <= last && before[word_start] == '-') return std::nullopt;
    }
    return shell_words(name_end);
  }

 private:
  // Whether the quoted word before the comma at `comma` starts with '-'.
  bool previous_list_word_is_option(std::size_t comma) const {
    const std::size_t close = text_.find_last_not_of(" \t\r\n", comma - 1);
    if (close == std::string_view::npos || !is_quote_char(text_[close])) return false;
    const std::size_t open = text_.rfind(text_[close], close - 1);
    return open != std::string_view::npos && open + 1 < close && text_[open + 1] == '-';
  }

  // Whether the line before is an item of the same YAML list whose value starts with '-'.
  bool previous_yaml_item_is_option(std::size_t line_begin, std::size_t indent) const {
    if (line_begin < 2) return false;
    const std::size_t previous_begin = text_.rfind('\n', line_begin - 2) + 1;
    const std::string_view previous = text_.substr(previous_begin, line_begin - 1 - previous_begin);
    if (previous.size() <= indent + 2 || previous.find_first_not_of(" \t") != indent ||
        previous[indent] != '-') {
      return false;
    }
    const std::size_t value = previous.find_first_not_of(" \t\"'", indent + 1);
    return value != std::string_view::npos && previous[value] == '-';
  }

  // Quoted words separated by commas, up to the closing bracket.
  std::vector<Word> list_words(std::size_t from) const {
    std::vector<Word> words;
    int line = line_;
    const std::size_t limit = std::min(text_.size(), from + kMaxCommandBytes);
    std::size_t at = from;
    if (at < limit && is_quote_char(text_[at])) ++at;  // the program name's closing quote
    while (at < limit) {
      const char c = text_[at];
      if (c == ']') break;
      if (c == '\n') ++line;
      if (!is_quote_char(c)) {
        ++at;
        continue;
      }
      const std::size_t close = text_.find(c, at + 1);
      if (close == std::string_view::npos || close >= limit) break;
      words.push_back({std::string(text_.substr(at + 1, close - at - 1)), line});
      at = close + 1;
    }
    return words;
  }

  // `- item` lines at the indentation of the program name's item.
  std::vector<Word> yaml_list_words(std::size_t line_begin, std::size_t indent,
                                    std::size_t name_end) const {
    std::vector<Word> words;
    std::size_t next = text_.find('\n', name_end);
    int line = line_;
    while (next != std::string_view::npos && next + 1 < text_.size() &&
           next - line_begin < kMaxCommandBytes) {
      const std::size_t begin = next + 1;
      const std::size_t end = std::min(text_.find('\n', begin), text_.size());
      const std::string_view item = text_.substr(begin, end - begin);
      ++line;
      if (item.size() <= indent + 1 || item.find_first_not_of(" \t") != indent ||
          item[indent] != '-' || !is_space(item[indent + 1])) {
        break;
      }
      std::string_view value = item.substr(indent + 2);
      value = value.substr(0, value.find_last_not_of(" \t\r") + 1);
      value = value.substr(std::min(value.size(), value.find_first_not_of(" \t")));
      if (value.size() >= 2 && is_quote_char(value.front()) && value.back() == value.front()) {
        value = value.substr(1, value.size() - 2);
      }
      words.push_back({std::string(value), line});
      next = end;
    }
    return words;
  }

  // Shell words to the end of the command: quotes grouped, a trailing backslash continuing.
  std::vector<Word> shell_words(std::size_t from) const {
    std::vector<Word> words;
    int line = line_;
    const std::size_t limit = std::min(text_.size(), from + kMaxCommandBytes);
    std::size_t at = from;
    if (at < limit && is_quote_char(text_[at])) ++at;  // `"mongod" --auth` in a JSON string
    std::string word;
    bool in_word = false;
    const auto end_word = [&] {
      if (in_word) words.push_back({word, line});
      word.clear();
      in_word = false;
    };
    while (at < limit) {
      const char c = text_[at];
      if (c == '\\' && at + 1 < limit && (text_[at + 1] == '\n' || text_[at + 1] == '\r')) {
        end_word();
        at = text_.find('\n', at) + 1;
        ++line;
        continue;
      }
      if (c == '\n') break;
      if (is_space(c)) {
        end_word();
        ++at;
        continue;
      }
      if (!in_word && (c == '#' || c == ';' || c == '&' || c == '|' || c == '>' || c == '<' ||
                       c == ')' || c == '`')) {
        break;
      }
      if (is_quote_char(c)) {
        const std::size_t close = text_.find(c, at + 1);
        if (close == std::string_view::npos || close >= limit ||
            text_.substr(at + 1, close - at - 1).find('\n') != std::string_view::npos) {
          break;  // the string the command sits in ends here
        }
        word.append(text_.substr(at + 1, close - at - 1));
        in_word = true;
        at = close + 1;
        continue;
      }
      word.push_back(c);
      in_word = true;
      ++at;
    }
    end_word();
    return words;
  }

  std::string_view text_;
  std::size_t offset_;
  int line_;
};

// Whether a shell or a template would still change the word.
bool left_to_expand(std::string_view word) {
  return word.find('$') != std::string_view::npos || word.find("{{") != std::string_view::npos ||
         word.find('%') != std::string_view::npos;
}

// operationProfiling.mode from --profile's level (mongod_options_general.idl: 0, 1 or 2).
std::string profile_mode(std::string_view level) {
  if (level == "0") return "off";
  if (level == "1") return "slowOp";
  if (level == "2") return "all";
  return std::string(level);
}

// Whether the command at `offset` replaces the image's entrypoint, so that docker-entrypoint.sh,
// which adds --auth for the root account variables, never runs: it is written under a Compose
// `entrypoint:`, a Dockerfile ENTRYPOINT, or a Kubernetes container's `command:` ("command ...
// overrides the container image's ENTRYPOINT", Kubernetes "Define a Command and Arguments for a
// Container"; Compose's `command:` keeps it).
bool replaces_image_entrypoint(std::string_view text, std::size_t offset) {
  std::size_t line_begin = text.rfind('\n', offset) + 1;  // npos + 1 == 0
  std::string_view line = text.substr(line_begin, offset - line_begin);
  std::size_t indent = line.find_first_not_of(" \t");
  // A YAML list item: the key is on the nearest line above that is neither blank, nor another
  // item of the list, nor indented more (`command:` may be indented as much as its items).
  if (indent != std::string_view::npos && line[indent] == '-') {
    const std::size_t item_indent = indent;
    const auto in_list = [&] {
      return indent == std::string_view::npos || indent > item_indent ||
             (indent == item_indent && line[indent] == '-');
    };
    while (in_list() && line_begin >= 2) {
      const std::size_t previous = text.rfind('\n', line_begin - 2) + 1;
      line = text.substr(previous, line_begin - 1 - previous);
      line_begin = previous;
      indent = line.find_first_not_of(" \t");
    }
    if (in_list()) return false;
  }
  if (indent == std::string_view::npos) return false;
  const std::string_view key = line.substr(indent, line.find(':', indent) - indent);
  if (key == "entrypoint" || line.substr(indent).starts_with("ENTRYPOINT")) return true;
  const bool kubernetes =
      text.starts_with("apiVersion:") || text.find("\napiVersion:") != std::string_view::npos;
  return key == "command" && kubernetes;
}

}  // namespace

bool may_hold_command_lines(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  const std::string_view name = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return true;
  static constexpr std::array<std::string_view, 24> kProgramSources = {
      ".go",  ".java", ".kt",  ".scala", ".groovy", ".py",    ".js", ".mjs",
      ".cjs", ".ts",   ".tsx", ".jsx",   ".rb",     ".php",   ".cs", ".c",
      ".cc",  ".cpp",  ".h",   ".hpp",   ".rs",     ".swift", ".pl", ".lua"};
  const std::string_view extension = name.substr(dot);
  return std::find(kProgramSources.begin(), kProgramSources.end(), extension) ==
         kProgramSources.end();
}

bool sets_initdb_root_user(std::string_view text) {
  return text.find("MONGO_INITDB_ROOT_USERNAME") != std::string_view::npos &&
         text.find("MONGO_INITDB_ROOT_PASSWORD") != std::string_view::npos;
}

std::optional<ServerConfigFile> read_mongod_command_line(std::string_view path,
                                                         std::string_view text, std::size_t offset,
                                                         bool initdb_root_user) {
  if (offset >= text.size() || text.size() - offset < 6) return std::nullopt;
  const std::string_view program = text.substr(offset, 6);
  if (program != "mongod" && program != "mongos") return std::nullopt;
  // The whole word: "mongodump", "mongod.conf" and "$cluster-mongos" are no program name; a
  // path ("/usr/bin/mongod") and systemd's "ExecStart=" may come before it.
  if (const std::size_t after = offset + 6; after < text.size()) {
    const char next = text[after];
    if (!is_space(next) && next != '\n' && !is_quote_char(next) && next != ',' && next != ']')
      return std::nullopt;
  }
  if (offset > 0) {
    const char previous = text[offset - 1];
    const bool starts_word = is_space(previous) || previous == '\n' || is_quote_char(previous) ||
                             previous == '/' || previous == '[' || previous == ',' ||
                             previous == '(';
    const bool exec_start = previous == '=' && text.substr(0, offset).ends_with("ExecStart=");
    if (!starts_word && !exec_start) return std::nullopt;
  }
  const CommandReader reader(text, offset);
  const auto read_words = reader.words();
  if (!read_words) return std::nullopt;
  return read_mongod_options(path, *read_words, program, reader.line(),
                             initdb_root_user && !replaces_image_entrypoint(text, offset));
}

std::optional<ServerConfigFile> read_mongod_options(std::string_view path,
                                                    const std::vector<CommandWord>& words,
                                                    std::string_view program, int line,
                                                    bool initdb_root_user) {
  ServerConfigFile file;
  file.path = std::string(path);
  file.line = line;
  file.command_line = true;
  bool any_recognised_option = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Word& word = words[i];
    if (left_to_expand(word.text)) return std::nullopt;
    if (!word.text.starts_with("-")) continue;  // a value of an option not in the table
    std::string_view name = word.text;
    name.remove_prefix(name.starts_with("--") ? 2 : 1);
    std::optional<std::string> value;
    if (const std::size_t equals = name.find('='); equals != std::string_view::npos) {
      value = std::string(name.substr(equals + 1));
      name = name.substr(0, equals);
    }
    if (name == "config" || name == "f" || name == "help" || name == "h" || name == "version" ||
        name == "sysinfo") {
      return std::nullopt;
    }
    const auto take_value = [&]() -> std::optional<std::string> {
      if (value) return value;
      if (i + 1 < words.size() && !words[i + 1].text.starts_with("-")) {
        if (left_to_expand(words[i + 1].text)) return std::nullopt;
        return words[++i].text;
      }
      return std::nullopt;
    };
    if (name == "setParameter") {
      any_recognised_option = true;
      const auto assignment = take_value();
      if (!assignment) continue;
      const std::size_t equals = assignment->find('=');
      if (equals == std::string::npos) continue;
      file.settings.push_back({"setParameter." + assignment->substr(0, equals),
                               assignment->substr(equals + 1), word.line});
      continue;
    }
    const OptionMapping* option = option_named(name);
    if (option == nullptr) continue;
    any_recognised_option = true;
    switch (option->form) {
      case OptionForm::switch_on:
        file.settings.push_back({std::string(option->key), value.value_or("true"), word.line});
        break;
      case OptionForm::fixed:
        file.settings.push_back(
            {std::string(option->key), std::string(option->fixed_value), word.line});
        break;
      case OptionForm::value: {
        const auto given = take_value();
        if (!given) break;
        file.settings.push_back({std::string(option->key),
                                 name == "profile" ? profile_mode(*given) : *given, word.line});
        if (name == "logpath")
          file.settings.push_back({"systemLog.destination", "file", word.line});
        break;
      }
    }
  }
  // Only options another program shares too little with mongod to tell them apart (`-o name`
  // after `component=mongod`): no command line of mongod's.
  if (!any_recognised_option) return std::nullopt;
  const bool authorization_written =
      std::any_of(file.settings.begin(), file.settings.end(),
                  [](const ServerConfigSetting& s) { return s.key == "security.authorization"; });
  if (program == "mongod" && initdb_root_user && !authorization_written) {
    file.settings.push_back({"security.authorization", "enabled", file.line});
  }
  return file;
}

}  // namespace mongoscan
