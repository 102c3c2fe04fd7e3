# The tests, in folders that mirror the sources'. Each folder lists its sources, one line a file;
# CMakeLists.txt stops the configuration at a .cpp file that no list names.

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests
  include_rules_test.cpp
  install_test.cpp
  pre_commit_hook_test.cpp
  test_file_namespaces_test.cpp
  tracked_files_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks
  acceptance_test.cpp
  baseline_test.cpp
  catalogue_json_test.cpp
  check_spec_test.cpp
  control_catalogue_test.cpp
  control_reference_test.cpp
  coverage_review_test.cpp
  cwe_test.cpp
  file_context_gate_test.cpp
  finding_fingerprint_test.cpp
  finding_test.cpp
  framework_coverage_test.cpp
  gate_test.cpp
  host_scope_test.cpp
  inline_allow_test.cpp
  listing_scope_test.cpp
  packed_evidence_test.cpp
  policy_json_test.cpp
  policy_test.cpp
  registry_test.cpp
  scan_coverage_test.cpp
  stig_editions_test.cpp
  system_collections_test.cpp
  text_list_test.cpp
  verdict_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks/application
  application_test.cpp
  common_passwords_test.cpp
  password_strength_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks/cloud
  atlas_clusters_test.cpp
  atlas_organizations_test.cpp
  atlas_projects_test.cpp
  atlas_reads_test.cpp
  group_drift_test.cpp
  managed_connection_strings_test.cpp
  managed_instances_test.cpp
  managed_routes_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks/connection
  cluster_shape_test.cpp
  connection_string_test.cpp
  deployment_connection_test.cpp
  discovery_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks/infrastructure
  network_exposure_test.cpp
  source_range_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks/data_model
  data_model_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/checks/server
  audit_filter_test.cpp
  audit_filter_verdict_test.cpp
  authentication_test.cpp
  authorization_lab_test.cpp
  authorization_test.cpp
  command_evidence_test.cpp
  durability_lab_test.cpp
  durability_test.cpp
  hardening_lab_test.cpp
  hardening_test.cpp
  identity_providers_lab_test.cpp
  identity_providers_test.cpp
  network_lab_test.cpp
  network_test.cpp
  pki_identity_lab_test.cpp
  pki_identity_test.cpp
  privileged_roles_test.cpp
  release_data_test.cpp
  server_defaults_test.cpp
  server_settings_test.cpp
  transport_lab_test.cpp
  transport_test.cpp
  versions_lab_test.cpp
  versions_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/docs
  markdown_links_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/fixtures
  configs_corpus_test.cpp
  demo_test.cpp
  deploy_examples_test.cpp
  infra_corpus_test.cpp
  server_commands_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/reports
  atomic_file_test.cpp
  catalogue_test.cpp
  cloud_summary_test.cpp
  control_coverage_test.cpp
  controls_sections_test.cpp
  environment_sections_test.cpp
  finding_record_test.cpp
  findings_view_test.cpp
  fix_first_test.cpp
  framework_coverage_report_test.cpp
  node_cells_test.cpp
  node_summary_test.cpp
  report_merge_test.cpp
  report_test.cpp
  reported_findings_test.cpp
  reporter_test.cpp
  results_by_check_test.cpp
  sample_reports.cpp
  self_check_table_test.cpp
  spool_file_test.cpp
  status_counts_test.cpp
  terminal_test.cpp
  topology_chart_test.cpp
  trend_chart_test.cpp
  uri_reference_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/reports/evidence
  bundle_file_test.cpp
  bundle_verification_test.cpp
  evidence_bundle_test.cpp
  manifest_test.cpp
  signature_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/reports/formats
  csv_report_test.cpp
  html_report_test.cpp
  json_report_reader_test.cpp
  json_report_test.cpp
  junit_report_test.cpp
  markdown_report_test.cpp
  ocsf_report_test.cpp
  prometheus_textfile_test.cpp
  sarif_report_test.cpp
  table_report_test.cpp
  webhook_payload_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/reports/text
  console_text_test.cpp
  markdown_paragraph_test.cpp
  markdown_text_test.cpp
  pretty_json_test.cpp
  text_table_test.cpp
  utf8_test.cpp
  xml_text_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/secrets
  digest_test.cpp
  secret_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/time
  utc_time_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/posix
  growing_buffer_test.cpp
  input_file_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/auth
  component_credentials_test.cpp
  saslprep_test.cpp
  scram_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/bson
  bson_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/cli
  acceptance_file_test.cpp
  baseline_lab_test.cpp
  inventory_file_test.cpp
  inventory_lab_test.cpp
  cli_test.cpp
  cloud_scan_lab_test.cpp
  deployment_ports_lab_test.cpp
  evidence_command_test.cpp
  history_command_test.cpp
  history_lab_test.cpp
  kept_node_facts_test.cpp
  manual_page_test.cpp
  option_values_test.cpp
  report_destinations_test.cpp
  report_identity_lab_test.cpp
  reports_lab_test.cpp
  sanitizer_defaults_test.cpp
  self_check_lab_test.cpp
  shell_completion_test.cpp
  suggestion_test.cpp
  webhook_notice_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/cloud
  allowlisted_transport_test.cpp
  cloud_api_allowlist_test.cpp
  cloud_target_test.cpp
  least_privilege_policy_test.cpp)
mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/cloud/atlas
  atlas_account_reader_test.cpp
  atlas_api_client_test.cpp
  atlas_replies_test.cpp
  http_digest_test.cpp)
mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/cloud/http
  curl_transport_test.cpp
  http_endpoint_test.cpp
  retrying_sender_test.cpp)
mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/cloud/tencentcloud
  tc3_signature_test.cpp
  tencent_account_reader_test.cpp
  tencent_api_client_test.cpp
  tencent_replies_test.cpp)
mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/config_scan
  anchor_search_test.cpp
  candidate_rules_test.cpp
  config_fingerprint_test.cpp
  config_scan_test.cpp
  config_text_scan_test.cpp
  context_rules_test.cpp
  file_reader_test.cpp
  file_syntax_test.cpp
  file_walk_test.cpp
  ignore_rules_test.cpp
  javascript_bundle_test.cpp
  newline_count_test.cpp
  own_report_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/data_model
  data_model_lab_test.cpp
  data_model_probe_test.cpp
  document_shape_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/discovery
  discovery_lab_test.cpp
  discovery_test.cpp
  member_queue_test.cpp
  sharded_cluster_lab_test.cpp
  worker_pool_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/dns
  dns_resolver_test.cpp
  srv_seedlist_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/facts
  cluster_topology_test.cpp
  file_context_test.cpp
  node_facts_test.cpp
  sharded_cluster_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/infra
  cloud_exports_test.cpp
  cloudformation_template_test.cpp
  compose_file_test.cpp
  embedded_server_config_test.cpp
  hcl_test.cpp
  helm_values_test.cpp
  infra_file_test.cpp
  infra_yaml_test.cpp
  kubernetes_manifest_test.cpp
  mongod_command_line_test.cpp
  port_range_text_test.cpp
  server_config_file_test.cpp
  terraform_module_files_test.cpp
  terraform_test.cpp
  word_search_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/probe
  auditor_role_test.cpp
  hostile_lab_test.cpp
  probe_lab_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/uri
  srv_uri_test.cpp
  uri_spec_test.cpp
  uri_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/scanner/wire
  command_allowlist_test.cpp
  deadline_test.cpp
  mongo_connection_test.cpp
  tcp_connection_test.cpp
  tls_context_cache_test.cpp
  wire_message_test.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/support
  background_program.cpp
  control_plane_lab.cpp
  dns_lab.cpp
  golden.cpp
  lab.cpp
  lab_probe.cpp
  lab_scan.cpp
  lab_test.cpp
  loopback_socket.cpp
  file_text.cpp
  process.cpp
  process_test.cpp
  profile_variant.cpp
  report_schema.cpp
  report_schema_test.cpp
  shared_data.cpp
  browser_page.cpp
  signing_keys.cpp
  spawn.cpp
  temp_tree.cpp
  xml_check.cpp)

mongoscan_sources(MONGOSCAN_TEST_SOURCES tests/reports/history
  environment_changes_test.cpp
  environment_trend_test.cpp
  history_run_test.cpp
  history_store_test.cpp
  report_changes_test.cpp
  run_listing_text_test.cpp)
