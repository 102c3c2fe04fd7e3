"""Diagnostic commands: ping, buildInfo, getCmdLineOpts, getParameter, serverStatus (server_status.py), getLog,
connectionStatus, endSessions. Shapes follow the matching files in shared/server-replies/."""

import copy
import datetime
import json

from bson import Int64


import rbac
import server_status
import versions
from commands import GENERIC_ARGUMENTS, Command, CommandError, check_authenticated

HOST_MEMORY_MB = 16_000
HOST_CORES = 4


def _allowed(action):
    """An authorize() for commands gated by one cluster action."""
    return lambda context: context.deployment.roles.allows(context.roles(), rbac.CLUSTER, action)


def ping(context):
    return {"ok": 1.0}


def end_sessions(context):
    return {"ok": 1.0}


def build_info(context):
    """The profile's buildInfo in the server's field order; version and versionArray come from the
    node's version, storageEngines only on mongod."""
    node, profile_fields = context.node, context.deployment.profile.build_info
    if context.deployment.parameters(node).get("buildInfoAuthMode") == "requiresAuth":
        check_authenticated(context, "buildInfo")
    reply = {
        "version": node.version,
        "gitVersion": "0000000000000000000000000000000000000000",
        "modules": [],
        "allocator": "tcmalloc",
        "javascriptEngine": "mozjs",
        "sysInfo": "deprecated",
        "versionArray": versions.version_array(node.version),
        # A stock build reports its OpenSSL whether TLS is on or not (shared/server-replies/buildInfo-7.0.json).
        "openssl": {"running": "OpenSSL 3.0.11 19 Sep 2023", "compiled": "OpenSSL 3.0.11 19 Sep 2023"},
        "buildEnvironment": {"distmod": "debian12", "distarch": "x86_64", "target_arch": "x86_64",
                             "target_os": "linux"},
        "bits": 64,
        "debug": False,
        "maxBsonObjectSize": 16 * 1024 * 1024,
        "storageEngines": ["devnull", "wiredTiger"],
    }
    reply.update(copy.deepcopy(profile_fields))
    if node.is_mongos:
        reply.pop("storageEngines", None)
    reply["ok"] = 1.0
    return reply


def get_cmd_line_opts(context):
    """argv and parsed from the profile; parsed.net.port, when present, is the node's real port, and
    in a sharded cluster sharding.configDB, when present, names the config server set's real members.
    A node whose own tls mode differs from its component's shows that mode in net.tls (disabled: no
    net.tls at all, as a server started without TLS options)."""
    deployment, node = context.deployment, context.node
    options = copy.deepcopy(deployment.profile.cmd_line_opts)
    parsed = options.get("parsed", {})
    net = parsed.get("net", {})
    if "port" in net:
        net["port"] = int(node.address.rsplit(":", 1)[1])
    if "mode" in node.spec.tls and "tls" in net:
        if node.spec.tls["mode"] == "disabled":
            del net["tls"]
        else:
            net["tls"]["mode"] = node.spec.tls["mode"]
    if deployment.cluster is not None and "configDB" in parsed.get("sharding", {}):
        parsed["sharding"]["configDB"] = deployment.cluster.config_connection_string()
    if node.load_balancer_port is not None:
        parsed = _with_load_balancer_port(parsed, node.load_balancer_port)
    return {"argv": options.get("argv", []), "parsed": parsed, "ok": 1.0}


def _with_load_balancer_port(parsed, port):
    """parsed with setParameter.loadBalancerPort: through 8.0 the port is the startup-only server
    parameter loadBalancerPort (src/mongo/s/mongos_server_parameters.idl), and getCmdLineOpts shows
    setParameter values as the strings they were given as. The section goes in name order."""
    set_parameter = dict(parsed.get("setParameter", {}), loadBalancerPort=str(port))
    names = sorted(set(parsed) | {"setParameter"})
    return {name: set_parameter if name == "setParameter" else parsed[name] for name in names}


def get_parameter(context):
    """Named parameters, or all of them for '*' / allParameters, in alphabetical order."""
    parameters = context.deployment.parameters(context.node)
    argument = context.argument
    show_details = isinstance(argument, dict) and argument.get("showDetails") is True
    everything = argument == "*" or (isinstance(argument, dict) and argument.get("allParameters") is True)
    wanted = set(parameters) if everything else {
        name for name in list(context.body)[1:] if not name.startswith("$") and name not in GENERIC_ARGUMENTS}
    reply = {}
    for name, value in parameters.items():
        if name in wanted:
            reply[name] = ({"value": value, "settableAtRuntime": True, "settableAtStartup": True}
                           if show_details else value)
    if not reply:
        raise CommandError(72, "no option found to get")
    reply["ok"] = 1.0
    return reply


def host_info(context):
    """hostInfo (CmdHostInfo, generic_servers.cpp): system, os and extra of a made-up Debian 12 host
    with the lab's own host name; needs the hostInfo action on the cluster."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return {
        "system": {"currentTime": now, "hostname": context.node.address, "cpuAddrSize": 64,
                   "memSizeMB": Int64(HOST_MEMORY_MB), "memLimitMB": Int64(HOST_MEMORY_MB),
                   "numCores": HOST_CORES, "numPhysicalCores": HOST_CORES, "numCpuSockets": 1,
                   "cpuArch": "x86_64", "numaEnabled": False, "numNumaNodes": 1},
        "os": {"type": "Linux", "name": "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"",
               "version": "Kernel 6.1.0-28-amd64"},
        "extra": {"versionString": "Linux version 6.1.0-28-amd64", "libcVersion": "2.36",
                  "kernelVersion": "6.1.0-28-amd64", "cpuFrequencyMHz": "2400.000",
                  "cpuFeatures": "fpu sse sse2 ssse3 sse4_1 sse4_2 avx avx2", "pageSize": Int64(4096),
                  "numPages": HOST_MEMORY_MB * 256, "maxOpenFiles": 64000},
        "ok": 1.0,
    }


def _log_line(node, warning):
    """A startup warning as a 4.4+ structured log line (one JSON string)."""
    stamp = node.started_at.isoformat(timespec="milliseconds")
    return json.dumps({"t": {"$date": stamp}, "s": "W", "c": warning.get("c", "CONTROL"),
                       "id": warning.get("id", 22120), "ctx": "initandlisten",
                       "msg": warning["msg"], "tags": ["startupWarnings"]}, separators=(",", ":"))


def get_log(context):
    name = context.argument
    if name == "*":
        return {"names": ["global", "startupWarnings"], "ok": 1.0}
    if name not in ("global", "startupWarnings"):
        raise CommandError(2, f"No log named '{name}'")
    lines = [_log_line(context.node, w) for w in context.deployment.profile.startup_warnings]
    return {"totalLinesWritten": len(lines), "log": lines, "ok": 1.0}


def connection_status(context):
    user = context.connection.user
    roles = context.deployment.roles
    user_roles = list(user.roles) if user else []
    auth_info = {
        "authenticatedUsers": [{"user": user.name, "db": user.db}] if user else [],
        "authenticatedUserRoles": roles.inherited_roles(user_roles),
    }
    if context.body.get("showPrivileges") is True:
        auth_info["authenticatedUserPrivileges"] = roles.privileges(user_roles)
    return {"authInfo": auth_info, "ok": 1.0}


COMMANDS = [
    Command("ping", ping, requires_auth=False, in_api_version_1=True),
    Command("endSessions", end_sessions, requires_auth=False, in_api_version_1=True),
    Command("buildInfo", build_info, requires_auth=False, aliases=("buildinfo",)),
    Command("connectionStatus", connection_status, requires_auth=False),
    Command("getCmdLineOpts", get_cmd_line_opts, admin_only=True, authorize=_allowed("getCmdLineOpts")),
    Command("getParameter", get_parameter, admin_only=True, authorize=_allowed("getParameter")),
    Command("serverStatus", server_status.server_status, authorize=_allowed("serverStatus")),
    Command("hostInfo", host_info, authorize=_allowed("hostInfo")),
    Command("getLog", get_log, admin_only=True, authorize=_allowed("getLog")),
]
