#include "tests/support/lab_probe.h"

#include <string>

#include "scanner/wire/deadline.h"
#include "scanner/wire/tcp_connection.h"

namespace mongoscan::testing_support {

NodeFacts probe_lab_node(const LabDeployment& lab, std::size_t index, const ProbeOptions& options) {
  const std::string& address = lab.nodes().at(index);
  NodeFacts facts;
  facts.host = address.substr(0, address.rfind(':'));
  facts.port = static_cast<std::uint16_t>(std::stoi(address.substr(address.rfind(':') + 1)));
  facts.resolved_addresses = {"127.0.0.1"};
  auto connection =
      TcpConnection::connect("127.0.0.1", facts.port, Deadline::after(options.connect_timeout));
  if (!connection) {
    facts.errors.push_back(connection.error());
    return facts;
  }
  facts.reachable = true;
  facts.connected_address = "127.0.0.1";
  return probe_node(std::move(facts), std::move(connection).value(), options);
}

}  // namespace mongoscan::testing_support
