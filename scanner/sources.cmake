# The scanner, which gathers facts. Each folder lists its sources, one line a file;
# CMakeLists.txt stops the configuration at a .cpp file that no list names.

# errors as values: Result and Error
mongoscan_sources(MONGOSCAN_SOURCES scanner/errors
  result.cpp)

# secrets: Secret, which never prints its value, and irreversible digests
mongoscan_sources(MONGOSCAN_SOURCES scanner/secrets
  digest.cpp
  secret.cpp)

# files the user names, read whole: regular files only, within a size per kind; memory that grows
# in place
mongoscan_sources(MONGOSCAN_SOURCES scanner/posix
  growing_buffer.cpp
  input_file.cpp)

# time: RFC 3339 timestamps in UTC
mongoscan_sources(MONGOSCAN_SOURCES scanner/time
  utc_time.cpp)

# authentication: SCRAM, SASLprep, X.509, PLAIN, password sources
mongoscan_sources(MONGOSCAN_SOURCES scanner/auth
  authentication.cpp
  component_credentials.cpp
  password_source.cpp
  saslprep.cpp
  scram.cpp)

# BSON documents: encoding, decoding, reading replies
mongoscan_sources(MONGOSCAN_SOURCES scanner/bson
  bson.cpp)

# the composition root: the command line, and a scan wired from gathering to reports
mongoscan_sources(MONGOSCAN_SOURCES scanner/cli
  acceptance_file.cpp
  baseline_command.cpp
  inventory_file.cpp
  cli.cpp
  cloud_scan.cpp
  diagnostics.cpp
  evidence_command.cpp
  help_format.cpp
  history_command.cpp
  kept_node_facts.cpp
  manual_page.cpp
  option_values.cpp
  report_destinations.cpp
  report_flags.cpp
  scan_command.cpp
  shell_completion.cpp
  suggestion.cpp
  webhook_notice.cpp
  yaml_config.cpp)

# control planes, read-only: the allowlist of API calls, the gate that enforces it, the policies,
# what --cloud and --cloud-endpoint name
mongoscan_sources(MONGOSCAN_SOURCES scanner/cloud
  allowlisted_transport.cpp
  cloud_api_allowlist.cpp
  cloud_target.cpp
  least_privilege_policy.cpp)

# control planes over HTTPS: requests and responses, endpoints, libcurl loaded and its transport,
# retries
mongoscan_sources(MONGOSCAN_SOURCES scanner/cloud/http
  curl_library.cpp
  curl_transport.cpp
  http_endpoint.cpp
  http_exchange.cpp
  retrying_sender.cpp)

# MongoDB Atlas Administration API v2: HTTP Digest for API keys, service-account tokens, GET
# requests in their pinned versions and their pages
mongoscan_sources(MONGOSCAN_SOURCES scanner/cloud/atlas
  atlas_account_reader.cpp
  atlas_api_client.cpp
  atlas_replies.cpp
  atlas_token_source.cpp
  http_digest.cpp)

# Tencent Cloud API 3.0: TC3-HMAC-SHA256 request signing, calls and their pages, replies read
# into cloud facts, an account read region by region
mongoscan_sources(MONGOSCAN_SOURCES scanner/cloud/tencentcloud
  tc3_signature.cpp
  tencent_account_reader.cpp
  tencent_api_client.cpp
  tencent_replies.cpp)

# application files: walk, read, ignore rules, candidate rules, text scan, fingerprints
mongoscan_sources(MONGOSCAN_SOURCES scanner/config_scan
  anchor_search.cpp
  candidate_rules.cpp
  config_fingerprint.cpp
  config_scan.cpp
  config_text_scan.cpp
  context_rules.cpp
  file_reader.cpp
  file_syntax.cpp
  file_walk.cpp
  ignore_rules.cpp
  javascript_bundle.cpp
  newline_count.cpp
  own_report.cpp)

# the data-model probe: sampling documents, their shapes
mongoscan_sources(MONGOSCAN_SOURCES scanner/data_model
  data_model_probe.cpp
  document_shape.cpp)

# a whole deployment: member queue, worker pool, discovery
mongoscan_sources(MONGOSCAN_SOURCES scanner/discovery
  discovery.cpp
  member_queue.cpp
  worker_pool.cpp)

# DNS: the c-ares resolver, mongodb+srv:// seed lists
mongoscan_sources(MONGOSCAN_SOURCES scanner/dns
  dns_resolver.cpp
  srv_seedlist.cpp)

# what the gatherers learnt, as checks/ reads it
mongoscan_sources(MONGOSCAN_SOURCES scanner/facts
  cluster_topology.cpp
  config_facts.cpp
  file_context.cpp
  node_facts.cpp
  sharded_cluster.cpp
  tls_facts.cpp
  topology.cpp)

# infrastructure files read into exposure facts: the HCL2 reader and Terraform resources, YAML
# manifests and templates, cloud CLI exports, MongoDB server configs
mongoscan_sources(MONGOSCAN_SOURCES scanner/infra
  cloud_exports.cpp
  cloudformation_template.cpp
  compose_file.cpp
  embedded_server_config.cpp
  hcl.cpp
  helm_values.cpp
  infra_file.cpp
  infra_yaml.cpp
  kubernetes_manifest.cpp
  kubernetes_service.cpp
  mongod_command_line.cpp
  port_range_text.cpp
  server_config_file.cpp
  terraform.cpp
  terraform_module_files.cpp
  word_search.cpp
  yaml_nodes.cpp)

# one node: the probe steps, the connections a TLS node is offered beside them (plaintext,
# weak-TLS handshakes), the auditor role
mongoscan_sources(MONGOSCAN_SOURCES scanner/probe
  auditor_role.cpp
  connection_offers.cpp
  probe.cpp
  weak_tls_probe.cpp)

# connection strings: parsing, options, redaction
mongoscan_sources(MONGOSCAN_SOURCES scanner/uri
  json_redaction.cpp
  srv_uri.cpp
  uri.cpp
  uri_option_json.cpp
  uri_options.cpp
  uri_redaction.cpp)

# bytes to a node: deadlines, TCP, TLS, OP_MSG, the allowlisted connection
mongoscan_sources(MONGOSCAN_SOURCES scanner/wire
  command_allowlist.cpp
  mongo_connection.cpp
  numeric_address.cpp
  tcp_connection.cpp
  tls_context_cache.cpp
  tls_stream.cpp
  wire_message.cpp)
