#include "scanner/cloud/atlas/atlas_account_reader.h"

#include <algorithm>
#include <array>
#include <iterator>

#include "scanner/cloud/atlas/atlas_replies.h"
#include "scanner/cloud/parallel_reads.h"

namespace mongoscan {
namespace {

using nlohmann::json;
using Failures = std::vector<CloudReadFailure>;

constexpr const char* kGroupPath = "/groups/{groupId}";
constexpr const char* kEndpointServicesPath =
    "/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService";
constexpr const char* kPeersPath = "/groups/{groupId}/peers";
// The cloud providers a project's private endpoints and peering are listed per
// (privateEndpoint/{cloudProvider}, peers?providerName=).
constexpr std::array<const char*, 3> kAtlasCloudProviders = {"AWS", "AZURE", "GCP"};

// One read and where its failure goes: "GET " + the path template, under `scope`.
class AtlasRead {
 public:
  AtlasRead(AtlasApiClient& client, const Deadline& deadline, Failures& failures)
      : client_(client), deadline_(deadline), failures_(failures) {}

  // One object read with `reader`; nullopt (recorded) when the request or the reading fails.
  template <typename Reader>
  auto one(std::string_view path, const AtlasPathValues& values, Reader reader,
           const std::string& scope, const std::string& query = "")
      -> std::optional<std::decay_t<decltype(reader(json()).value())>> {
    auto reply = client_.get(path, values, query, deadline_);
    if (!reply) return record(path, scope, reply.error()), std::nullopt;
    auto value = reader(reply.value());
    if (!value) return record(path, scope, value.error()), std::nullopt;
    return std::move(value).value();
  }

  // Every result of a paginated list read with `reader`; nullopt (recorded) when one of them
  // cannot be: a list with a member missing would let a check pass what it did not see.
  template <typename Reader>
  auto each(std::string_view path, const AtlasPathValues& values, Reader reader,
            const std::string& scope, const std::string& query = "")
      -> std::optional<std::vector<std::decay_t<decltype(reader(json()).value())>>> {
    auto results = client_.get_all_pages(path, values, query, deadline_);
    if (!results) return record(path, scope, results.error()), std::nullopt;
    std::vector<std::decay_t<decltype(reader(json()).value())>> read;
    for (const json& result : results.value()) {
      auto value = reader(result);
      if (!value) return record(path, scope, value.error()), std::nullopt;
      read.push_back(std::move(value).value());
    }
    return read;
  }

  void record(std::string_view path, const std::string& scope, Error error) {
    failures_.push_back({"GET " + std::string(path), scope, std::move(error)});
  }

 private:
  AtlasApiClient& client_;
  const Deadline& deadline_;
  Failures& failures_;
};

// How many members a bare list (endpoint services) or a paginated one (peering) has.
Result<std::size_t> bare_list_size(const json& reply) {
  if (!reply.is_array())
    return Error{ErrorCode::protocol, "cloud", "atlas: endpoint services are not a list"};
  return reply.size();
}
Result<std::size_t> counted(const json&) { return std::size_t{1}; }

// The project-level reads, one call each (a provider's endpoint services and peering are one
// each): what read(i) does for the i-th of kProjectReads.
constexpr std::size_t kProjectReads = 7 + 2 * kAtlasCloudProviders.size();

struct ProjectCounts {
  std::array<std::optional<std::size_t>, kAtlasCloudProviders.size()> endpoint_services;
  std::array<std::optional<std::size_t>, kAtlasCloudProviders.size()> peerings;
};

void read_project_part(AtlasRead& read, AtlasProject& project, ProjectCounts& counts,
                       const std::vector<std::string>& cluster_names, std::size_t part) {
  const AtlasPathValues group{{"groupId", project.id}};
  const std::string& scope = project.id;
  switch (part) {
    case 0:
      project.access_list =
          read.each("/groups/{groupId}/accessList", group, atlas_access_entry, scope);
      return;
    case 1:
      project.clusters = read.each("/groups/{groupId}/clusters", group, atlas_cluster, scope);
      if (project.clusters && !cluster_names.empty()) {
        std::erase_if(*project.clusters, [&](const AtlasCluster& cluster) {
          return std::find(cluster_names.begin(), cluster_names.end(), cluster.name) ==
                 cluster_names.end();
        });
      }
      return;
    case 2:
      project.encryption_at_rest =
          read.one("/groups/{groupId}/encryptionAtRest", group, atlas_encryption_at_rest, scope);
      return;
    case 3:
      project.auditing = read.one("/groups/{groupId}/auditLog", group, atlas_auditing, scope);
      return;
    case 4:
      project.database_users =
          read.each("/groups/{groupId}/databaseUsers", group, atlas_database_user, scope);
      return;
    case 5:
      project.custom_roles =
          read.one("/groups/{groupId}/customDBRoles/roles", group, atlas_custom_roles, scope);
      return;
    case 6:
      project.user_security =
          read.one("/groups/{groupId}/userSecurity", group, atlas_user_security, scope);
      return;
    default:
      break;
  }
  const std::size_t provider = (part - 7) % kAtlasCloudProviders.size();
  if (part - 7 < kAtlasCloudProviders.size()) {
    counts.endpoint_services[provider] =
        read.one(kEndpointServicesPath,
                 {{"groupId", project.id}, {"cloudProvider", kAtlasCloudProviders[provider]}},
                 bare_list_size, scope);
  } else {
    const auto peers = read.each(kPeersPath, group, counted, scope,
                                 std::string("providerName=") + kAtlasCloudProviders[provider]);
    if (peers) counts.peerings[provider] = peers->size();
  }
}

// The sum over the providers, or nullopt when one was not read.
std::optional<std::size_t> total(
    const std::array<std::optional<std::size_t>, kAtlasCloudProviders.size()>& counts) {
  std::size_t sum = 0;
  for (const auto& count : counts) {
    if (!count) return std::nullopt;
    sum += *count;
  }
  return sum;
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

void append(Failures& into, std::vector<Failures>& parts) {
  for (Failures& part : parts) std::move(part.begin(), part.end(), std::back_inserter(into));
}

}  // namespace

CloudAccountFacts read_atlas_account(const std::function<AtlasApiClient()>& make_client,
                                     const AtlasAccountScope& scope, std::size_t concurrency,
                                     const Deadline& deadline) {
  CloudAccountFacts account;
  account.provider = "atlas";

  // The projects: those named (each described), then each named organisation's (listed).
  const std::size_t named = scope.project_ids.size();
  std::vector<std::optional<AtlasProject>> described(named);
  std::vector<std::optional<std::vector<AtlasProject>>> listed(scope.organization_ids.size());
  std::vector<Failures> failures(named + listed.size());
  read_in_parallel<AtlasApiClient>(
      failures.size(), concurrency, make_client, [&](AtlasApiClient& client, std::size_t i) {
        AtlasRead read(client, deadline, failures[i]);
        if (i < named) {
          described[i] = read.one(kGroupPath, {{"groupId", scope.project_ids[i]}}, atlas_project,
                                  scope.project_ids[i]);
        } else {
          const std::string& id = scope.organization_ids[i - named];
          listed[i - named] =
              read.each("/orgs/{orgId}/groups", {{"orgId", id}}, atlas_project, "org:" + id);
        }
      });
  append(account.failed_reads, failures);
  // `identified[i]` when project i's own description was read (a project that could not be is
  // kept, with nothing else read).
  std::vector<bool> identified;
  for (std::size_t i = 0; i < named; ++i) {
    identified.push_back(described[i].has_value());
    if (described[i]) {
      account.projects.push_back(std::move(*described[i]));
    } else {
      account.projects.emplace_back().id = scope.project_ids[i];
    }
  }
  for (auto& projects : listed) {
    for (AtlasProject& project : projects ? *projects : std::vector<AtlasProject>{}) {
      const bool seen = std::any_of(account.projects.begin(), account.projects.end(),
                                    [&](const AtlasProject& p) { return p.id == project.id; });
      if (seen) continue;
      account.projects.push_back(std::move(project));
      identified.push_back(true);
    }
  }

  // Each organisation once (those named, and those of the projects read), and every part of
  // every identified project.
  std::vector<std::string> organizations = scope.organization_ids;
  for (const AtlasProject& project : account.projects) {
    if (!project.org_id.empty() && std::find(organizations.begin(), organizations.end(),
                                             project.org_id) == organizations.end()) {
      organizations.push_back(project.org_id);
    }
  }
  for (const std::string& id : organizations) account.organizations.push_back({id, "", {}});
  std::vector<std::size_t> readable;
  for (std::size_t i = 0; i < account.projects.size(); ++i)
    if (identified[i]) readable.push_back(i);
  const std::size_t organization_reads = 2 * organizations.size();
  std::vector<ProjectCounts> counts(account.projects.size());
  failures.assign(organization_reads + readable.size() * kProjectReads, {});
  read_in_parallel<AtlasApiClient>(
      failures.size(), concurrency, make_client, [&](AtlasApiClient& client, std::size_t i) {
        AtlasRead read(client, deadline, failures[i]);
        if (i < organization_reads) {
          AtlasOrganization& organization = account.organizations[i / 2];
          const AtlasPathValues values{{"orgId", organization.id}};
          const std::string where = "org:" + organization.id;
          if (i % 2 == 0) {
            if (auto named_organization =
                    read.one("/orgs/{orgId}", values, atlas_organization, where))
              organization.name = named_organization->name;
          } else {
            organization.settings =
                read.one("/orgs/{orgId}/settings", values, atlas_organization_settings, where);
          }
          return;
        }
        const std::size_t project = readable[(i - organization_reads) / kProjectReads];
        read_project_part(read, account.projects[project], counts[project], scope.cluster_names,
                          (i - organization_reads) % kProjectReads);
      });
  append(account.failed_reads, failures);
  for (std::size_t i : readable) {
    account.projects[i].private_endpoint_services = total(counts[i].endpoint_services);
    account.projects[i].peering_connections = total(counts[i].peerings);
  }

  // Every cluster's process arguments and, where cloud backup is on, its schedule.
  std::vector<std::pair<AtlasProject*, AtlasCluster*>> clusters;
  for (AtlasProject& project : account.projects) {
    if (!project.clusters) continue;
    for (AtlasCluster& cluster : *project.clusters) clusters.emplace_back(&project, &cluster);
  }
  failures.assign(clusters.size() * 2, {});
  read_in_parallel<AtlasApiClient>(
      failures.size(), concurrency, make_client, [&](AtlasApiClient& client, std::size_t i) {
        auto [project, cluster] = clusters[i / 2];
        AtlasRead read(client, deadline, failures[i]);
        const AtlasPathValues values{{"groupId", project->id}, {"clusterName", cluster->name}};
        const std::string where = project->id + "/" + cluster->name;
        if (i % 2 == 0) {
          cluster->process_args = read.one("/groups/{groupId}/clusters/{clusterName}/processArgs",
                                           values, atlas_process_args, where);
        } else if (cluster->backup_enabled) {  // a cluster without cloud backup has no schedule
          cluster->backup_schedule =
              read.one("/groups/{groupId}/clusters/{clusterName}/backup/schedule", values,
                       atlas_backup_schedule, where);
        }
      });
  append(account.failed_reads, failures);

  AtlasApiClient client = make_client();
  read_cluster_security(client, account, deadline);
  return account;
}

}  // namespace mongoscan
