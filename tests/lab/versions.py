"""What changes with the server version, per shared/server-replies/README.md."""

# maxWireVersion by release (wire-versions.json); minWireVersion is 0 for external clients.
_MAX_WIRE_VERSIONS = {
    (3, 0): 3, (3, 2): 4, (3, 4): 5, (3, 6): 6, (4, 0): 7, (4, 2): 8, (4, 4): 9, (5, 0): 13, (5, 1): 14, (5, 2): 15, (5, 3): 16, (6, 0): 17,
    (6, 1): 18, (6, 2): 19, (6, 3): 20, (7, 0): 21, (7, 1): 22, (7, 2): 23, (7, 3): 24, (8, 0): 25,
}


def parse(version):
    """'7.0.9' -> (7, 0, 9); a suffix such as '-ent' or '-rc1' is ignored."""
    numbers = []
    for part in version.split("-", 1)[0].split("."):
        numbers.append(int(part) if part.isdigit() else 0)
    return tuple((numbers + [0, 0, 0])[:3])


def max_wire_version(version):
    major_minor = parse(version)[:2]
    known = [v for key, v in _MAX_WIRE_VERSIONS.items() if key <= major_minor]
    return max(known) if known else 6


def has_load_balancer_port(version):
    """mongos's loadBalancerPort exists from 5.0 (load_balancer_support.cpp)."""
    return parse(version) >= (5, 0, 0)


def knows_op_msg(version):
    """OP_MSG exists from 3.6; an older server closes a connection that sends it."""
    return parse(version) >= (3, 6, 0)


def has_hello(version):
    """hello exists from 4.4.2 (4.4.0 and 4.4.1 answer CommandNotFound)."""
    return parse(version) >= (4, 4, 2)


def opquery_limited_to_handshake(version):
    """From 5.1, OP_QUERY only runs hello/isMaster and a few temporarily allowed commands."""
    return parse(version) >= (5, 1, 0)


def requires_authentication_text(version, command):
    """The Unauthorized text for an unauthenticated client; 'Command' is capitalised from 7.0 (the
    exact release is a documented gap; 7.0.8 is observed)."""
    word = "Command" if parse(version) >= (7, 0, 0) else "command"
    return f"{word} {command} requires authentication"


def knows_users_for_all_dbs(version):
    """usersInfo {forAllDBs: true} exists from 4.0 (SERVER-34401). Before, parseUsersInfoCommand
    (src/mongo/db/auth/user_management_commands_parser.cpp) reads the document as one user name and
    fails with NoSuchKey: 'Missing expected field "user"'."""
    return parse(version) >= (4, 0, 0)


def long_sizes(version):
    """listDatabases reports sizes as Long from 5.0, as double before."""
    return parse(version) >= (5, 0, 0)


def feature_compatibility_version(version):
    major, minor, _ = parse(version)
    return f"{major}.{minor}"


def version_array(version):
    return list(parse(version)) + [0]


def reports_written_optimes(version):
    """replSetGetStatus adds the written optimes (writtenOpTime, optimeWritten, lastWrittenWallTime)
    from 8.0, where featureFlagReduceMajorityWriteLatency is on (observed in 8.0 rs.status() output)."""
    return parse(version) >= (8, 0, 0)


def heartbeat_connect_error(version, host, cause):
    """lastHeartbeatMessage for a member whose connection failed. 8.0 adds 'onInvoke :: caused by ::'
    (observed in 8.0 rs.status() output; 7.0 output has none)."""
    through = "onInvoke :: caused by :: " if parse(version) >= (8, 0, 0) else ""
    return f"Error connecting to {host} :: caused by :: {through}{cause}"


def has_stable_api(version):
    """apiVersion, apiStrict and apiDeprecationErrors are parsed from 5.0 (Stable API)."""
    return parse(version) >= (5, 0, 0)


def compression_first_in_hello(version):
    """From 8.0 hello negotiates compressors before anything else, so 'compression' is its first
    field; 4.4-7.0 put it after readOnly (shared/server-replies/hello-standalone-8.0-compression-helloOk.json)."""
    return parse(version) >= (8, 0, 0)
