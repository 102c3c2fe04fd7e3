#include "scanner/config_scan/candidate_rules.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace candidate_rules_test {
namespace {

std::string rule_for(std::string_view text, bool quoted = true, bool in_code = false,
                     bool loopback = false) {
  const auto rule = dropping_rule({text, quoted, in_code, loopback});
  return rule ? std::string(*rule) : "kept";
}

TEST(CandidateRules, PlaceholdersAndTemplates) {
  for (std::string_view value : {"${MONGO_PASSWORD}", "${X:}", "{{ .Values.pw }}", "<password>",
                                 "%MONGO_PASSWORD%", "$MONGO_PASSWORD", "$(cat /run/pw)",
                                 "#{mongoPassword}", "@db.password@", "{password}", "%s"}) {
    EXPECT_EQ(rule_for(value), "placeholder-template") << value;
  }
  EXPECT_EQ(rule_for("$cred.Password", false), "placeholder-template");
  EXPECT_EQ(rule_for("$ecret-Pa55", true), "kept") << "a quoted password may start with $";
}

// Issue 36: ERB tags, printf verbs (Go's indexed ones too, cut at ']' as code values are) and
// the regular expressions of sed scripts stand where a password goes; they are none.
TEST(CandidateRules, ErbTagsFormatVerbsAndRegularExpressions) {
  for (std::string_view value :
       {"<%= ENV['MONGO_PASSWORD'] %>", "<%=", "%q", "%[4]q", "%[4", "%-12s", "%v"}) {
    EXPECT_EQ(rule_for(value, false), "placeholder-template") << value;
  }
  for (std::string_view value : {".*/password: $NEW/", "[^&]*", "\\s+", "(.*)"}) {
    EXPECT_EQ(rule_for(value, false), "regular-expression") << value;
  }
  EXPECT_EQ(rule_for("%s\\n", false), "placeholder-template") << "an escape after the verb";
  EXPECT_EQ(rule_for("REDACTED/", false), "masked-value") << "a sed replacement ends at '/'";
  EXPECT_EQ(rule_for("--region"), "option-name");
  EXPECT_EQ(rule_for("/tmp/passwd", false), "file-path");
  EXPECT_EQ(rule_for("/run/secrets/mongo-password"), "file-path");
  EXPECT_EQ(rule_for("secret/data/dc/cluster1/cfg", false), "file-path") << "a Vault KV path";
  EXPECT_EQ(rule_for("path={.metadata.name}-{.spec.users[0].name},objectType=Secret", false),
            "placeholder-template")
      << "Kubernetes JSONPath";
  for (std::string_view value : {"--Xq9-Pw", "/Xq9", "/a b/c", "-region"}) {
    EXPECT_EQ(rule_for(value), "kept") << value;
  }
  for (std::string_view value : {"%[4]qx", "%zz", "%[a]q", "Tz9-Sed-Literal-Pw/", "p.*ss"}) {
    EXPECT_EQ(rule_for(value, false), "kept") << value;
  }
}

TEST(CandidateRules, MaskedEncryptedEmptyAndNonStrings) {
  EXPECT_EQ(rule_for(""), "empty");
  for (std::string_view value : {"****", "xxxxxx", "REDACTED", "[FILTERED]"}) {
    EXPECT_EQ(rule_for(value), "masked-value") << value;
  }
  for (std::string_view value : {"ENC(AbC==)", "!vault |", "{cipher}abc", "$ANSIBLE_VAULT;1.1"}) {
    EXPECT_EQ(rule_for(value), "encrypted-value") << value;
  }
  for (std::string_view value : {"12", "true", "null", "on_create", "|", "{"}) {
    EXPECT_EQ(rule_for(value, false), "not-a-string") << value;
  }
  EXPECT_EQ(rule_for("123456789", true), "kept") << "a quoted number is a password";
  EXPECT_EQ(rule_for("MONGO_PASSWORD"), "environment-variable-name");
}

// Issue 35 item 4: an unquoted value past kMaxUnquotedValue is no password (the scanner reads no
// further, so a hit costs the same on a 9 MB line); a quoted one of any length is judged.
TEST(CandidateRules, AnUnquotedValueTooLongForAPasswordIsDropped) {
  const std::string longest(kMaxUnquotedValue, 'k');
  EXPECT_EQ(rule_for(longest, false), "kept");
  EXPECT_EQ(rule_for(longest + "k", false), "too-long");
  EXPECT_EQ(rule_for(longest + "k", true), "kept");
}

TEST(CandidateRules, ReferencesOnlyInCodeAndOnlyUnquoted) {
  EXPECT_EQ(rule_for("cfg.password", false, true), "reference-or-call");
  EXPECT_EQ(rule_for("getPassword()", false, true), "reference-or-call");
  EXPECT_EQ(rule_for("Hx7kPq2z", false, false), "kept") << "unquoted YAML is data";
}

TEST(CandidateRules, LiteralPasswordIsADocSlotExceptOnLoopback) {
  EXPECT_EQ(rule_for("password"), "literal-placeholder");
  EXPECT_EQ(rule_for("Password", true, false, true), "kept");
}

TEST(CandidateRules, TemplateDefaults) {
  EXPECT_EQ(template_default("${MONGO_PASSWORD:Df4!mQ8z}"), "Df4!mQ8z");
  EXPECT_EQ(template_default("${MONGO_PASSWORD:-s3cr3t}"), "s3cr3t");
  EXPECT_EQ(template_default("${MONGO_PASSWORD:}"), "");
  EXPECT_EQ(template_default("${ssm:/prod/mongo-password}"), "") << "a resolver, not a default";
  EXPECT_EQ(template_default("${A:${B}}"), "");
  EXPECT_EQ(template_default("${PASS:\n}"), "") << "an unfinished template, not a default";
  EXPECT_EQ(template_default("${PASS:a\r\nb}"), "");
  // The default is a view into the value: its offset is where it is, not where its text first
  // occurs (the X of the name here).
  const std::string_view value = "${X:X}";
  const std::string_view fallback = template_default(value);
  EXPECT_EQ(fallback, "X");
  EXPECT_EQ(fallback.data() - value.data(), 4);
}

TEST(CandidateRules, DocumentationAndLoopbackHosts) {
  EXPECT_TRUE(documentation_hosts("db.example.com:27017,db2.example.org"));
  EXPECT_TRUE(documentation_hosts("cluster0.xxxxx.mongodb.net"));
  EXPECT_FALSE(documentation_hosts("db.example.com,db.acme.io"));
  EXPECT_FALSE(documentation_hosts("${MONGO_HOST}")) << "a templated host hides a real one";
  EXPECT_FALSE(documentation_hosts("showcase.lab.test")) << ".test names test systems, not docs";
  EXPECT_TRUE(loopback_hosts("localhost:27017,127.0.0.1,[::1]:27018"));
  EXPECT_FALSE(loopback_hosts("localhost,10.0.0.5"));
}

// Hosts are compared in any case, each entry of the list without its port, and every host must
// qualify; an empty list names none.
TEST(CandidateRules, HostListsInAnyCase) {
  EXPECT_TRUE(documentation_hosts("DB.Example.COM:27017,Example.ORG,HOSTNAME,[<host>]:1"));
  EXPECT_TRUE(documentation_hosts("cluster0.XXXXX.mongodb.net,dbhost:27017,"));
  EXPECT_FALSE(documentation_hosts("db.example.com.evil.io"));
  EXPECT_FALSE(documentation_hosts(""));
  EXPECT_TRUE(loopback_hosts("LOCALHOST,api.LocalHost:1,127.0.0.2:27017"));
  EXPECT_FALSE(loopback_hosts("localhost.example,::2"));
  for (const std::string_view host :
       {"doesnotexist", "DoesNt.Exist", "does-not-exist", "NonExistent.domain", "non-existent",
        "BadDomain", "bad-domain", "UNREACHABLE", "x.unreachable.y"}) {
    EXPECT_TRUE(unreachable_by_name(std::string(host) + ":27017")) << host;
    EXPECT_TRUE(unreachable_by_name(std::string(host) + ",doesnotexist.local")) << host;
    EXPECT_FALSE(unreachable_by_name(std::string(host) + ",db.acme.io")) << host;
  }
  for (const std::string_view host :
       {"existing.db", "mydomain.io", "reachable", "does.not.exist", "exists.example", "unreach"}) {
    EXPECT_FALSE(unreachable_by_name(host)) << host;
  }
  EXPECT_FALSE(unreachable_by_name(""));
}

}  // namespace
}  // namespace candidate_rules_test
}  // namespace mongoscan
