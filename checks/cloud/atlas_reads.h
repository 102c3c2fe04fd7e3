#pragma once
// What the MongoDB Atlas checks share: the subjects they judge, and the verdict on a part the Atlas
// Administration API did not give, which names the call that failed and its message and is never a
// pass. Failed reads are CloudReadFailure{call, scope}: call "GET " + the path template of the
// allowlist ("GET /groups/{groupId}/auditLog"), scope "org:ORG_ID", "PROJECT_ID" or
// "PROJECT_ID/CLUSTER_NAME".

#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "checks/verdict.h"
#include "scanner/facts/cloud_facts.h"

namespace mongoscan {

// "atlas:org:ORG_ID", "atlas:PROJECT_ID" and "atlas:PROJECT_ID/CLUSTER_NAME", of kind cloud.
Subject atlas_organization_subject(const AtlasOrganization& organization);
Subject atlas_project_subject(const AtlasProject& project);
Subject atlas_cluster_subject(const AtlasProject& project, const AtlasCluster& cluster);

// "PROJECT_ID/CLUSTER_NAME": the scope of a cluster's reads.
std::string atlas_cluster_scope(const AtlasProject& project, const AtlasCluster& cluster);

// The error verdict for `part` ("the IP access list was") that `call` on `scope` did not give: the
// failure recorded for that call, else the failure to read the whole project or organisation the
// scope belongs to ("GET /groups/{groupId}", "GET /orgs/{orgId}"), with its message; "gave
// nothing" when none is recorded. The members of `seen` (what was read before) join its evidence.
Verdict atlas_not_read(const CloudAccountFacts& account, std::string_view call,
                       std::string_view scope, std::string_view part,
                       const nlohmann::json& seen = nlohmann::json::object());

// For every organisation whose projects could not be listed (GET /orgs/{orgId}/groups), an error
// finding of each of `specs` on "atlas:org:ORG_ID": nothing in it was judged.
std::vector<Finding> atlas_unlisted_projects(const CloudAccountFacts& account,
                                             const std::vector<CheckSpec>& specs,
                                             const Policy& policy);

}  // namespace mongoscan
