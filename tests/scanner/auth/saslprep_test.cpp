// SASLprep (RFC 4013): the RFC's own examples, the auth spec's SASLprep users and the rule checks.

#include "scanner/auth/saslprep.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/shared_data.h"

namespace mongoscan {
namespace saslprep_test {
namespace {

std::string prepared(std::string_view input) {
  Result<std::string> result = saslprep(input, /*allow_unassigned=*/false);
  EXPECT_TRUE(result.ok()) << result.error().message;
  return result.ok() ? result.value() : "";
}

Error rejected(std::string_view input, bool allow_unassigned = false) {
  Result<std::string> result = saslprep(input, allow_unassigned);
  if (result.ok()) {
    ADD_FAILURE() << "accepted, giving " << result.value();
    return {};
  }
  EXPECT_EQ(result.error().code, ErrorCode::usage);
  EXPECT_EQ(result.error().phase, "auth");
  return result.error();
}

TEST(Saslprep, Rfc4013Examples) {
  EXPECT_EQ(prepared("I\u00ADX"), "IX");  // soft hyphen mapped to nothing
  EXPECT_EQ(prepared("user"), "user");
  EXPECT_EQ(prepared("USER"), "USER");  // case is preserved
  EXPECT_EQ(prepared("\u00AA"), "a");   // NFKC
  EXPECT_EQ(prepared("\u2168"), "IX");  // NFKC
  rejected("\u0007");                   // prohibited character
  rejected("\u0627\u0031");             // bidi: RandALCat string must end with RandALCat
}

TEST(Saslprep, AsciiPasswordsPassThroughUnchanged) {
  std::string printable;
  for (char c = ' '; c <= '~'; ++c) printable += c;
  EXPECT_EQ(prepared(printable), printable);
  EXPECT_EQ(prepared("pencil"), "pencil");
  EXPECT_EQ(prepared("Tr0ub4dor&3 correct horse"), "Tr0ub4dor&3 correct horse");
  EXPECT_EQ(prepared(""), "");
}

TEST(Saslprep, MapsNonAsciiSpacesToSpace) {
  EXPECT_EQ(prepared("a\u00A0b"), "a b");
  EXPECT_EQ(prepared("a\u3000b"), "a b");
  EXPECT_EQ(prepared("a\u2003b"), "a b");
}

TEST(Saslprep, MapsCommonlyMappedToNothing) {
  EXPECT_EQ(prepared("\u00AD"), "");
  EXPECT_EQ(prepared("a\u034F\u200D\uFEFFb"), "ab");
}

// U+200B is in both table B.1 (to nothing) and table C.1.2 (to space). ICU, and therefore mongod
// when it creates SCRAM-SHA-256 credentials, maps it to a space; a client must agree with it.
TEST(Saslprep, ZeroWidthSpaceMapsToSpaceAsMongodDoes) { EXPECT_EQ(prepared("a\u200Bb"), "a b"); }

TEST(Saslprep, NormalisesWithNfkc) {
  EXPECT_EQ(prepared("\uFB01"), "fi");
  EXPECT_EQ(prepared("e\u0301"), "\u00E9");
  // U+FDFA grows to 18 code points, more than the input's length in UTF-16 or UTF-8.
  EXPECT_EQ(prepared("\uFDFA"),
            "\u0635\u0644\u0649 \u0627\u0644\u0644\u0647 \u0639\u0644\u064A\u0647 "
            "\u0648\u0633\u0644\u0645");
}

TEST(Saslprep, RejectsInvalidUtf8) {
  for (const std::string_view bad :
       {"\xFF", "a\xC0\xAF", "\xED\xA0\x80", "\xE2\x82", "\xF4\x90\x80\x80"}) {
    EXPECT_NE(rejected(bad).message.find("not valid UTF-8"), std::string::npos);
  }
}

TEST(Saslprep, RejectsProhibitedCharacters) {
  const std::string_view prohibited[] = {
      std::string_view("a\0b", 3),  // C.2.1 ASCII control
      "a\u0085b",                   // C.2.2 non-ASCII control
      "a\uE000b",                   // C.3 private use
      "a\uFDD0b",                   // C.4 non-character
      "a\uFFFDb",                   // C.6 inappropriate for plain text
      "a\u2FF0b",                   // C.7 inappropriate for canonical representation
      "a\u200Eb",                   // C.8 change display properties
      "a\U000E0001b",               // C.9 tagging
  };
  for (const std::string_view input : prohibited) {
    EXPECT_NE(rejected(input).message.find("prohibited character"), std::string::npos);
  }
}

TEST(Saslprep, UnassignedCodePointsOnlyInQueries) {
  // U+0221 was unassigned in Unicode 3.2, the version stringprep is defined on.
  EXPECT_NE(rejected("a\u0221").message.find("unassigned"), std::string::npos);
  Result<std::string> query = saslprep("a\u0221", /*allow_unassigned=*/true);
  ASSERT_TRUE(query.ok()) << query.error().message;
  EXPECT_EQ(query.value(), "a\u0221");
}

TEST(Saslprep, BidiRule) {
  EXPECT_EQ(prepared("\u0627\u0031\u0628"), "\u0627\u0031\u0628");
  EXPECT_NE(rejected("\u0627\u0031").message.find("bidirectional"), std::string::npos);
  EXPECT_NE(rejected("\u0627a\u0628").message.find("bidirectional"), std::string::npos);
}

TEST(Saslprep, ErrorsNeverQuoteTheInput) {
  for (const std::string_view secret : {"s3cretPassw0rd\u0007", "s3cretPassw0rd\u0627",
                                        "s3cretPassw0rd\xFF", "s3cretPassw0rd\u0221"}) {
    const Error error = rejected(secret);
    EXPECT_EQ(error.message.find("s3cret"), std::string::npos) << error.message;
    EXPECT_EQ(error.message.find("Passw0rd"), std::string::npos) << error.message;
  }
}

// The auth spec's SASLprep users: every listed password form prepares to the stored password.
TEST(Saslprep, AuthSpecUsers) {
  const auto shared = testing_support::shared_dir();
  if (!shared)
    GTEST_SKIP() << "../shared not found: set MONGOSCAN_SHARED_DIR to run the SASLprep cases";
  const auto document =
      nlohmann::json::parse(std::ifstream(*shared / "spec-tests/auth/saslprep-cases.json"));
  const auto& users = document.at("users_created_with_scram_sha_256_raw_bytes");
  ASSERT_EQ(users.size(), 2u);
  for (const auto& user : users) {
    const std::string stored = prepared(user.at("password").get<std::string>());
    for (const auto& form : user.at("password_forms_that_must_authenticate")) {
      EXPECT_EQ(prepared(form.get<std::string>()), stored) << user.at("username");
    }
  }
  EXPECT_EQ(prepared("\u2163"), "IV");
}

}  // namespace
}  // namespace saslprep_test
}  // namespace mongoscan
