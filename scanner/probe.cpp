#include "scanner/probe.h"

#include "scanner/dns_resolver.h"
#include "scanner/mongo_connection.h"
#include "scanner/tcp_connection.h"

namespace mongoscan {
namespace {

// Server error codes (mongo/base/error_codes.yml).
constexpr int kUnauthorized = 13;
constexpr int kCommandNotFound = 59;

struct Session {
  std::unique_ptr<MongoConnection> connection;
  bool tls = false;
  bool legacy = false;  // answered only OP_QUERY isMaster
};

class NodeProbe {
 public:
  NodeProbe(const std::string& host, std::uint16_t port, const ProbeOptions& options)
      : options_(options), node_deadline_(Deadline::after(options.node_timeout)) {
    facts_.host = host;
    facts_.port = port;
  }

  NodeFacts run() {
    if (!resolve()) return std::move(facts_);
    std::optional<Session> session = open_session();
    if (!session) return std::move(facts_);
    if (facts_.tls) probe_plaintext();
    if (session->legacy) {
      record(Error{
          ErrorCode::protocol, "hello",
          "the server does not speak OP_MSG (older than 3.6); only its handshake was probed"});
      return std::move(facts_);
    }
    MongoConnection& connection = *session->connection;
    run_unauthenticated_probes(connection);
    if (options_.credentials && may_send_credentials()) {
      AuthenticationOptions authentication = options_.authentication;
      authentication.tls_active = facts_.tls;
      facts_.authentication = authenticate(connection, *options_.credentials, server_mechanisms(),
                                           authentication, command_deadline());
      if (facts_.authentication->error) facts_.errors.push_back(*facts_.authentication->error);
    }
    run_diagnostics(connection);
    return std::move(facts_);
  }

 private:
  Deadline command_deadline() const {
    return Deadline::after(options_.command_timeout).capped_by(node_deadline_);
  }
  Deadline connect_deadline() const {
    return Deadline::after(options_.connect_timeout).capped_by(node_deadline_);
  }

  void record(const Error& error) { facts_.errors.push_back(error); }

  bool resolve() {
    if (is_numeric_address(facts_.host)) {
      facts_.resolved_addresses = {facts_.host};
      return true;
    }
    auto resolver = DnsResolver::create(options_.dns_servers);
    if (!resolver) {
      record(resolver.error());
      return false;
    }
    auto addresses = resolver.value()->resolve_addresses(facts_.host, connect_deadline());
    if (!addresses) {
      record(addresses.error());
      return false;
    }
    facts_.resolved_addresses = addresses.value();
    return true;
  }

  // A TCP connection to the first resolved address that accepts one.
  Result<std::unique_ptr<TcpConnection>> connect() {
    Error last{ErrorCode::refused, "connect", "no address to connect to"};
    for (const std::string& address : facts_.resolved_addresses) {
      auto connection = TcpConnection::connect(address, facts_.port, connect_deadline());
      if (connection) {
        facts_.reachable = true;
        facts_.connected_address = address;
        return connection;
      }
      last = connection.error();
    }
    return last;
  }

  Result<std::unique_ptr<TlsStream>> connect_tls() {
    if (!options_.tls_context) {
      return Error{ErrorCode::tls, "tls", "the node needs TLS but no TLS configuration was given"};
    }
    auto tcp = connect();
    if (!tcp) return tcp.error();
    return TlsStream::handshake(std::move(tcp).value(), *options_.tls_context, facts_.host,
                                connect_deadline());
  }

  // hello (with helloOk and saslSupportedMechs); isMaster when the server does not know hello.
  Result<bson::Document> exchange_hello(MongoConnection& connection) {
    bson::Document arguments{{"helloOk", true}};
    if (options_.credentials && options_.credentials->username) {
      arguments.append("saslSupportedMechs",
                       options_.credentials->source + "." + *options_.credentials->username);
    }
    auto reply = connection.run(AllowedCommand::hello, 1, arguments, "admin", command_deadline());
    if (!reply) return reply;
    auto error = wire::command_error(reply.value());
    if (error && error->code == kCommandNotFound) {
      facts_.hello_command = "isMaster";
      return connection.run(AllowedCommand::is_master, 1, arguments, "admin", command_deadline());
    }
    facts_.hello_command = "hello";
    return reply;
  }

  bool keep_hello(Result<bson::Document> reply, MongoConnection& connection) {
    if (!reply) return false;
    if (auto size = reply.value().get_int64("maxMessageSizeBytes")) {
      connection.set_max_message_size(static_cast<std::int32_t>(*size));
    }
    facts_.hello = std::move(reply).value();
    return true;
  }

  // Plaintext first unless TLS is required; TLS when plaintext is refused; OP_QUERY isMaster for
  // servers that answer neither OP_MSG nor TLS (before 3.6).
  std::optional<Session> open_session() {
    std::optional<Error> plaintext_failure;
    if (!options_.tls_required) {
      auto tcp = connect();
      if (!tcp) {
        record(tcp.error());
        return std::nullopt;
      }
      Session session{std::make_unique<MongoConnection>(std::move(tcp).value()), false};
      auto reply = exchange_hello(*session.connection);
      if (keep_hello(reply, *session.connection)) return session;
      // A node that took the connection but stays silent will not answer TLS or OP_QUERY either;
      // only a closed connection suggests another protocol.
      if (reply.error().code != ErrorCode::refused) {
        record(reply.error());
        return std::nullopt;
      }
      plaintext_failure = reply.error();
    }
    auto tls = connect_tls();
    if (tls) {
      facts_.tls = true;
      facts_.tls_facts = tls.value()->facts();
      Session session{std::make_unique<MongoConnection>(std::move(tls).value()), true};
      auto reply = exchange_hello(*session.connection);
      if (keep_hello(reply, *session.connection)) return session;
      record(reply.error());
      return std::nullopt;
    }
    if (!facts_.reachable) {
      record(tls.error());
      return std::nullopt;
    }
    if (plaintext_failure) return open_legacy_session(*plaintext_failure, tls.error());
    record(tls.error());
    return std::nullopt;
  }

  std::optional<Session> open_legacy_session(const Error& plaintext_failure,
                                             const Error& tls_failure) {
    auto tcp = connect();
    if (tcp) {
      Session session{std::make_unique<MongoConnection>(std::move(tcp).value()), false, true};
      auto reply = session.connection->run_legacy_is_master(command_deadline());
      facts_.hello_command = "isMaster over OP_QUERY";
      if (keep_hello(reply, *session.connection)) return session;
    }
    record(plaintext_failure);
    record(tls_failure);
    return std::nullopt;
  }

  // On a TLS node: does the same port also answer hello in plaintext?
  void probe_plaintext() {
    auto tcp = connect();
    if (!tcp) {
      record(Error{tcp.error().code, "plaintext", tcp.error().message});
      return;
    }
    MongoConnection connection(std::move(tcp).value());
    auto reply = connection.run(AllowedCommand::hello, 1, {}, "admin", connect_deadline());
    if (reply) {
      facts_.plaintext_accepted = true;
    } else if (reply.error().code == ErrorCode::refused ||
               reply.error().code == ErrorCode::protocol) {
      facts_.plaintext_accepted = false;
    } else {
      record(Error{reply.error().code, "plaintext", reply.error().message});
    }
  }

  bool may_send_credentials() {
    if (!facts_.tls || !facts_.tls_facts || facts_.tls_facts->verified ||
        facts_.tls_facts->insecure) {
      return true;
    }
    record(Error{ErrorCode::tls, "auth",
                 "credentials not sent: the certificate did not verify (" +
                     facts_.tls_facts->verify_error +
                     "); give --tls-ca-file, or --tls-insecure to probe anyway"});
    return false;
  }

  std::optional<std::vector<std::string>> server_mechanisms() const {
    if (!facts_.hello) return std::nullopt;
    auto mechanisms = facts_.hello->get_array("saslSupportedMechs");
    if (!mechanisms) return std::nullopt;
    std::vector<std::string> names;
    for (const bson::Value& mechanism : *mechanisms) {
      if (const auto* name = mechanism.get_if<std::string>()) names.push_back(*name);
    }
    return names;
  }

  // Runs one command; false when the connection itself failed (nothing more can be sent).
  bool run_into(std::map<std::string, CommandOutcome>& outcomes, MongoConnection& connection,
                AllowedCommand command, bson::Value value, const bson::Document& arguments) {
    const std::string name(command_name(command));
    auto reply = connection.run(command, std::move(value), arguments, "admin", command_deadline());
    if (!reply) {
      record(Error{reply.error().code, name, reply.error().message});
      return false;
    }
    CommandOutcome outcome;
    auto error = wire::command_error(reply.value());
    if (!error) {
      outcome.state = CommandOutcome::State::ok;
    } else {
      outcome.state = error->code == kUnauthorized ? CommandOutcome::State::not_permitted
                                                   : CommandOutcome::State::failed;
      outcome.message =
          error->message + (error->code_name.empty() ? "" : " (" + error->code_name + ")");
    }
    outcome.reply = std::move(reply).value();
    outcomes[name] = std::move(outcome);
    return true;
  }

  void run_unauthenticated_probes(MongoConnection& connection) {
    run_into(facts_.unauthenticated, connection, AllowedCommand::list_databases, 1,
             {{"nameOnly", true}}) &&
        run_into(facts_.unauthenticated, connection, AllowedCommand::get_log, "startupWarnings",
                 {});
  }

  void run_diagnostics(MongoConnection& connection) {
    auto& commands = facts_.commands;
    run_into(commands, connection, AllowedCommand::build_info, 1, {}) &&
        run_into(commands, connection, AllowedCommand::get_cmd_line_opts, 1, {}) &&
        run_into(commands, connection, AllowedCommand::get_parameter, "*", {}) &&
        run_into(commands, connection, AllowedCommand::connection_status, 1,
                 {{"showPrivileges", true}}) &&
        run_into(commands, connection, AllowedCommand::users_info,
                 bson::Document{{"forAllDBs", true}}, {}) &&
        run_into(commands, connection, AllowedCommand::roles_info, 1,
                 {{"showPrivileges", true}, {"showBuiltinRoles", true}}) &&
        run_into(commands, connection, AllowedCommand::server_status, 1,
                 {{"metrics", 0}, {"locks", 0}, {"wiredTiger", 0}, {"tcmalloc", 0}}) &&
        run_into(commands, connection, AllowedCommand::list_databases, 1, {{"nameOnly", true}}) &&
        run_into(commands, connection, AllowedCommand::get_log, "startupWarnings", {});
  }

  const ProbeOptions& options_;
  Deadline node_deadline_;
  NodeFacts facts_;
};

}  // namespace

NodeFacts probe_node(const std::string& host, std::uint16_t port, const ProbeOptions& options) {
  return NodeProbe(host, port, options).run();
}

}  // namespace mongoscan
