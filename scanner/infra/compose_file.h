#pragma once
// Compose files (docker-compose.yml, compose.yaml): the ports each service publishes on the host,
// in the short syntax ("27017", "27017:27017", "127.0.0.1:27017:27017", "[::1]:27017:27017",
// "27017-27019:27017-27019", "27017/tcp") and the long one (target, published, host_ip); and the
// MongoDB servers that run on the host's own network (`network_mode: host`).

#include <yaml-cpp/yaml.h>

#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Whether `document` is a Compose file: a `services` mapping whose entries are mappings.
bool is_compose_file(const YAML::Node& document);

// Adds an endpoint of kind "published_port" per entry of each service's `ports`: its ports are
// the container's (target) ports; a host address other than all interfaces is its source
// restriction, and a loopback one makes it not public facing. Entries it cannot read become
// problems. A service with `network_mode: host` publishes nothing: when it runs a MongoDB server
// (a MongoDB server image, or a mongod or mongos command) it is an endpoint of kind
// "host_network" on the port its command gives (--port; else 27017, 27018 with --shardsvr,
// 27019 with --configsvr), restricted to the addresses --bind_ip names (every interface without
// it, as the official image runs). A command reading a config file, or an unreadable --port, is
// a problem.
void read_compose_file(const YAML::Node& document, std::string_view path, ExposureScan& scan);

}  // namespace mongoscan
