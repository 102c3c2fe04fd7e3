#include "scanner/cloud/atlas/atlas_api_client.h"

#include <gtest/gtest.h>

#include <thread>

#include "tests/support/atlas_lab_route.h"

namespace mongoscan {
namespace atlas_api_client_test {
namespace {

using nlohmann::json;
using testing_support::AtlasLabRoute;
using testing_support::kAtlasLabProject;

Deadline deadline() { return Deadline::after(std::chrono::seconds(30)); }

const AtlasPathValues kProject{{"groupId", kAtlasLabProject}};

// The log entries of requests to the Atlas API or its token endpoint.
std::vector<json> atlas_requests(const AtlasLabRoute& route) {
  std::vector<json> requests;
  for (json& entry : route.lab().request_log())
    if (entry.value("service", "") == "atlas") requests.push_back(std::move(entry));
  return requests;
}

TEST(AtlasApiClient, AnswersTheDigestChallengeOnceAndCountsItsNonce) {
  AtlasLabRoute route;
  AtlasApiClient client = route.api_key_client();
  auto project = client.get("/groups/{groupId}", kProject, "", deadline());
  ASSERT_TRUE(project) << project.error().message;
  EXPECT_EQ("payments", project.value().value("name", ""));
  ASSERT_TRUE(client.get("/groups/{groupId}/auditLog", kProject, "", deadline()));
  const auto requests = atlas_requests(route);
  // One challenge, then two answers with the same nonce (nc 1 and 2: the lab refuses a replay).
  ASSERT_EQ(3u, requests.size());
  EXPECT_EQ(401, requests[0]["status"]);
  EXPECT_EQ("none", requests[0]["auth"]);
  for (std::size_t i = 1; i < 3; ++i) {
    EXPECT_EQ(200, requests[i]["status"]);
    EXPECT_EQ("digest", requests[i]["auth"]);
    EXPECT_EQ("GET", requests[i]["method"]);
  }
  EXPECT_EQ("2023-01-01", requests[1]["version"]);  // the version the allowlist pins
}

TEST(AtlasApiClient, AWrongPrivateKeyIsRefusedWithoutSayingIt) {
  AtlasLabRoute route;
  AtlasApiClient client = route.api_key_client("wrong-private-key-0123456789");
  auto project = client.get("/groups/{groupId}", kProject, "", deadline());
  ASSERT_FALSE(project);
  EXPECT_EQ(ErrorCode::auth_failed, project.error().code);
  EXPECT_NE(std::string::npos,
            project.error().message.find("atlas GET /groups/{groupId}: HTTP 401"))
      << project.error().message;
  EXPECT_EQ(std::string::npos, project.error().message.find("wrong-private-key"));
  EXPECT_EQ(2u, atlas_requests(route).size());  // the challenge, one answer
}

TEST(AtlasApiClient, AStaleNonceIsRenewedAndANonceThatIsAlwaysStaleIsNotChasedForever) {
  AtlasLabRoute route([](json& atlas) { atlas["nonce_lifetime_seconds"] = 1; });
  AtlasApiClient client = route.api_key_client();
  ASSERT_TRUE(client.get("/groups/{groupId}", kProject, "", deadline()));
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  auto again = client.get("/groups/{groupId}", kProject, "", deadline());
  ASSERT_TRUE(again) << again.error().message;
  // challenge, answer; the stale answer, the fresh answer.
  EXPECT_EQ(4u, atlas_requests(route).size());

  AtlasLabRoute always_stale([](json& atlas) { atlas["nonce_lifetime_seconds"] = -1; });
  AtlasApiClient stale_client = always_stale.api_key_client();
  EXPECT_FALSE(stale_client.get("/groups/{groupId}", kProject, "", deadline()));
  EXPECT_EQ(3u, atlas_requests(always_stale).size());
}

TEST(AtlasApiClient, ARoleTooLowNamesTheRoleThePathNeeds) {
  AtlasLabRoute route([](json& atlas) { atlas["api_keys"][0]["roles"] = {"GROUP_READ_ONLY"}; });
  AtlasApiClient client = route.api_key_client();
  ASSERT_TRUE(client.get("/groups/{groupId}/accessList", kProject, "", deadline()));
  auto audit = client.get("/groups/{groupId}/auditLog", kProject, "", deadline());
  ASSERT_FALSE(audit);
  EXPECT_EQ(ErrorCode::auth_failed, audit.error().code);
  EXPECT_NE(std::string::npos, audit.error().message.find("GROUP_OWNER role"))
      << audit.error().message;
  EXPECT_NE(std::string::npos, audit.error().message.find("USER_UNAUTHORIZED"));
}

TEST(AtlasApiClient, AVersionNoLongerServedIsAnErrorNamingIt) {
  AtlasLabRoute route([](json& atlas) { atlas["faults"]["gone_versions"] = {"2024-08-05"}; });
  AtlasApiClient client = route.api_key_client();
  auto clusters = client.get("/groups/{groupId}/clusters", kProject, "", deadline());
  ASSERT_FALSE(clusters);
  EXPECT_EQ(ErrorCode::protocol, clusters.error().code);
  EXPECT_NE(std::string::npos, clusters.error().message.find("HTTP 410 VERSION_GONE"));
  EXPECT_NE(std::string::npos, clusters.error().message.find("resource version 2024-08-05"));
}

TEST(AtlasApiClient, RateLimitsAreWaitedOutWithAFreshAuthorizationEachTime) {
  AtlasLabRoute route([](json& atlas) {
    atlas["faults"]["rate_limited_calls"] = 2;
    atlas["faults"]["retry_after"] = "1";
  });
  AtlasApiClient client = route.api_key_client();
  auto users = client.get_all_pages("/groups/{groupId}/databaseUsers", kProject, "", deadline());
  ASSERT_TRUE(users) << users.error().message;
  EXPECT_EQ(3u, users.value().size());
  ASSERT_EQ(2u, route.waits.size());
  for (const auto wait : route.waits) EXPECT_GE(wait, std::chrono::seconds(1));  // Retry-After
}

TEST(AtlasApiClient, ReadsEveryPageToTheTotalCount) {
  AtlasLabRoute route([](json& atlas) { atlas["max_items_per_page"] = 1; });
  AtlasApiClient client = route.api_key_client();
  auto entries = client.get_all_pages("/groups/{groupId}/accessList", kProject, "", deadline());
  ASSERT_TRUE(entries) << entries.error().message;
  ASSERT_EQ(3u, entries.value().size());
  EXPECT_NE(entries.value()[0], entries.value()[1]);
  std::vector<std::string> queries;
  for (const json& entry : atlas_requests(route))
    if (entry["status"] == 200) queries.push_back(entry.value("query", ""));
  EXPECT_EQ((std::vector<std::string>{"pageNum=1&itemsPerPage=500&includeCount=true",
                                      "pageNum=2&itemsPerPage=500&includeCount=true",
                                      "pageNum=3&itemsPerPage=500&includeCount=true"}),
            queries);
}

TEST(AtlasApiClient, AServiceAccountTokenServesEveryRequestUntilItIsRenewed) {
  AtlasLabRoute route;
  AtlasTokenSource::Clock::time_point now = AtlasTokenSource::Clock::now();
  auto tokens = route.token_source(testing_support::kAtlasLabClientSecret, [&] { return now; });
  AtlasApiClient first(route.gate(), tokens, route.options());
  AtlasApiClient second(route.gate(), tokens, route.options());
  ASSERT_TRUE(first.get("/groups/{groupId}", kProject, "", deadline()));
  ASSERT_TRUE(second.get("/groups/{groupId}/accessList", kProject, "", deadline()));
  now += std::chrono::minutes(51);  // within ten minutes of the hour's expiry
  ASSERT_TRUE(first.get("/groups/{groupId}", kProject, "", deadline()));
  std::size_t token_requests = 0, bearer_requests = 0;
  for (const json& entry : atlas_requests(route)) {
    if (entry["path"] == "/api/oauth/token") {
      ++token_requests;
      EXPECT_EQ("POST", entry["method"]);
      EXPECT_EQ("basic", entry["auth"]);
    } else {
      ++bearer_requests;
      EXPECT_EQ("bearer", entry["auth"]);
      EXPECT_EQ(200, entry["status"]);
    }
  }
  EXPECT_EQ(2u, token_requests);
  EXPECT_EQ(3u, bearer_requests);
}

TEST(AtlasApiClient, ARefusedServiceAccountSaysSoWithoutItsSecret) {
  AtlasLabRoute route;
  AtlasApiClient client(route.gate(), route.token_source("mdb_sa_sk_wrong-secret-000000"),
                        route.options());
  auto project = client.get("/groups/{groupId}", kProject, "", deadline());
  ASSERT_FALSE(project);
  EXPECT_EQ(ErrorCode::auth_failed, project.error().code);
  EXPECT_NE(std::string::npos, project.error().message.find("HTTP 401 invalid_client"))
      << project.error().message;
  EXPECT_EQ(std::string::npos, project.error().message.find("wrong-secret"));
  EXPECT_EQ(std::string::npos, project.error().message.find(testing_support::kAtlasLabClientId));
}

TEST(AtlasApiClient, RefusesAPathOffTheListOrAValueThatIsNotOneSegment) {
  AtlasLabRoute route;
  AtlasApiClient client = route.api_key_client();
  auto off_list = client.get("/groups/{groupId}/invites", kProject, "", deadline());
  ASSERT_FALSE(off_list);
  EXPECT_EQ(ErrorCode::usage, off_list.error().code);
  for (const char* value : {"../orgs", "a/b", "", "..", "a?b"}) {
    auto injected = client.get("/groups/{groupId}", {{"groupId", value}}, "", deadline());
    ASSERT_FALSE(injected) << value;
    EXPECT_EQ(ErrorCode::usage, injected.error().code);
  }
  EXPECT_FALSE(client.get("/groups/{groupId}", {}, "", deadline()));  // a parameter left open
  EXPECT_TRUE(atlas_requests(route).empty());
}

}  // namespace
}  // namespace atlas_api_client_test
}  // namespace mongoscan
