#include "checks/catalogue_json.h"

#include "checks/registry.h"
#include "scanner/secrets/digest.h"

namespace mongoscan {

nlohmann::ordered_json catalogue_json(const std::vector<CheckSpec>& specs) {
  nlohmann::ordered_json catalogue = nlohmann::ordered_json::array();
  for (const CheckSpec& spec : specs) {
    nlohmann::ordered_json references = nlohmann::ordered_json::array();
    for (const ControlReference& reference : spec.references) {
      references.push_back({{"framework", to_string(reference.framework)},
                            {"id", reference.id},
                            {"title", reference.title}});
    }
    catalogue.push_back({{"id", spec.id},
                         {"layer", to_string(spec.layer)},
                         {"severity", to_string(spec.severity)},
                         {"title", spec.title},
                         {"references", references},
                         {"remediation", spec.remediation},
                         {"description", spec.description}});
  }
  return catalogue;
}

std::string catalogue_sha256(const std::vector<CheckSpec>& specs) {
  return sha256_hex(
      catalogue_json(specs).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

std::string catalogue_sha256() { return catalogue_sha256(check_catalogue()); }

}  // namespace mongoscan
