"""usersInfo and rolesInfo. Credentials are never returned, whatever showCredentials says.

Shapes: shared/server-replies/usersInfo-forAllDBs.json, usersInfo-showPrivileges.json, rolesInfo.json.
"""

import rbac
import versions
from commands import OPT_IN, Command, CommandError

_DETAIL_OPTIONS = ("showPrivileges", "showAuthenticationRestrictions")


def _targets(argument, db, kind):
    """Exact-match names as (name, db) pairs, or None for a whole-database / all-databases query."""
    items = argument if isinstance(argument, list) else [argument]
    names = []
    for item in items:
        if isinstance(item, str):
            names.append((item, db))
        elif isinstance(item, dict) and kind in item:
            names.append((item[kind], item.get("db", db)))
        else:
            return None
    return names


def _inherited_restrictions(deployment, roles):
    """inheritedAuthenticationRestrictions: one array of restriction documents per inherited custom
    role that has any (RestrictionDocuments::toBSON, as User::reportForUsersInfo appends it)."""
    catalogue = deployment.roles
    return [list(catalogue.restrictions(role)) for role in catalogue.inherited_roles(roles)
            if catalogue.restrictions(role)]


def _user_document(deployment, user, with_privileges, with_restrictions=False):
    """User::reportForUsersInfo (src/mongo/db/auth/user.cpp): with showPrivileges or
    showAuthenticationRestrictions, inheritedRoles, inheritedPrivileges and
    inheritedAuthenticationRestrictions; with showAuthenticationRestrictions, the user's own
    authenticationRestrictions last, [] when it has none."""
    document = {"_id": f"{user.db}.{user.name}", "userId": user.user_id, "user": user.name,
                "db": user.db}
    roles = [dict(role) for role in user.roles]
    if not with_privileges:
        document.update({"roles": roles, "mechanisms": user.stored_mechanisms})
        return document
    document.update({
        "mechanisms": user.stored_mechanisms,
        "roles": roles,
        "inheritedRoles": deployment.roles.inherited_roles(roles),
        "inheritedPrivileges": deployment.roles.privileges(roles),
        "inheritedAuthenticationRestrictions": _inherited_restrictions(deployment, roles),
    })
    if with_restrictions:
        document["authenticationRestrictions"] = [dict(r) for r in user.authentication_restrictions]
    return document


def _may_view(context, action, db):
    return context.deployment.roles.allows(context.roles(), rbac.database(db), action)


def _authorize_users_info(context):
    argument = context.argument
    if isinstance(argument, dict) and argument.get("forAllDBs") is True:
        # The server asks for viewUser on the cluster resource (usersInfo's doCheckAuthorization).
        return context.deployment.roles.allows(context.roles(), rbac.CLUSTER, "viewUser")
    targets = _targets(argument, context.db, "user")
    if targets is None:
        return _may_view(context, "viewUser", context.db)
    me = context.connection.user
    return all((me is not None and (name, db) == (me.name, me.db)) or _may_view(context, "viewUser", db)
               for name, db in targets)


def users_info(context):
    deployment, argument = context.deployment, context.argument
    if isinstance(argument, dict) and "forAllDBs" in argument and \
            not versions.knows_users_for_all_dbs(context.node.version):
        raise CommandError(4, 'Missing expected field "user"')
    with_privileges = any(context.body.get(option) is True for option in _DETAIL_OPTIONS)
    targets = None if isinstance(argument, dict) and "forAllDBs" in argument else \
        _targets(argument, context.db, "user")
    if targets is None and with_privileges:
        raise CommandError(20, "Privilege or restriction details require exact-match usersInfo queries")
    users = deployment.all_users(context.node)
    if targets is not None:
        users = [u for u in users if (u.name, u.db) in targets]
    elif not (isinstance(argument, dict) and argument.get("forAllDBs") is True):
        users = [u for u in users if u.db == context.db]
    with_restrictions = context.body.get("showAuthenticationRestrictions") is True
    return {"users": [_user_document(deployment, u, with_privileges, with_restrictions) for u in users],
            "ok": 1.0}


def _role_document(catalogue, role, with_privileges):
    if catalogue.is_builtin(role["role"], role["db"]):
        document = {"role": role["role"], "db": role["db"], "isBuiltin": True, "roles": [],
                    "inheritedRoles": []}
        if with_privileges:
            privileges = catalogue.privileges([role])
            document.update({"privileges": privileges, "inheritedPrivileges": privileges})
        return document
    direct = catalogue.direct_roles(role)
    document = {"_id": f"{role['db']}.{role['role']}", "role": role["role"], "db": role["db"]}
    if with_privileges:
        document["privileges"] = catalogue.own_privileges(role)
    document.update({"roles": direct, "isBuiltin": False,
                     "inheritedRoles": catalogue.inherited_roles(direct)})
    if with_privileges:
        document["inheritedPrivileges"] = catalogue.privileges([role])
    return document


def _authorize_roles_info(context):
    targets = _targets(context.argument, context.db, "role")
    if targets is None:
        return _may_view(context, "viewRole", context.db)
    mine = {(r["role"], r["db"]) for r in context.deployment.roles.inherited_roles(context.roles())}
    return all(target in mine or _may_view(context, "viewRole", target[1]) for target in targets)


def roles_info(context):
    catalogue = context.deployment.roles
    with_privileges = bool(context.body.get("showPrivileges"))
    targets = _targets(context.argument, context.db, "role")
    if targets is None:
        roles = catalogue.custom_roles(context.db)
        if context.body.get("showBuiltinRoles") is True:
            roles = catalogue.builtin_roles(context.db) + roles
    else:
        roles = [{"role": name, "db": db} for name, db in targets
                 if catalogue.exists({"role": name, "db": db})]
    return {"roles": [_role_document(catalogue, r, with_privileges) for r in roles], "ok": 1.0}


COMMANDS = [
    Command("usersInfo", users_info, authorize=_authorize_users_info, on_secondary=OPT_IN),
    Command("rolesInfo", roles_info, authorize=_authorize_roles_info, on_secondary=OPT_IN),
]
