#include "scanner/probe/probe.h"

#include <future>
#include <set>

#include "scanner/facts/sharded_cluster.h"
#include "scanner/probe/connection_offers.h"
#include "scanner/wire/mongo_connection.h"

namespace mongoscan {
namespace {

// Server error codes (mongo/base/error_codes.yml).
constexpr int kUnauthorized = 13;
constexpr int kCommandNotFound = 59;
// The legacy HTTP status interface listened on the database port + 1000 (removed in 3.6, whose
// wire version is 6: specifications, "wire version" table).
constexpr int kHttpInterfaceOffset = 1000;
constexpr std::int64_t kWireVersion36 = 6;
// 4.4's wire version (shared/server-replies/wire-versions.json): getDefaultRWConcern's first.
constexpr std::int64_t kWireVersion44 = 9;
constexpr std::size_t kHttpLineLimit = 200;
// config.mongos and config.shards read in one batch: more entries than any cluster has (stale
// mongos accumulate, but not by thousands); what lies beyond is not read.
constexpr std::int32_t kRegistryBatch = 1000;
// Users whose authentication restrictions one usersInfo asks for (AUTHZ-008), and databases whose
// custom roles are listed (AUTHZ-007): bounds on a node's replies (each user comes with its
// inheritedPrivileges, User::reportForUsersInfo, and a reply must fit in 16 MiB); beyond them the
// checks say what they did not see.
constexpr std::size_t kRestrictionUsersLimit = 200;
constexpr std::size_t kRoleDatabasesLimit = 100;

// The built-in roles of MongoDB 3.0 to 8.x (manual, "Built-In Roles"); any other name is custom.
bool is_builtin_role(std::string_view role) {
  static const std::set<std::string_view> kBuiltin = {"read",
                                                      "readWrite",
                                                      "dbAdmin",
                                                      "dbOwner",
                                                      "userAdmin",
                                                      "clusterAdmin",
                                                      "clusterManager",
                                                      "clusterMonitor",
                                                      "hostManager",
                                                      "backup",
                                                      "restore",
                                                      "readAnyDatabase",
                                                      "readWriteAnyDatabase",
                                                      "userAdminAnyDatabase",
                                                      "dbAdminAnyDatabase",
                                                      "root",
                                                      "__system",
                                                      "__queryableBackup",
                                                      "enableSharding",
                                                      "directShardOperations",
                                                      "searchCoordinator"};
  return kBuiltin.contains(role);
}

// The first line (up to kHttpLineLimit bytes) a server sends after "GET / HTTP/1.0"; empty when
// it answers nothing before the deadline.
std::string first_http_line(TcpConnection& connection, Deadline deadline) {
  constexpr std::string_view kRequest = "GET / HTTP/1.0\r\n\r\n";
  if (!connection.write_all(
          {reinterpret_cast<const std::uint8_t*>(kRequest.data()), kRequest.size()}, deadline)) {
    return "";
  }
  std::string line;
  std::uint8_t byte = 0;
  while (line.size() < kHttpLineLimit && connection.read_exact({&byte, 1}, deadline)) {
    if (byte == '\n') break;
    if (byte != '\r') line += static_cast<char>(byte);
  }
  return line;
}

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
        node_deadline_(options.node_deadline()),
        facts_(std::move(reached)),
        first_connection_(std::move(first_connection)),
        credentials_(credentials_for(options, facts_.component)) {}

  NodeFacts run() {
    probe();
    join_connection_offers();
    return std::move(facts_);
  }

 private:
  void probe() {
    std::optional<Session> session = open_session();
    if (may_serve_http_interface()) probe_http_interface();
    if (!session) return;
    if (facts_.tls) start_connection_offers();
    if (session->legacy) {
      record(Error{
          ErrorCode::protocol, "hello",
          "the server does not speak OP_MSG (older than 3.6); only its handshake was probed"});
      return;
    }
    MongoConnection& connection = *session->connection;
    run_unauthenticated_probes(connection);
    if (credentials_ && !is_arbiter() && may_send_credentials()) {
      AuthenticationOptions authentication = options_.authentication;
      authentication.tls_active = facts_.tls;
      facts_.authentication = authenticate(connection, *credentials_, server_mechanisms(),
                                           authentication, command_deadline());
      if (facts_.authentication->error) facts_.errors.push_back(*facts_.authentication->error);
    }
    run_diagnostics(connection);
  }

  // On a TLS node, the plaintext hello and the weak offers (connection_offers.h) start beside the
  // session through run_beside; without it they run here, before the session goes on.
  void start_connection_offers() {
    ConnectionOffersTarget target{
        facts_.connected_address, facts_.port,   facts_.host, options_.load_balanced,
        options_.connect_timeout, node_deadline_};
    offers_error_at_ = facts_.errors.size();
    auto offers = std::make_shared<std::packaged_task<ConnectionOffersFacts()>>(
        [target = std::move(target)] { return probe_connection_offers(target); });
    offers_ = offers->get_future();
    if (options_.run_beside) {
      options_.run_beside([offers] { (*offers)(); });
    } else {
      (*offers)();
    }
  }

  // Their facts join the node's when the probe ends (each step has its deadline within the
  // node's), the plaintext probe's error in the place it had when the offers ran first.
  void join_connection_offers() {
    if (!offers_.valid()) return;
    ConnectionOffersFacts offers = offers_.get();
    facts_.plaintext_accepted = offers.plaintext_accepted;
    facts_.weak_tls_handshakes = std::move(offers.weak_tls_handshakes);
    if (offers.plaintext_error) {
      facts_.errors.insert(facts_.errors.begin() + static_cast<std::ptrdiff_t>(offers_error_at_),
                           std::move(*offers.plaintext_error));
    }
  }

  Deadline command_deadline() const {
    return Deadline::after(options_.command_timeout).capped_by(node_deadline_);
  }
  Deadline connect_deadline() const {
    return Deadline::after(options_.connect_timeout).capped_by(node_deadline_);
  }

  void record(const Error& error) { facts_.errors.push_back(error); }

  // A failed handshake as the node's error: its phase is the handshake command, whichever layer
  // (read, wire, bson) failed, as run_into() names a failed command.
  Error handshake_error(const Error& error) const {
    return Error{error.code, facts_.hello_command.empty() ? "hello" : facts_.hello_command,
                 error.message};
  }

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

  // hello (with helloOk, compression, saslSupportedMechs, and loadBalanced in load-balanced
  // mode); isMaster when the server does not know hello. Offering every compressor makes the server
  // name the ones it enabled (the intersection, in our order; no field when none: OP_COMPRESSED
  // spec, "MongoDB Handshake Amendment"), which VER-002 needs for CVE-2025-14847. Offering is safe:
  // the server compresses a reply only when the request was compressed (SERVER-28008, 3.6;
  // service_state_machine.cpp sets the reply's compressor only after decompressing an OP_COMPRESSED
  // request), and mongoscan never sends one. Servers before 3.6 get the OP_QUERY handshake, which
  // offers nothing.
  Result<bson::Document> exchange_hello(MongoConnection& connection) {
    bson::Array compressors;
    for (const std::string_view name : kOfferedCompressors)
      compressors.emplace_back(std::string(name));
    bson::Document arguments{{"helloOk", true}, {"compression", std::move(compressors)}};
    if (options_.load_balanced) arguments.append("loadBalanced", true);
    if (credentials_ && credentials_->username) {
      arguments.append("saslSupportedMechs", credentials_->source + "." + *credentials_->username);
    }
    auto reply = connection.run(AllowedCommand::hello, 1, arguments, "admin", command_deadline());
    if (!reply) return reply;
    auto error = wire::command_error(reply.value());
    if (error && error->code == kCommandNotFound) {
      facts_.hello_command = "isMaster";
      reply = connection.run(AllowedCommand::is_master, 1, arguments, "admin", command_deadline());
      if (!reply) return reply;
      error = wire::command_error(reply.value());
    } else {
      facts_.hello_command = "hello";
    }
    // A refused handshake is no hello: e.g. LoadBalancerSupportMismatch (354) from a mongos's
    // load balancer port to a client that is not load-balancing.
    if (error) {
      return Error{ErrorCode::protocol, facts_.hello_command,
                   "the server refused the handshake: " + error->message +
                       (error->code_name.empty() ? "" : " (" + error->code_name + ")")};
    }
    return reply;
  }

  bool keep_hello(Result<bson::Document> reply, MongoConnection& connection) {
    if (!reply) return false;
    if (auto size = reply.value().get_int64("maxMessageSizeBytes")) {
      auto limit = wire::max_message_size_from_hello(*size);
      if (limit) {
        connection.set_max_message_size(limit.value());
      } else {
        record(limit.error());
      }
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
        record(handshake_error(reply.error()));
        return std::nullopt;
      }
      plaintext_failure = handshake_error(reply.error());
    }
    auto tls = connect_tls();
    if (tls) {
      facts_.tls = true;
      facts_.tls_facts = tls.value()->facts();
      Session session{std::make_unique<MongoConnection>(std::move(tls).value()), true};
      auto reply = exchange_hello(*session.connection);
      if (keep_hello(reply, *session.connection)) return session;
      record(handshake_error(reply.error()));
      return std::nullopt;
    }
    if (plaintext_failure && tls.error().phase != "connect")
      return open_legacy_session(*plaintext_failure, tls.error());
    if (!plaintext_failure && tls.error().phase != "connect") {
      if (auto plaintext = open_plaintext_instead(tls.error())) return plaintext;
    }
    record(tls.error());
    return std::nullopt;
  }

  // TLS was required but the handshake failed: a node that answers hello in plaintext instead
  // does not speak TLS at all (one member of a set left without it). Its hello and unauthenticated
  // facts are kept; credentials are never sent over the plaintext session (may_send_credentials).
  std::optional<Session> open_plaintext_instead(const Error& tls_failure) {
    auto tcp = connect();
    if (!tcp) return std::nullopt;
    Session session{std::make_unique<MongoConnection>(std::move(tcp).value()), false};
    auto reply = exchange_hello(*session.connection);
    if (!keep_hello(reply, *session.connection)) return std::nullopt;
    facts_.plaintext_accepted = true;
    record(Error{tls_failure.code, tls_failure.phase,
                 "the connection string requires TLS, but the node answers only in plaintext (" +
                     tls_failure.message + ")"});
    return session;
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

  // Arbiters hold no users: authenticating there can only fail, and would put a failed login into
  // the server's log.
  bool is_arbiter() const {
    return facts_.hello && facts_.hello->get_bool("arbiterOnly").value_or(false);
  }

  bool may_send_credentials() {
    if (options_.tls_required && !facts_.tls) {
      AuthenticationFacts withheld;
      withheld.username = credentials_->username.value_or("");
      withheld.source = credentials_->source;
      withheld.error = Error{ErrorCode::tls, "auth",
                             "credentials not sent: the node does not speak TLS, which the "
                             "connection string requires"};
      facts_.authentication = std::move(withheld);
      return false;
    }
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

  // A replica-set member refuses listDatabases, listCollections, usersInfo and rolesInfo
  // (AllowedOnSecondary::kOptIn) on a secondary unless the read preference allows it. The server
  // selection specification's rule for a direct connection to a mongod: primaryPreferred.
  bson::Document with_read_preference(bson::Document arguments) const {
    if (facts_.hello && facts_.hello->get_string("setName") && !is_mongos()) {
      arguments.append("$readPreference", bson::Document{{"mode", "primaryPreferred"}});
    }
    return arguments;
  }

  // Runs one command; false when the connection itself failed (nothing more can be sent).
  bool run_into(std::map<std::string, CommandOutcome>& outcomes, MongoConnection& connection,
                AllowedCommand command, bson::Value value, const bson::Document& arguments,
                const std::string& database = "admin", const std::string& key = "") {
    const std::string name = key.empty() ? std::string(command_name(command)) : key;
    auto reply = connection.run(command, std::move(value), with_read_preference(arguments),
                                database, command_deadline());
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

  // What the node gives before authentication: listDatabases and getLog (is authentication
  // enforced?), buildInfo (the version it discloses: NET-008).
  void run_unauthenticated_probes(MongoConnection& connection) {
    run_into(facts_.unauthenticated, connection, AllowedCommand::list_databases, 1,
             {{"nameOnly", true}}) &&
        run_into(facts_.unauthenticated, connection, AllowedCommand::get_log, "startupWarnings",
                 {}) &&
        run_into(facts_.unauthenticated, connection, AllowedCommand::build_info, 1, {});
  }

  struct Diagnostic {
    AllowedCommand command;
    bson::Value value;
    bson::Document arguments;
    std::string database;
    std::string key;  // the NodeFacts::commands entry; empty: the command's name
  };

  bool is_mongos() const { return facts_.hello && facts_.hello->get_string("msg") == "isdbgrid"; }

  // hello's configsvr: 2 on a config server member (replication_info.cpp, kConfigServerModeNumber).
  bool is_config_server() const {
    return facts_.hello && facts_.hello->get_int64("configsvr").value_or(0) == 2;
  }

  // getCmdLineOpts's sharding.clusterRole: "shardsvr" on a shard member (read after it ran).
  bool is_shard_member() const {
    const auto opts = facts_.commands.find("getCmdLineOpts");
    if (opts == facts_.commands.end() || opts->second.state != CommandOutcome::State::ok)
      return false;
    const auto parsed = opts->second.reply.get_document("parsed");
    const auto sharding = parsed ? parsed->get_document("sharding") : std::nullopt;
    return sharding && sharding->get_string("clusterRole") == "shardsvr";
  }

  static Diagnostic on_admin(AllowedCommand command, bson::Value value, bson::Document arguments) {
    return Diagnostic{command, std::move(value), std::move(arguments), "admin", ""};
  }

  // The diagnostics whose replies name other nodes, run first (a cluster's registries go to
  // discovery as soon as they are in: ProbeOptions::on_members_named): serverStatus (a shard
  // member's or mongos's sharding.configsvrConnectionString); replSetGetStatus only where hello
  // names a replica set: it lists every member, hidden ones included, which hello never shows; from
  // a mongos, its shards, config servers and the other mongos; from a config server member, the
  // same from the config database.
  std::vector<Diagnostic> naming_diagnostics() const {
    std::vector<Diagnostic> list = {
        on_admin(AllowedCommand::server_status, 1,
                 {{"metrics", 0}, {"locks", 0}, {"wiredTiger", 0}, {"tcmalloc", 0}}),
    };
    if (facts_.hello && facts_.hello->get_string("setName")) {
      list.push_back(on_admin(AllowedCommand::repl_set_get_status, 1, {}));
    }
    const bson::Document whole_collection{
        {"filter", bson::Document{}}, {"batchSize", kRegistryBatch}, {"singleBatch", true}};
    if (is_mongos()) {
      list.push_back(on_admin(AllowedCommand::list_shards, 1, {}));
      list.push_back(on_admin(AllowedCommand::get_shard_map, 1, {}));
    }
    if (is_config_server()) {
      list.push_back({AllowedCommand::find_config_shards, "shards", whole_collection, "config",
                      "find config.shards"});
    }
    if (is_mongos() || is_config_server()) {
      list.push_back({AllowedCommand::find_config_mongos, "mongos", whole_collection, "config",
                      "find config.mongos"});
    }
    return list;
  }

  // The other diagnostics. listCollections on the system databases a node has (mongos has no
  // local), for business data kept there.
  std::vector<Diagnostic> other_diagnostics() const {
    std::vector<Diagnostic> list = {
        on_admin(AllowedCommand::build_info, 1, {}),
        on_admin(AllowedCommand::get_cmd_line_opts, 1, {}),
        on_admin(AllowedCommand::get_parameter, "*", {}),
        on_admin(AllowedCommand::connection_status, 1, {{"showPrivileges", true}}),
        on_admin(AllowedCommand::users_info, bson::Document{{"forAllDBs", true}}, {}),
        // Its value is chosen when it runs: users_to_inspect().
        Diagnostic{AllowedCommand::users_info_restrictions,
                   1,
                   {{"showAuthenticationRestrictions", true}},
                   "admin",
                   "usersInfo authenticationRestrictions"},
        // Its value is chosen when it runs: roles_to_inspect().
        on_admin(AllowedCommand::roles_info, 1, {{"showPrivileges", true}}),
        on_admin(AllowedCommand::list_databases, 1, {{"nameOnly", true}}),
        on_admin(AllowedCommand::get_log, "startupWarnings", {}),
    };
    if (facts_.hello && facts_.hello->get_string("setName")) {
      list.push_back(on_admin(AllowedCommand::repl_set_get_config, 1, {}));
    }
    // Replica-set members and mongos from 4.4 (wire version 9) keep the cluster-wide default
    // read and write concern; a standalone refuses getDefaultRWConcern (51300) and so does a shard
    // member (51301, skipped when it runs: is_shard_member()).
    if ((is_mongos() || (facts_.hello && facts_.hello->get_string("setName"))) &&
        facts_.hello->get_int64("maxWireVersion").value_or(0) >= kWireVersion44) {
      list.push_back(on_admin(AllowedCommand::get_default_rw_concern, 1, {}));
    }
    for (const char* database : {"admin", "config", "local"}) {
      if (is_mongos() && std::string_view(database) == "local") continue;
      list.push_back({AllowedCommand::list_collections,
                      1,
                      {{"nameOnly", true}, {"authorizedCollections", true}},
                      database,
                      "listCollections " + std::string(database)});
    }
    return list;
  }

  // The custom roles the users hold, for rolesInfo: built-in role definitions are documented
  // constants (and would be most of a node's memory), and rolesInfo: 1 sees only one database's
  // roles. Without usersInfo: the admin database's custom roles.
  bson::Value roles_to_inspect() const {
    const auto users = facts_.commands.find("usersInfo");
    if (users == facts_.commands.end() || users->second.state != CommandOutcome::State::ok)
      return 1;
    std::set<std::pair<std::string, std::string>> custom;
    for (const bson::Value& user : users->second.reply.get_array("users").value_or(bson::Array{})) {
      const auto* document = user.get_if<bson::Document>();
      if (document == nullptr) continue;
      for (const bson::Value& role : document->get_array("roles").value_or(bson::Array{})) {
        const auto* granted = role.get_if<bson::Document>();
        if (granted == nullptr) continue;
        const auto name = granted->get_string("role");
        const auto db = granted->get_string("db");
        if (name && db && !is_builtin_role(*name)) custom.emplace(*name, *db);
      }
    }
    if (custom.empty()) return 1;
    bson::Array roles;
    for (const auto& [name, db] : custom)
      roles.push_back(bson::Document{{"role", name}, {"db", db}});
    return roles;
  }

  // Every user usersInfo {forAllDBs: true} listed, by name, for usersInfo with
  // showAuthenticationRestrictions: the server shows restrictions only to exact-match queries
  // (authorization_backend_local.cpp, "Privilege or restriction details require exact-match
  // usersInfo queries"). Empty when there is none to ask about.
  bson::Array users_to_inspect() const {
    bson::Array names;
    const auto users = facts_.commands.find("usersInfo");
    if (users == facts_.commands.end() || users->second.state != CommandOutcome::State::ok)
      return names;
    for (const bson::Value& user : users->second.reply.get_array("users").value_or(bson::Array{})) {
      const auto* document = user.get_if<bson::Document>();
      const auto name = document ? document->get_string("user") : std::nullopt;
      const auto db = document ? document->get_string("db") : std::nullopt;
      if (name && db) names.push_back(bson::Document{{"user", *name}, {"db", *db}});
      if (names.size() == kRestrictionUsersLimit) break;
    }
    return names;
  }

  // rolesInfo: 1 with showPrivileges on each database listDatabases named (the custom roles
  // defined there and what they grant, held or not: a group or claim may reach one no user holds;
  // rolesInfo has no forAllDBs form: authorization_backend_local.cpp, "Only usersInfo actually
  // supports {forAllDBs: 1} mode"), at most kRoleDatabasesLimit of them (AUTHZ-007 counts the
  // rest). Not local, where no role can be created, nor config, which the auditor role's
  // {db: ""} does not reach.
  void run_role_catalogue(MongoConnection& connection) {
    const auto listed = facts_.commands.find("listDatabases");
    if (listed == facts_.commands.end() || listed->second.state != CommandOutcome::State::ok)
      return;
    std::size_t asked = 0;
    for (const bson::Value& value :
         listed->second.reply.get_array("databases").value_or(bson::Array{})) {
      const auto* database = value.get_if<bson::Document>();
      const auto name = database ? database->get_string("name") : std::nullopt;
      if (!name || *name == "local" || *name == "config") continue;
      if (asked++ == kRoleDatabasesLimit) return;
      if (!run_into(facts_.commands, connection, AllowedCommand::roles_info, 1,
                    {{"showPrivileges", true}}, *name, "rolesInfo " + *name)) {
        return;
      }
    }
  }

  void run_diagnostics(MongoConnection& connection) {
    // Only a cluster's registries go to discovery early, and reply by reply (the shards as soon as
    // listShards is in, not a round trip later with config.mongos): a replica-set member's members
    // are named when its probe ends, as they were, so that which member names a hidden one stays
    // the first probed (members named early would race it to replSetGetStatus).
    const bool names_cluster = (is_mongos() || is_config_server()) && options_.on_members_named;
    for (Diagnostic& diagnostic : naming_diagnostics()) {
      const std::size_t replies = facts_.commands.size();
      if (!run_each(connection, {std::move(diagnostic)})) return;
      if (names_cluster && facts_.commands.size() > replies) options_.on_members_named(facts_);
    }
    if (!run_each(connection, other_diagnostics())) return;
    run_role_catalogue(connection);
  }

  // Runs the diagnostics in order; false when the connection failed (nothing more can be sent).
  bool run_each(MongoConnection& connection, std::vector<Diagnostic> diagnostics) {
    for (Diagnostic& diagnostic : diagnostics) {
      if (diagnostic.command == AllowedCommand::roles_info) diagnostic.value = roles_to_inspect();
      if (diagnostic.command == AllowedCommand::users_info_restrictions) {
        bson::Array users = users_to_inspect();
        if (users.empty()) continue;
        diagnostic.value = std::move(users);
      }
      if (diagnostic.command == AllowedCommand::get_default_rw_concern && is_shard_member())
        continue;
      // getShardMap only where serverStatus did not name the config servers.
      if (diagnostic.command == AllowedCommand::get_shard_map && config_servers_named_by(facts_))
        continue;
      if (!run_into(facts_.commands, connection, diagnostic.command, std::move(diagnostic.value),
                    diagnostic.arguments, diagnostic.database, diagnostic.key)) {
        return false;
      }
    }
    return true;
  }

  // Only servers before 3.6 (wire version 6) had the interface; without a hello, the version is
  // unknown.
  bool may_serve_http_interface() const {
    return !facts_.hello || facts_.hello->get_int64("maxWireVersion").value_or(0) < kWireVersion36;
  }

  // Connects to port + 1000; when something accepts, sends one GET and keeps the first line of
  // the answer.
  void probe_http_interface() {
    if (facts_.port > 65535 - kHttpInterfaceOffset) return;
    HttpInterfaceFacts http;
    http.port = static_cast<std::uint16_t>(facts_.port + kHttpInterfaceOffset);
    auto tcp = TcpConnection::connect(facts_.connected_address, http.port, connect_deadline());
    if (tcp) {
      http.open = true;
      http.status_line = first_http_line(*tcp.value(), command_deadline());
    } else if (tcp.error().code != ErrorCode::refused) {
      http.error = tcp.error().message;
    }
    facts_.http_interface = std::move(http);
  }

  // The component's own account where one was given, else the scan's.
  static std::optional<Credentials> credentials_for(const ProbeOptions& options,
                                                    const ClusterComponent& component) {
    if (const auto own = options.component_credentials.find(component.name);
        !component.name.empty() && own != options.component_credentials.end()) {
      return own->second;
    }
    return options.credentials;
  }

  const ProbeOptions& options_;
  Deadline node_deadline_;
  NodeFacts facts_;
  std::unique_ptr<TcpConnection> first_connection_;
  std::optional<Credentials> credentials_;
  std::future<ConnectionOffersFacts> offers_;  // valid from start_connection_offers() to the join
  std::size_t offers_error_at_ = 0;            // where a plaintext probe's error goes
};

}  // namespace

NodeFacts probe_node(NodeFacts reached, std::unique_ptr<TcpConnection> first_connection,
                     const ProbeOptions& options) {
  return NodeProbe(std::move(reached), std::move(first_connection), options).run();
}

}  // namespace mongoscan
