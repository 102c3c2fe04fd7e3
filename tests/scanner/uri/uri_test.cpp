// Connection-string behaviour beyond the specification data: option typing and validation,
// conflicts, credential handling and redaction.

#include "scanner/uri/uri.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scanner/uri/uri_option_json.h"

namespace mongoscan {
namespace uri_test {
namespace {

ConnectionString parse_ok(const std::string& uri) {
  auto parsed = parse_connection_string(uri);
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
  return parsed.ok() ? parsed.value() : ConnectionString{};
}

std::string parse_error(const std::string& uri) {
  auto parsed = parse_connection_string(uri);
  EXPECT_FALSE(parsed.ok()) << uri;
  return parsed.ok() ? "" : parsed.error().message;
}

bool has_warning_containing(const ConnectionString& uri, const std::string& text) {
  for (const auto& warning : uri.warnings) {
    if (warning.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(ConnectionString, TypesOptionValuesAndKeepsCanonicalNames) {
  auto uri = parse_ok(
      "mongodb://h1,h2:27018/app?replicaSet=rs0&MAXPOOLSIZE=100&retryWrites=false&w=majority"
      "&readPreference=SECONDARYPREFERRED&compressors=zstd,zlib&readPreferenceTags=dc:ny,rack:1"
      "&readPreferenceTags=");
  EXPECT_EQ(uri.string_option("replicaset"), "rs0");
  EXPECT_EQ(uri.int_option("maxPoolSize"), 100);
  EXPECT_EQ(uri.option("maxpoolsize")->name, "maxPoolSize");
  EXPECT_EQ(uri.bool_option("retryWrites"), false);
  EXPECT_EQ(uri.string_option("w"), "majority");
  EXPECT_EQ(uri.string_option("readPreference"), "secondaryPreferred");
  EXPECT_EQ(std::get<std::vector<std::string>>(uri.option("compressors")->value),
            (std::vector<std::string>{"zstd", "zlib"}));
  const auto& tags = std::get<std::vector<KeyValueList>>(uri.option("readPreferenceTags")->value);
  ASSERT_EQ(tags.size(), 2u);
  EXPECT_EQ(tags[0], (KeyValueList{{"dc", "ny"}, {"rack", "1"}}));
  EXPECT_TRUE(tags[1].empty());
  EXPECT_EQ(uri.database, "app");
  EXPECT_TRUE(uri.warnings.empty());
  EXPECT_EQ(uri.hosts[1].address(), "h2:27018");
  EXPECT_EQ(uri.hosts[0].address(), "h1:27017");
}

TEST(ConnectionString, WNumberIsAnInteger) {
  EXPECT_EQ(parse_ok("mongodb://h/?w=1").int_option("w"), 1);
  EXPECT_EQ(parse_ok("mongodb://h/?w=0").int_option("w"), 0);
}

// Read-write-concern specification, "Write Concern": w and wtimeout must be >= 0; its
// tests/connection-string/write-concern.json makes ?w=-2 and ?wtimeoutMS=-500 invalid strings.
TEST(ConnectionString, NegativeWriteConcernNumbersAreErrors) {
  EXPECT_NE(parse_error("mongodb://h/?w=-2").find("w: -2 is negative"), std::string::npos);
  EXPECT_NE(parse_error("mongodb://h/?wtimeoutMS=-500").find("wTimeoutMS: -500 is out of range"),
            std::string::npos);
  EXPECT_NE(parse_error("mongodb://h/?wtimeout=-1").find("wtimeout: -1"), std::string::npos);
  EXPECT_NE(parse_error("mongodb://h/?w=majority&wTimeoutMS=-1").find("wTimeoutMS"),
            std::string::npos);
}

// Where a number is not meant, w is a tag name and any text is taken (uri-options
// concern-options.json: "Arbitrary string w doesn't cause a warning"); a wTimeoutMS that is not
// a number is ignored with a warning ("Invalid wTimeoutMS causes a warning"), and it is a 64-bit
// option (uri-options.md: "non-negative 64-bit integer").
TEST(ConnectionString, WriteConcernTextAndLargeTimeouts) {
  const auto tag = parse_ok("mongodb://h/?w=arbitraryButStillValid");
  EXPECT_EQ(tag.string_option("w"), "arbitraryButStillValid");
  EXPECT_TRUE(tag.warnings.empty());
  EXPECT_EQ(parse_ok("mongodb://h/?w=-abc").string_option("w"), "-abc");
  for (const char* query : {"wTimeoutMS=invalid", "wTimeoutMS=1.5", "wTimeoutMS=-"}) {
    const auto uri = parse_ok(std::string("mongodb://h/?") + query);
    EXPECT_EQ(uri.option("wTimeoutMS"), nullptr) << query;
    EXPECT_TRUE(has_warning_containing(uri, "is not an integer")) << query;
  }
  EXPECT_EQ(parse_ok("mongodb://h/?wTimeoutMS=4294967296").int_option("wTimeoutMS"), 4294967296);
}

// Read-write-concern specification, "Unknown Levels and Additional Options for String Based
// ReadConcerns": drivers must not raise an error for an unknown level; uri-options
// concern-options.json: "Arbitrary string readConcernLevel does not cause a warning".
TEST(ConnectionString, ReadConcernLevelIsAnyStringWithoutAWarning) {
  const auto uri = parse_ok("mongodb://h/?readConcernLevel=arbitraryButStillValid");
  EXPECT_EQ(uri.string_option("readConcernLevel"), "arbitraryButStillValid");
  EXPECT_TRUE(uri.warnings.empty());
  EXPECT_EQ(parse_ok("mongodb://h/?readConcernLevel=majority").string_option("readConcernLevel"),
            "majority");
}

// The client-backpressure options (DRIVERS-3427): maxAdaptiveRetries, a non-negative integer
// where 0 turns the retries off, and enableOverloadRetargeting, a boolean.
TEST(ConnectionString, ClientBackpressureOptionsAreTyped) {
  const auto uri = parse_ok("mongodb://h/?MAXADAPTIVERETRIES=3&enableoverloadretargeting=true");
  EXPECT_EQ(uri.int_option("maxAdaptiveRetries"), 3);
  EXPECT_EQ(uri.option("maxAdaptiveRetries")->name, "maxAdaptiveRetries");
  EXPECT_EQ(uri.bool_option("enableOverloadRetargeting"), true);
  EXPECT_EQ(uri.option("enableOverloadRetargeting")->name, "enableOverloadRetargeting");
  EXPECT_TRUE(uri.warnings.empty());
  EXPECT_EQ(parse_ok("mongodb://h/?maxAdaptiveRetries=0").int_option("maxAdaptiveRetries"), 0);
}

// The URI-options specification makes every integer option 32-bit unless it says otherwise.
TEST(ConnectionString, IntegerOptionsAre32BitUnlessStatedOtherwise) {
  EXPECT_EQ(parse_ok("mongodb://h/?maxPoolSize=2147483647").int_option("maxPoolSize"), 2147483647);
  const auto uri = parse_ok("mongodb://h/?maxPoolSize=2147483648");
  EXPECT_EQ(uri.option("maxPoolSize"), nullptr);
  EXPECT_TRUE(has_warning_containing(uri, "out of range (at most 2147483647)"));
}

// uri-options tests/proxy-options.json: "multiple proxyHost parameters" and the three cases after
// it are invalid strings. The error names the option, never its values.
TEST(ConnectionString, RepeatedProxyOptionsAreErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mongodb://h/?proxyHost=localhost&proxyHost=localhost2", "proxyHost"},
      {"mongodb://h/?proxyHost=localhost&proxyPort=1234&proxyPort=12345", "proxyPort"},
      {"mongodb://h/?proxyHost=p&proxyUsername=abc&PROXYUSERNAME=def&proxyPassword=Pw1x",
       "proxyUsername"},
      {"mongodb://h/?proxyHost=p&proxyUsername=u&proxyPassword=Pw1x&proxyPassword=Pw2y",
       "proxyPassword"},
      {"mongodb://h/?proxyHost=p&proxyPort=bad&proxyPort=1080", "proxyPort"},
  };
  for (const auto& [uri, option] : cases) {
    const auto parsed = parse_connection_string(uri);
    // The input is never streamed: it holds proxy passwords.
    ASSERT_FALSE(parsed.ok()) << "accepted: " << redact_connection_string(uri);
    const std::string& message = parsed.error().message;
    EXPECT_NE(message.find(option + " is given more than once"), std::string::npos) << message;
    EXPECT_EQ(message.find("Pw1x"), std::string::npos) << "the message quotes a password";
    EXPECT_EQ(message.find("Pw2y"), std::string::npos) << "the message quotes a password";
    EXPECT_EQ(redact_connection_string(uri).find("Pw1x"), std::string::npos);
    EXPECT_EQ(redact_connection_string(uri).find("Pw2y"), std::string::npos);
  }
  const auto once =
      parse_ok("mongodb://h/?proxyHost=p&proxyPort=12345&proxyUsername=asdf&proxyPassword=qwerty");
  EXPECT_EQ(once.int_option("proxyPort"), 12345);
}

TEST(ConnectionString, InvalidValuesAreIgnoredWithAWarning) {
  struct Case {
    std::string query, option, warning;
  };
  const std::vector<Case> cases = {
      {"maxPoolSize=lots", "maxPoolSize", "is not an integer"},
      {"heartbeatFrequencyMS=499", "heartbeatFrequencyMS", "out of range (at least 500)"},
      {"zlibCompressionLevel=10", "zlibCompressionLevel", "out of range (-1 to 9)"},
      {"retryWrites=yes", "retryWrites", "is not true or false"},
      {"readPreference=fastest", "readPreference", "is not one of primary"},
      {"maxAdaptiveRetries=-1", "maxAdaptiveRetries", "out of range (at least 0)"},
      {"enableOverloadRetargeting=yes", "enableOverloadRetargeting", "is not true or false"},
      {"compressors=zstd,lz4", "compressors", "'lz4' is not one of snappy"},
      {"journal=", "journal", "empty value"},
      {"authMechanismProperties=SERVICE_NAME", "authMechanismProperties", "KEY:VALUE"},
  };
  for (const Case& c : cases) {
    auto uri = parse_ok("mongodb://h/?" + c.query);
    EXPECT_EQ(uri.option(c.option), nullptr) << c.query;
    EXPECT_TRUE(has_warning_containing(uri, c.warning)) << c.query;
  }
}

TEST(ConnectionString, UnknownAndRepeatedOptionsWarn) {
  auto uri = parse_ok("mongodb://h/?foo=bar&maxPoolSize=10&maxPoolSize=20");
  EXPECT_TRUE(has_warning_containing(uri, "unknown option 'foo'"));
  EXPECT_TRUE(has_warning_containing(uri, "maxPoolSize is given more than once"));
  EXPECT_EQ(uri.int_option("maxPoolSize"), 20);
}

TEST(ConnectionString, DeprecatedAliasesMapToTheirReplacement) {
  auto alone = parse_ok("mongodb://h/?wtimeout=100&j=true&sslAllowInvalidCertificates=true");
  EXPECT_EQ(alone.int_option("wTimeoutMS"), 100);
  EXPECT_EQ(alone.bool_option("journal"), true);
  EXPECT_EQ(alone.bool_option("tlsAllowInvalidCertificates"), true);
  EXPECT_TRUE(has_warning_containing(alone, "wtimeout is deprecated; use wTimeoutMS"));
  auto both = parse_ok("mongodb://h/?wtimeoutMS=7&wtimeout=100");
  EXPECT_EQ(both.int_option("wTimeoutMS"), 7);
}

TEST(ConnectionString, SslIsAnAliasOfTls) {
  EXPECT_EQ(parse_ok("mongodb://h/?ssl=true").bool_option("tls"), true);
  EXPECT_EQ(parse_ok("mongodb://h/?ssl=false&tls=false").bool_option("tls"), false);
  EXPECT_NE(parse_error("mongodb://h/?ssl=false&tls=true").find("tls and ssl"), std::string::npos);
}

TEST(ConnectionString, ConflictingOptionsAreErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mongodb://h/?tlsInsecure=true&tlsAllowInvalidHostnames=false", "tlsInsecure and"},
      {"mongodb://h/?tlsAllowInvalidCertificates=true&tlsDisableOCSPEndpointCheck=true",
       "tlsAllowInvalidCertificates and tlsDisableOCSPEndpointCheck"},
      {"mongodb://a,b/?directConnection=true", "directConnection=true needs exactly one host"},
      {"mongodb+srv://c.example.com/?directConnection=true", "not allowed with mongodb+srv"},
      {"mongodb://a,b/?loadBalanced=true", "loadBalanced=true needs exactly one host"},
      {"mongodb://a/?loadBalanced=true&replicaSet=rs", "cannot be combined with replicaSet"},
      {"mongodb://a/?srvMaxHosts=2", "srvMaxHosts needs mongodb+srv"},
      {"mongodb://a/?srvServiceName=x", "srvServiceName needs mongodb+srv"},
      {"mongodb+srv://c.example.com/?srvMaxHosts=2&replicaSet=rs", "srvMaxHosts cannot"},
      {"mongodb://a/?w=0&journal=true", "w=0 cannot be combined with journal=true"},
      {"mongodb://a/?proxyPort=1080", "proxyPort needs proxyHost"},
      {"mongodb://a/?authMechanism=KERBEROS", "authMechanism"},
  };
  for (const auto& [uri, message] : cases) {
    EXPECT_NE(parse_error(uri).find(message), std::string::npos)
        << uri << " -> " << parse_error(uri);
  }
}

// The connection-string specification splits at the first unescaped '/' ("Reference
// Implementation", step 2), so a '/' left in the user info makes the credentials the database
// name; '@' and ':' are not among the characters it forbids there ("Auth Database": / \ space
// " $). A '?' left in the user info makes the rest an option. Text after the host list holding
// an '@' and then a host list is read as that mistake.
TEST(ConnectionString, AnUnescapedSlashInTheUserInfoIsAnErrorNotADatabase) {
  struct Case {
    std::string uri;
    std::string secret;  // the part of the password that came out as a database or an option
    std::string where;
  };
  const std::vector<Case> cases = {
      {"mongodb://app/svc:S3cretPw@db.example.com:27017", "S3cretPw", "'/' at character 14"},
      {"mongodb://app/svc:S3cretPw@db.example.com", "S3cretPw", "'/' at character 14"},
      {"mongodb://app/svc:S3cretPw@db1.example.com,db2.example.com/x", "S3cretPw", "character 14"},
      {"mongodb://app:99/S3cretPw@db.example.com", "S3cretPw", "'/' at character 17"},
      {"mongodb://app/svc:pa?ssWord9@db.example.com", "ssWord9", "'/' at character 14"},
      {"mongodb://app:pa?ssWord9@db.example.com/?tls=true", "ssWord9", "'?' at character 17"},
      {"mongodb+srv://app/svc:S3cretPw@cluster.example.com", "S3cretPw", "'/' at character 18"},
  };
  for (const Case& c : cases) {
    const auto parsed = parse_connection_string(c.uri);
    // The input is never streamed: it holds the password.
    ASSERT_FALSE(parsed.ok()) << "accepted: " << redact_connection_string(c.uri);
    const std::string& message = parsed.error().message;
    EXPECT_EQ(message.find(c.secret), std::string::npos) << "the message quotes the password";
    EXPECT_NE(message.find(c.where), std::string::npos) << message;
    EXPECT_NE(message.find("%2F"), std::string::npos) << message;
    EXPECT_EQ(redact_connection_string(c.uri).find(c.secret), std::string::npos);
  }
  EXPECT_EQ(redact_connection_string("mongodb://app/svc:S3cretPw@db.example.com:27017"),
            "mongodb://app/svc:***@db.example.com:27017");

  // An escaped '@', one with no host after it, or one in an option value is no user info.
  EXPECT_EQ(parse_ok("mongodb://h/sales%40eu").database, "sales@eu");
  EXPECT_EQ(parse_ok("mongodb://h/sales@").database, "sales@");
  EXPECT_EQ(parse_ok("mongodb://h/a:b").database, "a:b");
  EXPECT_EQ(parse_ok("mongodb://h/db?appName=me@example.com").string_option("appName"),
            "me@example.com");
  EXPECT_EQ(parse_ok("mongodb://h?appName=me@example.com").string_option("appName"),
            "me@example.com");
}

// Server selection specification, "Read Preference": drivers MUST raise an error if
// maxStalenessSeconds is positive, or a tag set is non-empty, with mode 'primary' (the default
// mode). The max-staleness prose tests: mongodb://host/?maxStalenessSeconds=120 is invalid,
// readPreference=primary&maxStalenessSeconds=-1 is valid.
TEST(ConnectionString, PrimaryReadPreferenceTakesNoStalenessOrTags) {
  const std::vector<std::pair<std::string, std::string>> errors = {
      {"mongodb://h/?readPreference=primary&maxStalenessSeconds=120", "maxStalenessSeconds"},
      {"mongodb://h/?maxStalenessSeconds=120", "maxStalenessSeconds"},
      {"mongodb://h/?readPreference=primary&readPreferenceTags=dc:ny", "readPreferenceTags"},
      {"mongodb://h/?readPreferenceTags=dc:ny&readPreferenceTags=", "readPreferenceTags"},
  };
  for (const auto& [uri, name] : errors) {
    const std::string message = parse_error(uri);
    EXPECT_NE(message.find(name), std::string::npos) << uri << " -> " << message;
    EXPECT_NE(message.find("primary"), std::string::npos) << uri << " -> " << message;
  }
  parse_ok("mongodb://h/?readPreference=primary&maxStalenessSeconds=-1");
  parse_ok("mongodb://h/?readPreference=primary&readPreferenceTags=");
  parse_ok("mongodb://h/?readPreference=secondary&maxStalenessSeconds=120");
  parse_ok("mongodb://h/?readPreference=nearest&readPreferenceTags=dc:ny");
}

// Initial DNS seedlist discovery specification, "URI Validation": the driver MUST report an error
// if srvServiceName or srvMaxHosts is specified with a non-SRV URI, whatever its value.
TEST(ConnectionString, SrvOptionsOnAPlainUriAreErrorsEvenWithInvalidValues) {
  for (const std::string uri : {"mongodb://a/?srvMaxHosts=-1", "mongodb://a/?srvMaxHosts=many",
                                "mongodb://a/?srvMaxHosts="}) {
    EXPECT_NE(parse_error(uri).find("srvMaxHosts needs mongodb+srv"), std::string::npos) << uri;
  }
  EXPECT_NE(parse_error("mongodb://a/?srvServiceName=").find("srvServiceName needs mongodb+srv"),
            std::string::npos);
}

TEST(ConnectionString, SrvNeedsOneHostNameWithoutPort) {
  auto srv = parse_ok("mongodb+srv://cluster0.example.com/db");
  EXPECT_TRUE(srv.srv);
  // Seedlist specification, prose test 1: a name of fewer than three labels is no parse error.
  EXPECT_EQ(parse_ok("mongodb+srv://localhost").hosts.front().host, "localhost");
  EXPECT_EQ(parse_ok("mongodb+srv://mongo.local").hosts.front().host, "mongo.local");
  EXPECT_NE(parse_error("mongodb+srv://10.0.0.1").find("needs a host name"), std::string::npos);
  EXPECT_NE(parse_error("mongodb+srv://a.example.com:27017").find("port"), std::string::npos);
}

TEST(ConnectionString, CredentialDefaultsFollowTheAuthSpecification) {
  auto scram = parse_ok("mongodb://app:pw@h/sales");
  ASSERT_TRUE(scram.credentials);
  EXPECT_EQ(scram.credentials->source, "sales");
  EXPECT_FALSE(scram.credentials->mechanism);
  EXPECT_EQ(scram.credentials->password->reveal(), "pw");
  EXPECT_EQ(parse_ok("mongodb://app:pw@h").credentials->source, "admin");
  EXPECT_EQ(parse_ok("mongodb://app:pw@h/x?authSource=y").credentials->source, "y");
  EXPECT_FALSE(parse_ok("mongodb://h/?authSource=y").credentials);
}

TEST(ConnectionString, SessionTokenIsKeptOutOfTheOptions) {
  auto uri = parse_ok(
      "mongodb://AKIA:secretkey@h/?authMechanism=MONGODB-AWS"
      "&authMechanismProperties=AWS_SESSION_TOKEN:tok3n");
  ASSERT_TRUE(uri.credentials && uri.credentials->session_token);
  EXPECT_EQ(uri.credentials->session_token->reveal(), "tok3n");
  const auto& properties = std::get<KeyValueList>(uri.option("authMechanismProperties")->value);
  EXPECT_TRUE(properties.empty());
}

// Issue 35 item 1: the token's key is recognised in any case, so it is a Secret, never an option
// value shown as written; any other secret-looking property prints as "***".
TEST(ConnectionString, ASessionTokenUnderAKeyInAnyCaseIsASecret) {
  for (const char* key : {"aws_session_token", "Aws_Session_Token"}) {
    auto uri = parse_ok(std::string("mongodb://AKIA:secretkey@h/?authMechanism=MONGODB-AWS"
                                    "&authMechanismProperties=") +
                        key + ":tok3n");
    ASSERT_TRUE(uri.credentials && uri.credentials->session_token) << key;
    EXPECT_EQ(uri.credentials->session_token->reveal(), "tok3n");
    EXPECT_TRUE(std::get<KeyValueList>(uri.option("authMechanismProperties")->value).empty());
  }
  const nlohmann::json shown = option_value_json(
      KeyValueList{{"SERVICE_NAME", "mongodb"}, {"x_Secret_Key", "hidden9"}}, false);
  EXPECT_EQ(shown["SERVICE_NAME"], "mongodb");
  EXPECT_EQ(shown["x_Secret_Key"], "***");
  EXPECT_EQ(option_value_json(KeyValueList{{"x_Secret_Key", "hidden9"}}, true)["x_Secret_Key"],
            "hidden9");
}

TEST(ConnectionString, ErrorsNeverEchoTheUserInfo) {
  for (const std::string uri : {"mongodb://alice:s3cr3t:x@h", "mongodb://alice:s3cr3t%zz@h",
                                "mongodb://alice:s3cr3t@@h", "mongodb://alice:s3cr3t/x@h/db",
                                "mongodb://alice:s3cr3t@h:99999", "mongodb://alice:s3cr3t:x/db"}) {
    const std::string message = parse_error(uri);
    EXPECT_EQ(message.find("s3cr3t"), std::string::npos) << message;
    EXPECT_FALSE(message.empty());
  }
}

// An '&' left unescaped in a secret cuts it in two: the parser's messages never quote the part
// after a secret option, which may be the rest of the secret.
TEST(Uri, MessagesNeverQuoteThePartAfterASecretOption) {
  const auto cut =
      parse_connection_string("mongodb://h/?proxyHost=p&proxyUsername=u&proxyPassword=a&Zq9tail");
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.error().message.find("Zq9tail"), std::string::npos) << cut.error().message;
  EXPECT_NE(cut.error().message.find("after a secret option"), std::string::npos);

  const auto unknown = parse_connection_string(
      "mongodb://AKIAEXAMPLE:k@h/?authMechanism=MONGODB-AWS&authMechanismProperties="
      "AWS_SESSION_TOKEN:t&Zq9x=y");
  ASSERT_TRUE(unknown.ok()) << unknown.error().message;
  bool said = false;
  for (const std::string& warning : unknown.value().warnings) {
    EXPECT_EQ(warning.find("Zq9x"), std::string::npos) << "warning quotes the part: " << warning;
    said = said || warning.find("an unknown option after a secret option") != std::string::npos;
  }
  EXPECT_TRUE(said) << "the ignored part is still reported";

  const auto plain = parse_connection_string("mongodb://h/?retryWrite=true");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain.value().warnings.at(0), "unknown option 'retryWrite' is ignored")
      << "elsewhere the option is named, to show a typo";
}

TEST(Redaction, HidesPasswordsAndSecretOptions) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mongodb://app:Sup3r@h1,h2/db?replicaSet=rs", "mongodb://app:***@h1,h2/db?replicaSet=rs"},
      {"mongodb://app@h/db", "mongodb://app@h/db"},
      {"mongodb+srv://u:p%40ss@c.example.com", "mongodb+srv://u:***@c.example.com"},
      {"mongodb://h/?tlsCertificateKeyFilePassword=kp&tls=true",
       "mongodb://h/?tlsCertificateKeyFilePassword=***&tls=true"},
      {"mongodb://h/?sslPEMKeyPassword=kp", "mongodb://h/?sslPEMKeyPassword=***"},
      {"mongodb://h/?proxyUsername=u&proxyPassword=pp",
       "mongodb://h/?proxyUsername=u&proxyPassword=***"},
      {"mongodb://h/?authMechanismProperties=SERVICE_NAME:m,AWS_SESSION_TOKEN:tt",
       "mongodb://h/?authMechanismProperties=SERVICE_NAME:m,AWS_SESSION_TOKEN:***"},
      // Malformed input: over-redact rather than leak.
      {"mongodb://u:pa:ss@h", "mongodb://u:***@h"},
      {"mongodb://u:pa/ss@h/db", "mongodb://u:***@h/db"},
      {"mongodb://u:pa?ss@h", "mongodb://u:***@h"},
      {"mongodb://h/?replicaSet=a@b", "mongodb://h/?replicaSet=a@b"},
      // A valid URI is read as the parser reads it: this '@' is in an option, not after a password.
      {"mongodb://h:1/db?appName=a@b", "mongodb://h:1/db?appName=a@b"},
      // A secret holding an unescaped '&': the parser ends it there, the rest is masked too.
      {"mongodb://h/?proxyPassword=pp&qq&w=1", "mongodb://h/?proxyPassword=***&***&w=1"},
      // An empty pair after a secret stays empty: the parser skips it (found by uri_fuzz).
      {"mongodb://d?secret=1&", "mongodb://d?secret=***&"},
  };
  for (const auto& [uri, expected] : cases)
    EXPECT_EQ(redact_connection_string(uri), expected) << uri;
}

// Issue 16 item 7: the parser percent-decodes option names and authMechanismProperties before
// reading them, so the redactor judges the decoded names.
TEST(Redaction, JudgesOptionNamesAsTheParserDecodesThem) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mongodb://h/?authMechanismProperties=AWS_SESSION_%54OKEN:tt",
       "mongodb://h/?authMechanismProperties=AWS_SESSION_%54OKEN:***"},
      {"mongodb://h/?authMechanismProperties=SERVICE_NAME:m%2CAWS_SESSION_TOKEN:tt",
       "mongodb://h/?authMechanismProperties=SERVICE_NAME:m%2CAWS_SESSION_TOKEN:***"},
      {"mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN%3Att,SERVICE_NAME:m",
       "mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN%3A***,SERVICE_NAME:m"},
      {"mongodb://h/?authMechanism%50roperties=AWS_SESSION_TOKEN:tt",
       "mongodb://h/?authMechanism%50roperties=AWS_SESSION_TOKEN:***"},
      {"mongodb://h/?proxy%50assword=pp", "mongodb://h/?proxy%50assword=***"},
      // Names or values the parser refuses to decode: masked, since they could say anything.
      {"mongodb://h/?pass%zzword=pp", "mongodb://h/?pass%zzword=***"},
      {"mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:t%t",
       "mongodb://h/?authMechanismProperties=***"},
  };
  for (const auto& [uri, expected] : cases)
    EXPECT_EQ(redact_connection_string(uri), expected) << uri;
}

// Issue 35 item 1: the scheme in any case, wherever it starts in the text.
TEST(Redaction, ASchemeInAnyCaseAnywhereInTextIsRedacted) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"error: 'MONGODB://u:UpperPw1@h/'", "error: 'MONGODB://u:***@h/'"},
      {"x Mongodb+SRV://u:MixedPw2@h.example.com", "x Mongodb+SRV://u:***@h.example.com"},
      {"prefixmongodb://u:GluedPw3@h", "prefixmongodb://u:***@h"},
      {"mongodb:// is a scheme, MONGO is not", "mongodb:// is a scheme, MONGO is not"},
      {"MongoDB Atlas, mongodb.com", "MongoDB Atlas, mongodb.com"},
  };
  for (const auto& [text, expected] : cases)
    EXPECT_EQ(redact_connection_strings_in_text(text), expected) << text;
  EXPECT_TRUE(is_secret_option_name("Aws_Session_Token"));
  EXPECT_TRUE(is_secret_option_name("PROXYPASSWORD"));
  EXPECT_FALSE(is_secret_option_name("tlsCertificateKeyFile"));
  EXPECT_FALSE(is_secret_option_name("replicaSet"));
}

// Issue 16 item 7: a password or secret option may hold quotes and white space, so in free text
// neither ends the URI.
TEST(Redaction, QuotesAndSpacesDoNotEndAUriInText) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--fail-on: mongodb://u:S3cr3t'Pa55@h/ not in {info,low}",
       "--fail-on: mongodb://u:***@h/ not in {info,low}"},
      {"bad 'mongodb://u:S3c\"r3t Pa55@h/db' here", "bad 'mongodb://u:***@h/db' here"},
      {"x mongodb+srv://u:a b/c@h.example.com y", "x mongodb+srv://u:***@h.example.com y"},
      {"mongodb://h/?tls=true&tlsCertificateKeyFilePassword=Key Pw'77 is wrong",
       "mongodb://h/?tls=true&tlsCertificateKeyFilePassword=***"},
      {"mongodb://a:Pw1@h1/ and mongodb://b:Pw2@h2/",
       "mongodb://a:***@h1/ and mongodb://b:***@h2/"},
      {"no uri here", "no uri here"},
  };
  for (const auto& [text, expected] : cases)
    EXPECT_EQ(redact_connection_strings_in_text(text), expected) << text;
}

}  // namespace
}  // namespace uri_test
}  // namespace mongoscan
