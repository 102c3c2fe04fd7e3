#include "scanner/cloud/atlas/atlas_account_reader.h"

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include "scanner/cloud/atlas/atlas_replies.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr const char* kGroupPath = "/groups/{groupId}";
// The cloud providers a project's private endpoints and peering are listed per
// (privateEndpoint/{cloudProvider}, peers?providerName=).
constexpr const char* kAtlasCloudProviders[] = {"AWS", "AZURE", "GCP"};

// Reads the project's parts into it, recording each failure under the project's id (per cluster:
// "PROJECT/CLUSTER").
class AtlasProjectReader {
 public:
  AtlasProjectReader(AtlasApiClient& client, const AtlasAccountScope& scope,
                     const Deadline& deadline, std::vector<CloudReadFailure>& failures)
      : client_(client), scope_(scope), deadline_(deadline), failures_(failures) {}

  void read(AtlasProject& project) {
    const AtlasPathValues group{{"groupId", project.id}};
    project.access_list = each_of(list("/groups/{groupId}/accessList", group, "", project.id),
                                  atlas_access_entry, "/groups/{groupId}/accessList", project.id);
    project.clusters = each_of(list("/groups/{groupId}/clusters", group, "", project.id),
                               atlas_cluster, "/groups/{groupId}/clusters", project.id);
    if (project.clusters && !scope_.cluster_names.empty()) {
      std::erase_if(*project.clusters, [&](const AtlasCluster& cluster) {
        return std::find(scope_.cluster_names.begin(), scope_.cluster_names.end(), cluster.name) ==
               scope_.cluster_names.end();
      });
    }
    for (AtlasCluster& cluster : project.clusters ? *project.clusters : no_clusters_) {
      const AtlasPathValues values{{"groupId", project.id}, {"clusterName", cluster.name}};
      const std::string scope = project.id + "/" + cluster.name;
      cluster.process_args = one("/groups/{groupId}/clusters/{clusterName}/processArgs", values,
                                 atlas_process_args, scope);
      // A cluster without cloud backup has no schedule to read.
      if (cluster.backup_enabled) {
        cluster.backup_schedule = one("/groups/{groupId}/clusters/{clusterName}/backup/schedule",
                                      values, atlas_backup_schedule, scope);
      }
    }
    project.encryption_at_rest =
        one("/groups/{groupId}/encryptionAtRest", group, atlas_encryption_at_rest, project.id);
    project.auditing = one("/groups/{groupId}/auditLog", group, atlas_auditing, project.id);
    project.database_users =
        each_of(list("/groups/{groupId}/databaseUsers", group, "", project.id), atlas_database_user,
                "/groups/{groupId}/databaseUsers", project.id);
    project.custom_roles =
        one("/groups/{groupId}/customDBRoles/roles", group, atlas_custom_roles, project.id);
    project.user_security =
        one("/groups/{groupId}/userSecurity", group, atlas_user_security, project.id);
    project.private_endpoint_services = count_per_provider(project.id, true);
    project.peering_connections = count_per_provider(project.id, false);
  }

 private:
  void record(std::string_view path, const std::string& scope, Error error) {
    failures_.push_back({"GET " + std::string(path), scope, std::move(error)});
  }

  // One object read with `reader`; nullopt (recorded) when the request or the reading fails.
  template <typename Reader>
  auto one(std::string_view path, const AtlasPathValues& values, Reader reader,
           const std::string& scope)
      -> std::optional<std::decay_t<decltype(reader(json()).value())>> {
    auto reply = client_.get(path, values, "", deadline_);
    if (!reply) return record(path, scope, reply.error()), std::nullopt;
    auto value = reader(reply.value());
    if (!value) return record(path, scope, value.error()), std::nullopt;
    return std::move(value).value();
  }

  std::optional<std::vector<json>> list(std::string_view path, const AtlasPathValues& values,
                                        const std::string& query, const std::string& scope) {
    auto results = client_.get_all_pages(path, values, query, deadline_);
    if (!results) return record(path, scope, results.error()), std::nullopt;
    return std::move(results).value();
  }

  // Every result read with `reader`; nullopt (recorded) when one of them cannot be: a list with a
  // member missing would let a check pass what it did not see.
  template <typename Reader>
  auto each_of(std::optional<std::vector<json>> results, Reader reader, std::string_view path,
               const std::string& scope)
      -> std::optional<std::vector<std::decay_t<decltype(reader(json()).value())>>> {
    if (!results) return std::nullopt;
    std::vector<std::decay_t<decltype(reader(json()).value())>> read;
    for (const json& result : *results) {
      auto value = reader(result);
      if (!value) return record(path, scope, value.error()), std::nullopt;
      read.push_back(std::move(value).value());
    }
    return read;
  }

  // Private endpoint services (bare lists) or peering connections (pages) over every provider;
  // nullopt when one provider's list could not be read.
  std::optional<std::size_t> count_per_provider(const std::string& project, bool endpoints) {
    std::size_t count = 0;
    for (const char* provider : kAtlasCloudProviders) {
      if (endpoints) {
        constexpr const char* kPath =
            "/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService";
        auto reply =
            client_.get(kPath, {{"groupId", project}, {"cloudProvider", provider}}, "", deadline_);
        if (!reply) return record(kPath, project, reply.error()), std::nullopt;
        if (!reply.value().is_array()) {
          record(kPath, project,
                 Error{ErrorCode::protocol, "cloud", "atlas: endpoint services are not a list"});
          return std::nullopt;
        }
        count += reply.value().size();
      } else {
        auto peers = list("/groups/{groupId}/peers", {{"groupId", project}},
                          std::string("providerName=") + provider, project);
        if (!peers) return std::nullopt;
        count += peers->size();
      }
    }
    return count;
  }

  AtlasApiClient& client_;
  const AtlasAccountScope& scope_;
  const Deadline& deadline_;
  std::vector<CloudReadFailure>& failures_;
  std::vector<AtlasCluster> no_clusters_;
};

// The organisation's identity and settings; failures recorded under "org:ID".
AtlasOrganization read_organization(AtlasApiClient& client, const std::string& id,
                                    const Deadline& deadline,
                                    std::vector<CloudReadFailure>& failures) {
  AtlasOrganization organization{id, "", std::nullopt};
  const std::string scope = "org:" + id;
  auto reply = client.get("/orgs/{orgId}", {{"orgId", id}}, "", deadline);
  auto named = reply ? atlas_organization(reply.value()) : Result<AtlasOrganization>(reply.error());
  if (named) {
    organization.name = named.value().name;
  } else {
    failures.push_back({"GET /orgs/{orgId}", scope, named.error()});
  }
  auto settings_reply = client.get("/orgs/{orgId}/settings", {{"orgId", id}}, "", deadline);
  auto settings = settings_reply ? atlas_organization_settings(settings_reply.value())
                                 : Result<AtlasOrganizationSettings>(settings_reply.error());
  if (settings) {
    organization.settings = std::move(settings).value();
  } else {
    failures.push_back({"GET /orgs/{orgId}/settings", scope, settings.error()});
  }
  return organization;
}

// Each read cluster's authEnabled and sslEnabled, from the list of every authorized cluster (one
// list for the whole account); a failure is recorded under the scope "all".
void read_cluster_security(AtlasApiClient& client, CloudAccountFacts& account,
                           const Deadline& deadline) {
  const bool any_cluster =
      std::any_of(account.projects.begin(), account.projects.end(),
                  [](const AtlasProject& p) { return p.clusters && !p.clusters->empty(); });
  if (!any_cluster) return;
  auto groups = client.get_all_pages("/clusters", {}, "", deadline);
  if (!groups) {
    account.failed_reads.push_back({"GET /clusters", "all", groups.error()});
    return;
  }
  for (const json& group : groups.value()) {
    auto listed = atlas_cluster_security(group);
    if (!listed) {
      account.failed_reads.push_back({"GET /clusters", "all", listed.error()});
      return;
    }
    for (const AtlasClusterSecurity& security : listed.value()) {
      for (AtlasProject& project : account.projects) {
        if (project.id != security.project_id || !project.clusters) continue;
        for (AtlasCluster& cluster : *project.clusters) {
          if (cluster.name != security.cluster_name) continue;
          cluster.auth_enabled = security.auth_enabled;
          cluster.ssl_enabled = security.ssl_enabled;
        }
      }
    }
  }
}

}  // namespace

CloudAccountFacts read_atlas_account(const std::function<AtlasApiClient()>& make_client,
                                     const AtlasAccountScope& scope, std::size_t concurrency,
                                     const Deadline& deadline) {
  CloudAccountFacts account;
  account.provider = "atlas";
  AtlasApiClient lister = make_client();
  // The projects: those named, then each named organisation's; `identified[i]` when project i's
  // own description was read (a project that could not be is kept, with nothing else read).
  std::vector<bool> identified;
  for (const std::string& id : scope.project_ids) {
    auto reply = lister.get(kGroupPath, {{"groupId", id}}, "", deadline);
    auto project = reply ? atlas_project(reply.value()) : Result<AtlasProject>(reply.error());
    identified.push_back(project.ok());
    if (project) {
      account.projects.push_back(std::move(project).value());
    } else {
      account.failed_reads.push_back({"GET /groups/{groupId}", id, project.error()});
      account.projects.emplace_back().id = id;
    }
  }
  for (const std::string& id : scope.organization_ids) {
    auto groups = lister.get_all_pages("/orgs/{orgId}/groups", {{"orgId", id}}, "", deadline);
    if (!groups) {
      account.failed_reads.push_back({"GET /orgs/{orgId}/groups", "org:" + id, groups.error()});
      continue;
    }
    for (const json& group : groups.value()) {
      auto project = atlas_project(group);
      if (!project) {
        account.failed_reads.push_back({"GET /orgs/{orgId}/groups", "org:" + id, project.error()});
        continue;
      }
      const bool listed =
          std::any_of(account.projects.begin(), account.projects.end(),
                      [&](const AtlasProject& p) { return p.id == project.value().id; });
      if (listed) continue;
      account.projects.push_back(std::move(project).value());
      identified.push_back(true);
    }
  }
  // Each organisation once: those named, and those of the projects read.
  std::vector<std::string> organizations = scope.organization_ids;
  for (const AtlasProject& project : account.projects) {
    if (!project.org_id.empty() && std::find(organizations.begin(), organizations.end(),
                                             project.org_id) == organizations.end()) {
      organizations.push_back(project.org_id);
    }
  }
  for (const std::string& id : organizations)
    account.organizations.push_back(read_organization(lister, id, deadline, account.failed_reads));

  // The projects' parts, `concurrency` projects at a time; a project whose identity could not be
  // read is not read further.
  std::vector<std::vector<CloudReadFailure>> failures(account.projects.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    AtlasApiClient client = make_client();
    for (std::size_t i = next++; i < account.projects.size(); i = next++) {
      if (!identified[i]) continue;
      AtlasProjectReader(client, scope, deadline, failures[i]).read(account.projects[i]);
    }
  };
  std::vector<std::jthread> workers;
  const std::size_t count =
      std::min(std::max<std::size_t>(concurrency, 1), account.projects.size());
  for (std::size_t i = 0; i < count; ++i) workers.emplace_back(work);
  workers.clear();  // joins
  for (auto& project_failures : failures) {
    account.failed_reads.insert(account.failed_reads.end(), project_failures.begin(),
                                project_failures.end());
  }
  read_cluster_security(lister, account, deadline);
  return account;
}

}  // namespace mongoscan
