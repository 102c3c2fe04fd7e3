#include "scanner/auth/authentication.h"

#include <algorithm>

namespace mongoscan {
namespace {

constexpr std::string_view kScramSha256 = "SCRAM-SHA-256";
constexpr std::string_view kScramSha1 = "SCRAM-SHA-1";

Error auth_error(ErrorCode code, std::string message) {
  return Error{code, "auth", std::move(message)};
}

bson::Binary payload_of(std::string_view text) {
  return bson::Binary{0, std::vector<std::uint8_t>(text.begin(), text.end())};
}

std::string text_of(const bson::Document& reply) {
  const bson::Value* payload = reply.find("payload");
  const auto* binary = payload ? payload->get_if<bson::Binary>() : nullptr;
  if (binary == nullptr) return "";
  return std::string(binary->bytes.begin(), binary->bytes.end());
}

// A reply's command error as an authentication error; code 18 is AuthenticationFailed.
std::optional<Error> reply_error(const bson::Document& reply) {
  auto error = wire::command_error(reply);
  if (!error) return std::nullopt;
  const ErrorCode code = error->code == 13 ? ErrorCode::unauthorized : ErrorCode::auth_failed;
  std::string message = "the server refused authentication";
  if (!error->code_name.empty()) message += " (" + error->code_name + ")";
  if (!error->message.empty()) message += ": " + error->message;
  return auth_error(code, message);
}

Result<bson::Document> sasl_step(MongoConnection& connection, AllowedCommand command,
                                 const bson::Document& arguments, const std::string& source,
                                 Deadline deadline) {
  auto reply = connection.run(command, 1, arguments, source, deadline);
  if (!reply) return reply.error();
  if (auto error = reply_error(reply.value())) return *error;
  return reply;
}

Result<Ok> authenticate_scram(MongoConnection& connection, const Credentials& credentials,
                              ScramMechanism mechanism, const AuthenticationOptions& options,
                              AuthenticationFacts& facts, Deadline deadline) {
  if (!credentials.username || !credentials.password) {
    return auth_error(ErrorCode::usage, "SCRAM needs a user name and a password");
  }
  auto client =
      ScramClient::start(mechanism, *credentials.username, *credentials.password, options.cache);
  if (!client) return client.error();
  ScramClient& scram = client.value();
  auto started = sasl_step(connection, AllowedCommand::sasl_start,
                           {{"mechanism", std::string(mechanism_name(mechanism))},
                            {"payload", payload_of(scram.client_first_message())},
                            {"autoAuthorize", 1},
                            {"options", bson::Document{{"skipEmptyExchange", true}}}},
                           credentials.source, deadline);
  if (!started) return started.error();
  auto client_final = scram.handle_server_first(text_of(started.value()), deadline);
  facts.scram_iteration_count = scram.iteration_count();
  if (!client_final) return client_final.error();
  const bson::Value conversation_id = started.value().find("conversationId")
                                          ? *started.value().find("conversationId")
                                          : bson::Value(1);
  auto continued = sasl_step(
      connection, AllowedCommand::sasl_continue,
      {{"conversationId", conversation_id}, {"payload", payload_of(client_final.value())}},
      credentials.source, deadline);
  if (!continued) return continued.error();
  if (auto verified = scram.verify_server_final(text_of(continued.value())); !verified)
    return verified;
  // Without skipEmptyExchange support the server wants one more, empty, round.
  if (!continued.value().get_bool("done").value_or(false)) {
    auto last = sasl_step(connection, AllowedCommand::sasl_continue,
                          {{"conversationId", conversation_id}, {"payload", payload_of("")}},
                          credentials.source, deadline);
    if (!last) return last.error();
  }
  return Ok{};
}

Result<Ok> authenticate_x509(MongoConnection& connection, const Credentials& credentials,
                             const AuthenticationOptions& options, Deadline deadline) {
  if (!options.tls_active) {
    return auth_error(ErrorCode::usage, "MONGODB-X509 needs TLS with a client certificate");
  }
  bson::Document arguments{{"mechanism", "MONGODB-X509"}};
  if (credentials.username) arguments.append("user", *credentials.username);
  auto reply =
      sasl_step(connection, AllowedCommand::authenticate, arguments, "$external", deadline);
  if (!reply) return reply.error();
  return Ok{};
}

Result<Ok> authenticate_plain(MongoConnection& connection, const Credentials& credentials,
                              const AuthenticationOptions& options, Deadline deadline) {
  if (!options.tls_active && !options.allow_plain_without_tls) {
    return auth_error(
        ErrorCode::usage,
        "PLAIN would send the password in clear text without TLS; refused (use TLS or "
        "--allow-plain-without-tls)");
  }
  if (!credentials.username || !credentials.password) {
    return auth_error(ErrorCode::usage, "PLAIN needs a user name and a password");
  }
  std::string payload;
  payload.push_back('\0');
  payload += *credentials.username;
  payload.push_back('\0');
  payload += credentials.password->reveal();
  auto reply =
      sasl_step(connection, AllowedCommand::sasl_start,
                {{"mechanism", "PLAIN"}, {"payload", payload_of(payload)}, {"autoAuthorize", 1}},
                credentials.source, deadline);
  std::fill(payload.begin(), payload.end(), '\0');
  if (!reply) return reply.error();
  return Ok{};
}

}  // namespace

std::string negotiate_mechanism(const Credentials& credentials,
                                const std::optional<std::vector<std::string>>& server_mechanisms) {
  if (credentials.mechanism) return *credentials.mechanism;
  if (server_mechanisms && std::find(server_mechanisms->begin(), server_mechanisms->end(),
                                     kScramSha256) != server_mechanisms->end()) {
    return std::string(kScramSha256);
  }
  return std::string(kScramSha1);
}

AuthenticationFacts authenticate(MongoConnection& connection, const Credentials& credentials,
                                 const std::optional<std::vector<std::string>>& server_mechanisms,
                                 const AuthenticationOptions& options, Deadline deadline) {
  AuthenticationFacts facts;
  facts.mechanism = negotiate_mechanism(credentials, server_mechanisms);
  facts.username = credentials.username.value_or("");
  facts.source = credentials.source;
  facts.server_mechanisms = server_mechanisms;
  Result<Ok> outcome = Ok{};
  if (facts.mechanism == kScramSha256) {
    outcome = authenticate_scram(connection, credentials, ScramMechanism::sha256, options, facts,
                                 deadline);
  } else if (facts.mechanism == kScramSha1) {
    outcome =
        authenticate_scram(connection, credentials, ScramMechanism::sha1, options, facts, deadline);
  } else if (facts.mechanism == "MONGODB-X509") {
    outcome = authenticate_x509(connection, credentials, options, deadline);
  } else if (facts.mechanism == "PLAIN") {
    outcome = authenticate_plain(connection, credentials, options, deadline);
  } else {
    outcome =
        auth_error(ErrorCode::usage, facts.mechanism +
                                         " authentication is not supported by mongoscan; scan "
                                         "with a SCRAM or X.509 account");
  }
  facts.succeeded = outcome.ok();
  if (!outcome) facts.error = outcome.error();
  return facts;
}

}  // namespace mongoscan
