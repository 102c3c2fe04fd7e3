# The reports, which render findings. Each folder lists its sources, one line a file;
# CMakeLists.txt stops the configuration at a .cpp file that no list names.

# the report model and what formats share: self-check table, node summary, catalogue
mongoscan_sources(MONGOSCAN_SOURCES reports
  acceptance_text.cpp
  atomic_file.cpp
  baseline_listing.cpp
  catalogue.cpp
  cloud_summary.cpp
  cloud_text.cpp
  cluster_summary.cpp
  control_coverage.cpp
  controls_sections.cpp
  environment_sections.cpp
  node_cells.cpp
  node_summary.cpp
  parsed_uri.cpp
  findings_view.cpp
  finding_record.cpp
  fix_first.cpp
  framework_coverage_report.cpp
  progress_line.cpp
  report.cpp
  report_merge.cpp
  reported_findings.cpp
  status_counts.cpp
  reporter.cpp
  results_by_check.cpp
  seedlist_json.cpp
  self_check_table.cpp
  spool_file.cpp
  terminal.cpp
  topology_chart.cpp
  trend_chart.cpp
  uri_reference.cpp
  verdict_text.cpp)

# evidence bundles: the manifest, signatures, writing a bundle and verifying one
mongoscan_sources(MONGOSCAN_SOURCES reports/evidence
  bundle_file.cpp
  bundle_verification.cpp
  evidence_bundle.cpp
  manifest.cpp
  signature.cpp)

# one file per output format
mongoscan_sources(MONGOSCAN_SOURCES reports/formats
  csv_report.cpp
  html_report.cpp
  json_report.cpp
  json_report_reader.cpp
  junit_report.cpp
  markdown_report.cpp
  ocsf_report.cpp
  prometheus_textfile.cpp
  sarif_report.cpp
  table_report.cpp
  webhook_payload.cpp)

# text for each medium: console width, Markdown and XML escaping, tables, pretty JSON
mongoscan_sources(MONGOSCAN_SOURCES reports/text
  console_text.cpp
  markdown_paragraph.cpp
  markdown_text.cpp
  pretty_json.cpp
  text_table.cpp
  utf8.cpp
  xml_text.cpp)

# the history of scans (scan --history): the SQLite store, a run as kept, what changed
mongoscan_sources(MONGOSCAN_SOURCES reports/history
  environment_changes.cpp
  environment_trend.cpp
  history_run.cpp
  history_store.cpp
  report_changes.cpp
  run_listing_text.cpp)
