// The SCRAM client: the published exchanges reproduce byte for byte, every check of the server's
// messages fails as it should, the salted-password cache saves PBKDF2 runs, and no error message
// carries the password.

#include "scanner/auth/scram.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "tests/support/shared_data.h"

namespace mongoscan {
namespace scram_test {
namespace {

// RFC 7677 section 3, also the auth spec's SCRAM-SHA-256 example.
constexpr std::string_view kNonce = "rOprNGfwEbeRWgbNEkqO";
constexpr std::string_view kServerFirst =
    "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
constexpr std::string_view kClientFinal =
    "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
    "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
constexpr std::string_view kServerFinal = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";
constexpr std::string_view kPassword = "pencil";

// A deadline no test here reaches, and one already passed.
Deadline later() { return Deadline::after(std::chrono::minutes(5)); }
Deadline passed() { return Deadline::after(std::chrono::milliseconds(0)); }

ScramClient sha256_client(std::string_view password = kPassword,
                          SaltedPasswordCache* cache = nullptr) {
  return ScramClient(ScramMechanism::sha256, "user", Secret(std::string(password)),
                     std::string(kNonce), cache);
}

std::string server_first(int iterations, std::string_view salt = "W22ZaJ0SNY7soEsUEjb6gQ==") {
  return "r=" + std::string(kNonce) + "server,s=" + std::string(salt) +
         ",i=" + std::to_string(iterations);
}

Error server_first_error(std::string_view message) {
  ScramClient client = sha256_client();
  Result<std::string> result = client.handle_server_first(message, later());
  if (result.ok()) {
    ADD_FAILURE() << "accepted " << message;
    return {};
  }
  return result.error();
}

Error server_final_error(std::string_view message) {
  ScramClient client = sha256_client();
  EXPECT_TRUE(client.handle_server_first(kServerFirst, later()).ok());
  Result<Ok> result = client.verify_server_final(message);
  if (result.ok()) {
    ADD_FAILURE() << "accepted " << message;
    return {};
  }
  return result.error();
}

ScramMechanism mechanism_named(const std::string& name) {
  return name == "SCRAM-SHA-1" ? ScramMechanism::sha1 : ScramMechanism::sha256;
}

// Every vector of spec-tests/auth/scram-vectors.json: client-first, client-final with the proof
// and the server-final verification. MongoDB's password preparation is applied where the vector
// says MongoDB's rules apply (the SCRAM-SHA-1 digest, SASLprep for SCRAM-SHA-256); the plain
// RFC 5802 SCRAM-SHA-1 vector hashes the raw password.
TEST(ScramClient, PublishedVectorsReproduce) {
  const auto shared = testing_support::shared_dir();
  if (!shared)
    GTEST_SKIP() << "../shared not found: set MONGOSCAN_SHARED_DIR to run the SCRAM vectors";
  const auto vectors =
      nlohmann::json::parse(std::ifstream(*shared / "spec-tests/auth/scram-vectors.json"));
  ASSERT_EQ(vectors.size(), 3u);
  for (const auto& vector : vectors) {
    SCOPED_TRACE(vector.at("source").get<std::string>());
    const ScramMechanism mechanism = mechanism_named(vector.at("mechanism").get<std::string>());
    const std::string username = vector.at("username").get<std::string>();
    const Secret password(vector.at("password").get<std::string>());
    const bool mongodb_rules =
        mechanism == ScramMechanism::sha256 || vector.at("mongodb_password_digest").get<bool>();
    Result<Secret> scram_password = mongodb_rules
                                        ? mongodb_scram_password(mechanism, username, password)
                                        : Result<Secret>(password);
    ASSERT_TRUE(scram_password.ok()) << scram_password.error().message;

    const auto text = [&vector](const char* key) { return vector.at(key).get<std::string>(); };
    ScramClient client(mechanism, username, scram_password.value(), text("client_nonce"), nullptr);
    EXPECT_EQ(client.client_first_message(), text("client_first"));
    Result<std::string> client_final = client.handle_server_first(text("server_first"), later());
    ASSERT_TRUE(client_final.ok()) << client_final.error().message;
    EXPECT_EQ(client_final.value(), text("client_final"));
    Result<Ok> verified = client.verify_server_final(text("server_final"));
    EXPECT_TRUE(verified.ok()) << verified.error().message;
  }
}

// The RFC 5802 exchange hashes the raw password, so MongoDB's digested password must not match it.
TEST(ScramClient, MongodbSha1DigestDiffersFromPlainRfc5802) {
  Result<Secret> digested = mongodb_scram_password(ScramMechanism::sha1, "user", Secret("pencil"));
  ASSERT_TRUE(digested.ok());
  ScramClient client(ScramMechanism::sha1, "user", digested.value(), "fyko+d2lbbFgONRv9qkxdawL",
                     nullptr);
  Result<std::string> client_final = client.handle_server_first(
      "r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096", later());
  ASSERT_TRUE(client_final.ok());
  EXPECT_EQ(client_final.value().find("p=v0X8v3Bz2T0CJGbJQyF0X+HI4Ts="), std::string::npos);
}

TEST(MongodbScramPassword, Sha1IsTheHexMd5DigestWithoutSaslprep) {
  Result<Secret> digest = mongodb_scram_password(ScramMechanism::sha1, "user", Secret("pencil"));
  ASSERT_TRUE(digest.ok());
  EXPECT_EQ(digest.value().reveal(), "1c33006ec1ffd90f9cadcbcc0e118200");
  // No SASLprep: a soft hyphen stays and changes the digest, a control character is accepted.
  Result<Secret> hyphen = mongodb_scram_password(ScramMechanism::sha1, "IX", Secret("I\u00ADX"));
  Result<Secret> plain = mongodb_scram_password(ScramMechanism::sha1, "IX", Secret("IX"));
  ASSERT_TRUE(hyphen.ok() && plain.ok());
  EXPECT_NE(hyphen.value(), plain.value());
  EXPECT_TRUE(mongodb_scram_password(ScramMechanism::sha1, "user", Secret("a\u0007b")).ok());
}

TEST(MongodbScramPassword, Sha256IsSaslpreppedAndNotDigested) {
  Result<Secret> pencil = mongodb_scram_password(ScramMechanism::sha256, "user", Secret("pencil"));
  Result<Secret> hyphen = mongodb_scram_password(ScramMechanism::sha256, "IX", Secret("I\u00ADX"));
  Result<Secret> numeral =
      mongodb_scram_password(ScramMechanism::sha256, "\u2168", Secret("\u2163"));
  ASSERT_TRUE(pencil.ok() && hyphen.ok() && numeral.ok());
  EXPECT_EQ(pencil.value().reveal(), "pencil");
  EXPECT_EQ(hyphen.value().reveal(), "IX");
  EXPECT_EQ(numeral.value().reveal(), "IV");

  Result<Secret> control =
      mongodb_scram_password(ScramMechanism::sha256, "user", Secret("a\u0007b"));
  ASSERT_FALSE(control.ok());
  EXPECT_EQ(control.error().code, ErrorCode::usage);
}

TEST(ScramClient, UsernameIsEscapedButNeverSaslprepped) {
  ScramClient escaped(ScramMechanism::sha256, "a=b,c", Secret("x"), "nonce", nullptr);
  EXPECT_EQ(escaped.client_first_message(), "n,,n=a=3Db=2Cc,r=nonce");
  ScramClient numeral(ScramMechanism::sha256, "\u2168", Secret("IV"), "nonce", nullptr);
  EXPECT_EQ(numeral.client_first_message(), "n,,n=\u2168,r=nonce");
}

TEST(ScramClient, StartPreparesThePasswordAndPicksAFreshNonce) {
  Result<ScramClient> first =
      ScramClient::start(ScramMechanism::sha256, "user", Secret("pencil"), nullptr);
  Result<ScramClient> second =
      ScramClient::start(ScramMechanism::sha256, "user", Secret("pencil"), nullptr);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first.value().mechanism(), ScramMechanism::sha256);
  // 24 random bytes are 32 base64 characters.
  const std::string message = first.value().client_first_message();
  const std::string prefix = "n,,n=user,r=";
  ASSERT_TRUE(message.starts_with(prefix)) << message;
  const std::string nonce = message.substr(prefix.size());
  EXPECT_EQ(nonce.size(), 32u);
  EXPECT_EQ(
      nonce.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
      std::string::npos)
      << nonce;
  EXPECT_NE(first.value().client_first_message(), second.value().client_first_message());

  Result<ScramClient> bad =
      ScramClient::start(ScramMechanism::sha256, "user", Secret("\u0007"), nullptr);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, ErrorCode::usage);
}

TEST(ScramClient, MechanismNames) {
  EXPECT_EQ(mechanism_name(ScramMechanism::sha1), "SCRAM-SHA-1");
  EXPECT_EQ(mechanism_name(ScramMechanism::sha256), "SCRAM-SHA-256");
}

TEST(ScramClient, RecordsTheServerParameters) {
  ScramClient client = sha256_client();
  EXPECT_EQ(client.iteration_count(), 0);
  EXPECT_EQ(client.salt_base64(), "");
  ASSERT_TRUE(client.handle_server_first(kServerFirst, later()).ok());
  EXPECT_EQ(client.iteration_count(), 4096);
  EXPECT_EQ(client.salt_base64(), "W22ZaJ0SNY7soEsUEjb6gQ==");
}

TEST(ScramClient, WrongServerSignatureFails) {
  for (const std::string_view wrong : {
           "v=7rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=",  // one byte differs
           "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl9",      // truncated
           "v=",                                              // empty
           "v=not base64!",                                   // not base64
       }) {
    const Error error = server_final_error(wrong);
    EXPECT_EQ(error.code, ErrorCode::auth_failed) << wrong;
    EXPECT_EQ(error.message, "the server could not prove it knows the password");
  }
}

TEST(ScramClient, ServerErrorIsReported) {
  const Error error = server_final_error("e=invalid-proof");
  EXPECT_EQ(error.code, ErrorCode::auth_failed);
  EXPECT_EQ(error.phase, "auth");
  EXPECT_NE(error.message.find("invalid-proof"), std::string::npos) << error.message;
}

TEST(ScramClient, ServerFinalExtensionsAreIgnored) {
  ScramClient client = sha256_client();
  ASSERT_TRUE(client.handle_server_first(kServerFirst, later()).ok());
  EXPECT_TRUE(client.verify_server_final(std::string(kServerFinal) + ",x=later").ok());
}

TEST(ScramClient, IterationCountMinimumIs4096) {
  ScramClient low = sha256_client();
  Result<std::string> rejected = low.handle_server_first(server_first(4095), later());
  ASSERT_FALSE(rejected.ok());
  EXPECT_EQ(rejected.error().code, ErrorCode::protocol);
  EXPECT_EQ(rejected.error().message, "SCRAM iteration count 4095 is below the minimum 4096");
  EXPECT_EQ(low.iteration_count(), 4095);  // kept as evidence

  ScramClient enough = sha256_client();
  Result<std::string> accepted = enough.handle_server_first(server_first(4096), later());
  EXPECT_TRUE(accepted.ok()) << accepted.error().message;
}

TEST(ScramClient, IterationCountMaximumIs1000000) {
  for (const int count : {1'000'001, 2'000'000'000}) {
    ScramClient high = sha256_client();
    Result<std::string> rejected = high.handle_server_first(server_first(count), later());
    ASSERT_FALSE(rejected.ok());
    EXPECT_EQ(rejected.error().code, ErrorCode::protocol);
    EXPECT_EQ(rejected.error().message,
              "SCRAM iteration count " + std::to_string(count) + " is above the maximum 1000000");
    EXPECT_EQ(high.iteration_count(), count);  // kept as evidence
  }
  // The ceiling itself passes the check: PBKDF2 starts (and meets a deadline already passed).
  ScramClient ceiling = sha256_client();
  Result<std::string> started = ceiling.handle_server_first(server_first(1'000'000), passed());
  ASSERT_FALSE(started.ok());
  EXPECT_EQ(started.error().code, ErrorCode::timeout);
}

TEST(ScramClient, SaltedPasswordIsDerivedUnderTheDeadline) {
  ScramClient client = sha256_client();
  Result<std::string> late = client.handle_server_first(server_first(1'000'000), passed());
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().code, ErrorCode::timeout);
  EXPECT_EQ(late.error().phase, "auth");
  EXPECT_EQ(late.error().message,
            "the deadline passed while deriving the SCRAM salted password (1000000 iterations)");
  EXPECT_FALSE(client.verify_server_final(kServerFinal).ok());  // the conversation is over
}

TEST(ScramClient, ServerNonceMustExtendTheClientNonce) {
  const Error error = server_first_error("r=someoneElsesNonce,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");
  EXPECT_EQ(error.code, ErrorCode::protocol);
  EXPECT_NE(error.message.find("nonce"), std::string::npos);
  server_first_error("r=rOprNGfwEbeRWgbNEk,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");  // a prefix of ours
}

TEST(ScramClient, MalformedServerFirstFails) {
  const std::string nonce = "r=" + std::string(kNonce) + "x";
  for (const std::string& message : {
           std::string(""),
           nonce,
           nonce + ",i=4096,s=W22ZaJ0SNY7soEsUEjb6gQ==",  // wrong order
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ=,i=4096",   // bad base64
           nonce + ",s=,i=4096",                          // empty salt
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=0",
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=-4096",
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=04096",
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096x",
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=99999999999",
           nonce + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,garbage",
       }) {
    EXPECT_EQ(server_first_error(message).code, ErrorCode::protocol) << message;
  }
}

TEST(ScramClient, MandatoryExtensionIsRefusedAndOthersIgnored) {
  const Error error = server_first_error("m=required," + std::string(kServerFirst));
  EXPECT_NE(error.message.find("m="), std::string::npos);

  ScramClient client = sha256_client();
  EXPECT_TRUE(client.handle_server_first(std::string(kServerFirst) + ",x=future", later()).ok());
}

TEST(ScramClient, StepsOutOfTurnFail) {
  ScramClient early = sha256_client();
  Result<Ok> verified = early.verify_server_final(kServerFinal);
  ASSERT_FALSE(verified.ok());
  EXPECT_EQ(verified.error().code, ErrorCode::usage);

  ScramClient twice = sha256_client();
  ASSERT_TRUE(twice.handle_server_first(kServerFirst, later()).ok());
  EXPECT_FALSE(twice.handle_server_first(kServerFirst, later()).ok());

  ScramClient failed = sha256_client();
  ASSERT_FALSE(failed.handle_server_first(server_first(1000), later()).ok());
  EXPECT_FALSE(failed.verify_server_final(kServerFinal).ok());
}

TEST(SaltedPasswordCache, OnePbkdf2PerUserSaltCountAndPassword) {
  SaltedPasswordCache cache;
  for (int member = 0; member < 3; ++member) {
    ScramClient client = sha256_client(kPassword, &cache);
    Result<std::string> client_final = client.handle_server_first(kServerFirst, later());
    ASSERT_TRUE(client_final.ok());
    EXPECT_EQ(client_final.value(), kClientFinal);
    EXPECT_TRUE(client.verify_server_final(kServerFinal).ok());
  }
  EXPECT_EQ(cache.pbkdf2_count(), 1u);

  ScramClient other_salt = sha256_client(kPassword, &cache);
  ASSERT_TRUE(other_salt.handle_server_first(server_first(4096, "QSXCR+Q6sek8bf92"), later()).ok());
  EXPECT_EQ(cache.pbkdf2_count(), 2u);

  ScramClient other_password = sha256_client("not the password", &cache);
  Result<std::string> wrong = other_password.handle_server_first(kServerFirst, later());
  ASSERT_TRUE(wrong.ok());
  EXPECT_NE(wrong.value(), kClientFinal);
  EXPECT_EQ(cache.pbkdf2_count(), 3u);

  ScramClient other_count = sha256_client(kPassword, &cache);
  ASSERT_TRUE(other_count.handle_server_first(server_first(5000), later()).ok());
  EXPECT_EQ(cache.pbkdf2_count(), 4u);

  ScramClient sha1(ScramMechanism::sha1, "user", Secret(std::string(kPassword)),
                   std::string(kNonce), &cache);
  ASSERT_TRUE(sha1.handle_server_first(kServerFirst, later()).ok());
  EXPECT_EQ(cache.pbkdf2_count(), 5u);
}

TEST(SaltedPasswordCache, AComputationCutShortIsNotKept) {
  SaltedPasswordCache cache;
  ScramClient late = sha256_client(kPassword, &cache);
  Result<std::string> timed_out = late.handle_server_first(kServerFirst, passed());
  ASSERT_FALSE(timed_out.ok());
  EXPECT_EQ(timed_out.error().code, ErrorCode::timeout);
  EXPECT_EQ(cache.pbkdf2_count(), 0u);

  ScramClient in_time = sha256_client(kPassword, &cache);
  Result<std::string> client_final = in_time.handle_server_first(kServerFirst, later());
  ASSERT_TRUE(client_final.ok()) << client_final.error().message;
  EXPECT_EQ(client_final.value(), kClientFinal);
  EXPECT_EQ(cache.pbkdf2_count(), 1u);
}

TEST(SaltedPasswordCache, ConcurrentClientsShareOneComputation) {
  SaltedPasswordCache cache;
  std::vector<std::string> finals(8);
  std::vector<std::thread> workers;
  for (std::string& final_message : finals) {
    workers.emplace_back([&cache, &final_message] {
      ScramClient client = sha256_client(kPassword, &cache);
      Result<std::string> result = client.handle_server_first(kServerFirst, later());
      final_message = result.ok() ? result.value() : result.error().message;
    });
  }
  for (std::thread& worker : workers) worker.join();
  EXPECT_EQ(cache.pbkdf2_count(), 1u);
  for (const std::string& final_message : finals) EXPECT_EQ(final_message, kClientFinal);
}

TEST(ScramClient, ErrorMessagesNeverContainThePassword) {
  const std::string password = "Sup3rS3cretPw";
  std::vector<Error> errors;
  auto collect = [&errors](const auto& result) {
    if (!result.ok()) errors.push_back(result.error());
  };

  collect(mongodb_scram_password(ScramMechanism::sha256, "user", Secret(password + "\u0007")));
  collect(ScramClient::start(ScramMechanism::sha256, "user", Secret(password + "\u0627"), nullptr));
  for (const std::string& server_first_message :
       {server_first(4095), server_first(2'000'000'000),
        std::string("r=other,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"), std::string("m=x")}) {
    ScramClient client = sha256_client(password);
    collect(client.handle_server_first(server_first_message, later()));
  }
  ScramClient late = sha256_client(password);
  collect(late.handle_server_first(kServerFirst, passed()));
  for (const std::string_view server_final :
       {std::string_view(kServerFinal), std::string_view("e=other-error"), std::string_view("x")}) {
    ScramClient client = sha256_client(password);
    ASSERT_TRUE(client.handle_server_first(kServerFirst, later()).ok());
    collect(client.verify_server_final(server_final));
  }
  ASSERT_EQ(errors.size(), 10u);
  for (const Error& error : errors) {
    EXPECT_EQ(error.message.find(password), std::string::npos) << error.message;
    EXPECT_EQ(error.message.find("S3cret"), std::string::npos) << error.message;
    EXPECT_EQ(error.message.find("p="), std::string::npos) << error.message;
  }
}

}  // namespace
}  // namespace scram_test
}  // namespace mongoscan
