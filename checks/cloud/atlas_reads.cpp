#include "checks/cloud/atlas_reads.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr std::string_view kAtlasOrganizationRead = "GET /orgs/{orgId}";
constexpr std::string_view kAtlasProjectRead = "GET /groups/{groupId}";
constexpr std::string_view kAtlasProjectsListed = "GET /orgs/{orgId}/groups";

const CloudReadFailure* atlas_failure_of(const CloudAccountFacts& account, std::string_view call,
                                         std::string_view scope) {
  for (const CloudReadFailure& failure : account.failed_reads)
    if (failure.call == call && failure.scope == scope) return &failure;
  return nullptr;
}

// The read of the whole organisation or project `scope` belongs to.
const CloudReadFailure* atlas_whole_failure(const CloudAccountFacts& account,
                                            std::string_view scope) {
  if (scope.starts_with("org:")) return atlas_failure_of(account, kAtlasOrganizationRead, scope);
  return atlas_failure_of(account, kAtlasProjectRead, scope.substr(0, scope.find('/')));
}

}  // namespace

Subject atlas_organization_subject(const AtlasOrganization& organization) {
  return Subject::cloud("atlas:org:" + organization.id);
}

Subject atlas_project_subject(const AtlasProject& project) {
  return Subject::cloud("atlas:" + project.id);
}

Subject atlas_cluster_subject(const AtlasProject& project, const AtlasCluster& cluster) {
  return Subject::cloud("atlas:" + atlas_cluster_scope(project, cluster));
}

std::string atlas_cluster_scope(const AtlasProject& project, const AtlasCluster& cluster) {
  return project.id + "/" + cluster.name;
}

Verdict atlas_not_read(const CloudAccountFacts& account, std::string_view call,
                       std::string_view scope, std::string_view part, const json& seen) {
  const CloudReadFailure* failure = atlas_failure_of(account, call, scope);
  if (failure == nullptr) failure = atlas_whole_failure(account, scope);
  Verdict unread =
      failure == nullptr
          ? Verdict{Status::error,
                    std::string(part) + " not read: " + std::string(call) + " gave nothing",
                    json{{"call", call}, {"scope", scope}}}
          : Verdict{
                Status::error,
                std::string(part) + " not read (" + failure->call + "): " + failure->error.message,
                json{{"call", failure->call}, {"scope", failure->scope}}};
  for (const auto& [key, value] : seen.items()) unread.evidence[key] = value;
  return unread;
}

std::vector<Finding> atlas_unlisted_projects(const CloudAccountFacts& account,
                                             const std::vector<CheckSpec>& specs,
                                             const Policy& policy) {
  std::vector<Finding> findings;
  for (const CloudReadFailure& failure : account.failed_reads) {
    if (failure.call != kAtlasProjectsListed) continue;
    for (const CheckSpec& spec : specs) {
      findings.push_back(make_finding(spec, policy, Subject::cloud("atlas:" + failure.scope),
                                      {Status::error,
                                       "the organisation's projects were not listed (" +
                                           failure.call + "): " + failure.error.message,
                                       json{{"call", failure.call}, {"scope", failure.scope}}}));
    }
  }
  return findings;
}

}  // namespace mongoscan
