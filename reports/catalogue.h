#pragma once
// The check catalogue (`mongoscan checks`): every CheckSpec, for people and for tools.

#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"

namespace mongoscan {

enum class CatalogueFormat { table, json, md };

// "table", "json" or "md"; nullopt for anything else.
std::optional<CatalogueFormat> parse_catalogue_format(std::string_view name);

// Writes the specs in the given order: an aligned console table (long cells cut with "…"; the
// references as "framework id"), a JSON array (2-space indent, trailing newline; references as
// {framework, id, title}) or the Markdown checks reference (docs/checks.md): a contents list, a
// section per layer, and per check an entry anchored `check-<id in lower case>` with its layer,
// default severity, description, remediation and references, wrapped at 100 columns.
void write_catalogue(const std::vector<CheckSpec>& specs, CatalogueFormat format,
                     std::ostream& out);

}  // namespace mongoscan
