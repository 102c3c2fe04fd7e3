#include "scanner/probe.h"

#include "scanner/mongo_connection.h"

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
  NodeProbe(NodeFacts reached, std::unique_ptr<TcpConnection> first_connection,
            const ProbeOptions& options)
      : options_(options),
        node_deadline_(Deadline::after(options.node_timeout)),
        facts_(std::move(reached)),
        first_connection_(std::move(first_connection)) {}

  NodeFacts run() {
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
    if (options_.credentials && !is_arbiter() && may_send_credentials()) {
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

  // The connection discovery opened, then new ones to the same address.
  Result<std::unique_ptr<TcpConnection>> connect() {
    if (first_connection_) return std::move(first_connection_);
    return TcpConnection::connect(facts_.connected_address, facts_.port, connect_deadline());
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
    if (plaintext_failure && tls.error().phase != "connect")
      return open_legacy_session(*plaintext_failure, tls.error());
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

  // Arbiters hold no users: authenticating there can only fail, and would put a failed login into
  // the server's log.
  bool is_arbiter() const {
    return facts_.hello && facts_.hello->get_bool("arbiterOnly").value_or(false);
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

  struct Diagnostic {
    AllowedCommand command;
    bson::Value value;
    bson::Document arguments;
  };

  // replSetGetStatus only where hello names a replica set: it lists every member, hidden ones
  // included, which hello never shows.
  std::vector<Diagnostic> diagnostics() const {
    std::vector<Diagnostic> list = {
        {AllowedCommand::build_info, 1, {}},
        {AllowedCommand::get_cmd_line_opts, 1, {}},
        {AllowedCommand::get_parameter, "*", {}},
        {AllowedCommand::connection_status, 1, {{"showPrivileges", true}}},
        {AllowedCommand::users_info, bson::Document{{"forAllDBs", true}}, {}},
        // Custom roles only: built-in roles are documented constants, and their definitions would
        // be most of the memory a node's facts take.
        {AllowedCommand::roles_info, 1, {{"showPrivileges", true}}},
        {AllowedCommand::server_status,
         1,
         {{"metrics", 0}, {"locks", 0}, {"wiredTiger", 0}, {"tcmalloc", 0}}},
        {AllowedCommand::list_databases, 1, {{"nameOnly", true}}},
        {AllowedCommand::get_log, "startupWarnings", {}},
    };
    if (facts_.hello && facts_.hello->get_string("setName")) {
      list.push_back({AllowedCommand::repl_set_get_status, 1, {}});
    }
    return list;
  }

  void run_diagnostics(MongoConnection& connection) {
    for (Diagnostic& diagnostic : diagnostics()) {
      if (!run_into(facts_.commands, connection, diagnostic.command, std::move(diagnostic.value),
                    diagnostic.arguments)) {
        return;
      }
    }
  }

  const ProbeOptions& options_;
  Deadline node_deadline_;
  NodeFacts facts_;
  std::unique_ptr<TcpConnection> first_connection_;
};

}  // namespace

NodeFacts probe_node(NodeFacts reached, std::unique_ptr<TcpConnection> first_connection,
                     const ProbeOptions& options) {
  return NodeProbe(std::move(reached), std::move(first_connection), options).run();
}

}  // namespace mongoscan
