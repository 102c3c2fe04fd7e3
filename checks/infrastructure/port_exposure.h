#pragma once
// What a firewall or security group rule exposes, however it was read (an infrastructure file, a
// cloud control plane): whether it carries TCP, which of the policy's MongoDB ports it reaches,
// and which of its sources are the internet or a public range wider than the policy allows.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checks/policy.h"
#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Whether a rule's protocol carries TCP: "tcp", its number 6, or every protocol ("-1", "all",
// "*", "any", or none given).
bool carries_tcp(const std::string& protocol);

// The MongoDB ports (the policy's) a rule reaches, as "27017" or "27017-27019": the overlap of its
// ports with each of the policy's ranges; all of them when `ports` is empty (every port).
std::vector<std::string> mongodb_ports_reached(const std::vector<PortRange>& ports,
                                               const ExposureRules& rules);

// "all" for every port, else the ranges as text.
nlohmann::json ports_json(const std::vector<PortRange>& ports);

// The same in one line: "all", or "27017, 27018-27019".
std::string ports_text(const std::vector<PortRange>& ports);

struct PublicSources {
  std::vector<std::string> anywhere;  // 0.0.0.0/0, ::/0, *, Any, ...
  std::vector<std::string> wide;      // public ranges wider than the policy's prefixes
};

// The sources among `sources` that open a port to the public: any address, or a public range
// wider than the policy's widest prefix and outside its allowed sources.
PublicSources public_sources(const std::vector<std::string>& sources, const ExposureRules& rules);

}  // namespace mongoscan
