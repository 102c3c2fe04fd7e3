#pragma once
// Whether a listing the scanning account ran shows everything, or only what the account may see.
// For an authenticated account without the needed action, listDatabases and listCollections
// {authorizedCollections: true, nameOnly: true} do not refuse: they answer with a filtered list
// (src/mongo/db/commands/list_databases.cpp; AuthorizationSessionImpl::
// checkAuthorizedToListCollections in src/mongo/db/auth/authorization_session_impl.cpp). A
// filtered list is not evidence that nothing else is there.

#include <string>
#include <string_view>

#include "scanner/facts/node_facts.h"

namespace mongoscan {

enum class ListingScope {
  complete,  // the account holds the action, or the node does not enforce authorization
  filtered,  // the account lacks the action: the list holds only what it has privileges on
  unknown,   // connectionStatus did not say what the account may do
};

// listCollections on database `db`, as the node's probe ran it.
ListingScope list_collections_scope(const NodeFacts& facts, std::string_view db);

// listDatabases, as the node's probe (or the data-model sample read with the same account) ran it.
ListingScope list_databases_scope(const NodeFacts& facts);

// Whether the answer to `command`, sent before authentication, bears on whether the node enforces
// authentication: every probe sent then does except buildInfo, which servers that enforce it
// answer too unless buildInfoAuthMode is requiresAuth (it is sent for NET-008).
bool shows_authentication_enforcement(std::string_view command);

// What a report says of a listing that is not complete, e.g. "the scanning account may list only
// the collections it has privileges on (it lacks listCollections on config)".
std::string partial_listing_note(std::string_view what, std::string_view action,
                                 std::string_view resource);

}  // namespace mongoscan
