# The checks, which judge facts. Each folder lists its sources, one line a file;
# CMakeLists.txt stops the configuration at a .cpp file that no list names.

# the shared machinery: check specs, the catalogue's JSON and digest, findings, verdicts, registry, policy, gate, baseline, coverage
mongoscan_sources(MONGOSCAN_SOURCES checks
  acceptance.cpp
  baseline.cpp
  catalogue_json.cpp
  check_spec.cpp
  control_catalogue.cpp
  control_reference.cpp
  coverage_review.cpp
  cwe.cpp
  file_context_gate.cpp
  finding.cpp
  finding_fingerprint.cpp
  framework_coverage.cpp
  gate.cpp
  host_scope.cpp
  inline_allow.cpp
  listing_scope.cpp
  packed_evidence.cpp
  policy.cpp
  policy_json.cpp
  registry.cpp
  scan_coverage.cpp
  stig_editions.cpp
  system_collections.cpp
  text_list.cpp
  verdict.cpp)

# application files: hardcoded credentials, password strength
mongoscan_sources(MONGOSCAN_SOURCES checks/application
  application.cpp
  common_passwords.cpp
  password_strength.cpp)

# managed instances as their cloud control plane describes them: Tencent Cloud's instances, Atlas's
# organisations, projects and clusters
mongoscan_sources(MONGOSCAN_SOURCES checks/cloud
  atlas_clusters.cpp
  atlas_organizations.cpp
  atlas_projects.cpp
  atlas_reads.cpp
  group_drift.cpp
  managed_connection_strings.cpp
  managed_instances.cpp
  managed_routes.cpp)

# connection strings and the deployment they reach: connection rules, discovery
mongoscan_sources(MONGOSCAN_SOURCES checks/connection
  cluster_shape.cpp
  connection_string.cpp
  deployment_connection.cpp
  discovery.cpp)

# infrastructure files: what firewall rules, load balancers and published ports expose
mongoscan_sources(MONGOSCAN_SOURCES checks/infrastructure
  network_exposure.cpp
  port_exposure.cpp
  source_range.cpp)

# data-model hygiene
mongoscan_sources(MONGOSCAN_SOURCES checks/data_model
  data_model.cpp)

# each node's server: authentication, authorization, identity (certificates, identity providers),
# network, TLS, hardening, durability, versions
mongoscan_sources(MONGOSCAN_SOURCES checks/server
  authentication.cpp
  audit_filter.cpp
  audit_filter_verdict.cpp
  authorization.cpp
  command_evidence.cpp
  data_fields.cpp
  durability.cpp
  edition.cpp
  hardening.cpp
  identity_providers.cpp
  network.cpp
  pki_identity.cpp
  privileged_roles.cpp
  release_data.cpp
  server_defaults.cpp
  server_settings.cpp
  transport.cpp
  versions.cpp)
