#include "checks/server/audit_filter_verdict.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace audit_filter_verdict_test {
namespace {

using nlohmann::json;

TEST(AuditFilterVerdict, DroppedEventsFailNamingThemInEvidence) {
  const Verdict verdict =
      audit_filter_verdict(R"({atype: "authenticate"})", "auditFilter", json{{"kept", true}});
  EXPECT_EQ(verdict.status, Status::fail);
  EXPECT_NE(verdict.message.find("the audit filter drops authorization failures (authCheck)"),
            std::string::npos)
      << verdict.message;
  EXPECT_EQ(verdict.evidence["kept"], true);
  EXPECT_TRUE(verdict.evidence["dropped"].contains("DDL"));
}

TEST(AuditFilterVerdict, AnEmptyFilterKeepsEverythingAndGarbleNamesTheSetting) {
  EXPECT_EQ(audit_filter_verdict("{}", "auditLog.filter", json::object()).status, Status::pass);
  const Verdict garbled = audit_filter_verdict("{atype: ", "auditFilter", json::object());
  EXPECT_EQ(garbled.status, Status::warn);
  EXPECT_TRUE(garbled.message.starts_with("auditFilter could not be read (")) << garbled.message;
}

TEST(AuditFilterVerdict, WhatTheModelCannotDecideWarns) {
  const Verdict verdict =
      audit_filter_verdict(R"({"users.user": {$ne: "svc"}})", "auditFilter", json::object());
  EXPECT_EQ(verdict.status, Status::warn);
  EXPECT_TRUE(verdict.evidence.contains("undecided_because"));
}

}  // namespace
}  // namespace audit_filter_verdict_test
}  // namespace mongoscan
