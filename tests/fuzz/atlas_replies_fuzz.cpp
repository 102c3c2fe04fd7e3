// The Atlas Administration API reply readers (scanner/cloud/atlas/atlas_replies.h): a reply comes
// from the network. The first byte picks the reader, the rest is the reply's JSON. Properties: no
// exception escapes, a refusal says why, what a reader keeps as an identity is never empty, and
// reading is deterministic.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "scanner/cloud/atlas/atlas_replies.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

template <typename Reader>
void read_with(Reader reader, const nlohmann::json& reply) {
  const auto read = reader(reply);
  mongoscan::fuzz::check(read.ok() || !read.error().message.empty(), "a refused reply says why");
  mongoscan::fuzz::check(read.ok() == reader(reply).ok(), "reading is deterministic");
}

void read_once(std::uint8_t reader, const nlohmann::json& reply) {
  switch (reader % 12) {
    case 0: {
      read_with(atlas_project, reply);
      if (const auto project = atlas_project(reply))
        fuzz::check(!project.value().id.empty(), "a read project has its id");
      break;
    }
    case 1: {
      read_with(atlas_access_entry, reply);
      if (const auto entry = atlas_access_entry(reply)) {
        const AtlasAccessEntry& read = entry.value();
        fuzz::check(!read.cidr_block.empty() + !read.ip_address.empty() +
                            !read.aws_security_group.empty() ==
                        1,
                    "a read entry has exactly one source");
      }
      break;
    }
    case 2: {
      read_with(atlas_cluster, reply);
      if (const auto cluster = atlas_cluster(reply))
        fuzz::check(!cluster.value().name.empty(), "a read cluster has its name");
      break;
    }
    case 3:
      read_with(atlas_process_args, reply);
      break;
    case 4:
      read_with(atlas_backup_schedule, reply);
      break;
    case 5:
      read_with(atlas_auditing, reply);
      break;
    case 6:
      read_with(atlas_encryption_at_rest, reply);
      break;
    case 7: {
      read_with(atlas_database_user, reply);
      if (const auto user = atlas_database_user(reply)) {
        fuzz::check(!user.value().username.empty() && !user.value().kind.empty(),
                    "a read user has its name and kind");
        for (const AtlasRoleGrant& grant : user.value().roles)
          fuzz::check(!grant.role.empty(), "a read grant names its role");
      }
      break;
    }
    case 8:
      read_with(atlas_custom_roles, reply);
      break;
    case 9:
      read_with(atlas_user_security, reply);
      break;
    case 10:
      read_with(atlas_organization, reply);
      break;
    default:
      read_with(atlas_organization_settings, reply);
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
