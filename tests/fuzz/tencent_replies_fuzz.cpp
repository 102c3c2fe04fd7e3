// The Tencent Cloud API reply readers (scanner/cloud/tencentcloud/tencent_replies.h): a reply comes
// from the network. The first byte picks the reader, the rest is the Response object's JSON.
// Properties: no exception escapes, a refusal says why, a read instance has its id, a read rule
// has a source and ordered port ranges, read accounts have names and masks of 0, 1 or 3, and
// reading is deterministic.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "scanner/cloud/tencentcloud/tencent_replies.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

template <typename T>
void check_refusal(const Result<T>& read) {
  fuzz::check(read.ok() || !read.error().message.empty(), "a refused reply says why");
}

void read_once(std::uint8_t reader, const nlohmann::json& reply) {
  switch (reader % 7) {
    case 0: {
      const auto instance = tencent_instance(reply, "ap-guangzhou");
      check_refusal(instance);
      if (instance) fuzz::check(!instance.value().id.empty(), "a read instance has its id");
      fuzz::check(instance.ok() == tencent_instance(reply, "ap-guangzhou").ok(),
                  "reading is deterministic");
      break;
    }
    case 1: {
      const auto groups = tencent_instance_security_groups(reply);
      check_refusal(groups);
      if (!groups) break;
      for (const CloudSecurityGroup& group : groups.value()) {
        fuzz::check(!group.id.empty(), "a read group has its id");
        for (const CloudGroupRule& rule : group.inbound) {
          fuzz::check(!rule.source.empty() || !rule.source_reference.empty(),
                      "a read rule has a source");
          for (const PortRange& range : rule.ports)
            fuzz::check(range.first >= 1 && range.first <= range.last, "port ranges are ordered");
        }
      }
      break;
    }
    case 2: {
      const auto nodes = tencent_instance_nodes(reply);
      check_refusal(nodes);
      if (nodes) {
        for (const ManagedNode& node : nodes.value())
          fuzz::check(!node.name.empty(), "a read node has its name");
      }
      break;
    }
    case 3:
      check_refusal(tencent_ssl_enabled(reply));
      break;
    case 4: {
      const auto audited = tencent_audited_instances(
          reply.is_array() ? std::vector<nlohmann::json>(reply.begin(), reply.end())
                           : std::vector<nlohmann::json>{reply});
      check_refusal(audited);
      if (audited) {
        for (const std::string& id : audited.value())
          fuzz::check(!id.empty(), "an audited instance has its id");
      }
      break;
    }
    case 5:
      check_refusal(tencent_backup_retention_days(reply));
      break;
    default: {
      const auto accounts = tencent_accounts(reply);
      check_refusal(accounts);
      if (!accounts) break;
      for (const ManagedAccount& account : accounts.value()) {
        fuzz::check(!account.name.empty(), "a read account has its name");
        for (const ManagedGrant& grant : account.grants)
          fuzz::check(grant.mask == 0 || grant.mask == 1 || grant.mask == 3, "masks are 0, 1 or 3");
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const nlohmann::json reply = nlohmann::json::parse(text, nullptr, false);
  if (reply.is_discarded()) return 0;
  read_once(data[0], reply);
  return 0;
}
