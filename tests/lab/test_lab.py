"""The lab against a real driver: Debian's pymongo 3.11 connects, authenticates and runs every command
the lab answers; replies are checked against the profile and against shared/server-replies.

Run: /usr/bin/python3 -m unittest discover -s tests/lab
"""

import datetime
import json
import re
import shutil
import socket
import tempfile
import time
import unittest
from pathlib import Path

import bson
import pymongo
from bson import Int64, Timestamp
from bson.son import SON
from pymongo.errors import NotMasterError, OperationFailure, ServerSelectionTimeoutError

import cursors
import generator
import profiles
import rbac
import reference_replies
from lab_process import LabProcess, start_for_class

HANDSHAKE_COMMANDS = {"isMaster", "ismaster", "hello"}

# replSetGetStatus field order on 7.0 (TopologyCoordinator::prepareStatusResponse, 5.0-7.0 revision).
REPL_SET_STATUS_FIELDS = [
    "set", "date", "myState", "term", "syncSourceHost", "syncSourceId", "heartbeatIntervalMillis",
    "majorityVoteCount", "writeMajorityCount", "votingMembersCount", "writableVotingMembersCount",
    "optimes", "lastStableRecoveryTimestamp"]
SELF_MEMBER_FIELDS = [
    "_id", "name", "health", "state", "stateStr", "uptime", "optime", "optimeDate", "lastAppliedWallTime",
    "lastDurableWallTime", "syncSourceHost", "syncSourceId", "infoMessage"]
SELF_MEMBER_TAIL = ["configVersion", "configTerm", "self", "lastHeartbeatMessage"]
OTHER_MEMBER_OPTIMES = [
    "optime", "optimeDurable", "optimeDate", "optimeDurableDate", "lastAppliedWallTime", "lastDurableWallTime"]
OTHER_MEMBER_HEARTBEAT = [
    "lastHeartbeat", "lastHeartbeatRecv", "pingMs", "lastHeartbeatMessage", "syncSourceHost", "syncSourceId",
    "infoMessage"]


def client_for(lab, index=0, **options):
    host, port = lab.host_port(index)
    settings = {"directConnection": True, "serverSelectionTimeoutMS": 5000, "connectTimeoutMS": 5000}
    settings.update(options)
    return pymongo.MongoClient(host, port, **settings)


def profile_user(profile, name):
    return next(u for u in profiles.load(profile).users if u.user == name)


class LabTestCase(unittest.TestCase):
    PROFILE = None
    TLS = {}

    @classmethod
    def setUpClass(cls):
        cls.lab = start_for_class(cls, cls.PROFILE)
        cls.profile = profiles.load(cls.PROFILE)
        if cls.TLS:
            cls.TLS = dict(cls.TLS, tlsCAFile=str(cls.lab.cert_dir / "ca.pem"))

    def connect(self, user=None, mechanism=None, password=None, index=0, **options):
        """A client closed at the end of the test; logged in as the profile's user if one is named."""
        settings = dict(self.TLS, **options)
        if user is not None:
            spec = profile_user(self.PROFILE, user)
            settings.update(username=spec.user, password=password or spec.password, authSource=spec.db)
            if mechanism:
                settings["authMechanism"] = mechanism
        client = client_for(self.lab, index, **settings)
        self.addCleanup(client.close)
        return client

    def assertShape(self, actual, file_name, *keys, ignore=()):
        """Compares with the reference reply; without shared/ it passes (ReferenceRepliesTest skips)."""
        if not reference_replies.available():
            return
        reference = reference_replies.load(file_name, *keys)
        self.assertEqual([], reference_replies.shape_differences(actual, reference, ignore=ignore),
                         f"reply differs in shape from {file_name} {'/'.join(map(str, keys))}")

    def assertCommandFails(self, code, callable_, *args, **kwargs):
        with self.assertRaises(OperationFailure) as raised:
            callable_(*args, **kwargs)
        self.assertEqual(code, raised.exception.code, raised.exception.details)
        return raised.exception.details


class ReferenceRepliesTest(unittest.TestCase):
    def test_shape_comparisons_run(self):
        if not reference_replies.available():
            self.skipTest("every reply shape comparison skipped: "
                          f"{reference_replies.replies_dir()} not found")


class OpenProfileTest(LabTestCase):
    PROFILE = "open"

    def test_ready_file_names_one_loopback_node(self):
        self.assertEqual(1, len(self.lab.nodes))
        self.assertTrue(self.lab.nodes[0].startswith("127.0.0.1:"))

    def test_hello_and_is_master(self):
        admin = self.connect().admin
        hello = admin.command("hello")
        self.assertIs(True, hello["isWritablePrimary"])
        self.assertEqual(21, hello["maxWireVersion"])
        self.assertShape(hello, "hello-standalone-7.0.json", "reply")
        self.assertEqual("helloOk", next(iter(admin.command("hello", helloOk=True))))
        self.assertShape(admin.command("isMaster"), "isMaster-standalone-4.4.json", "reply")

    def test_build_info_comes_from_the_profile(self):
        info = self.connect().admin.command("buildInfo")
        self.assertEqual("7.0.9", info["version"])
        self.assertEqual([7, 0, 9, 0], info["versionArray"])
        self.assertEqual(self.profile.build_info["gitVersion"], info["gitVersion"])
        self.assertShape(info, "buildInfo-7.0.json", "reply", ignore=("buildEnvironment",))

    def test_get_cmd_line_opts_reports_bind_ip_all_and_the_real_port(self):
        opts = self.connect().admin.command("getCmdLineOpts")
        self.assertIs(True, opts["parsed"]["net"]["bindIpAll"])
        self.assertEqual(self.lab.host_port()[1], opts["parsed"]["net"]["port"])
        self.assertNotIn("security", opts["parsed"])
        self.assertShape(opts, "getCmdLineOpts-default.json", "reply", ignore=("parsed.net",))

    def test_get_parameter(self):
        admin = self.connect().admin
        everything = admin.command("getParameter", "*")
        self.assertEqual(sorted(k for k in everything if k != "ok"), [k for k in everything if k != "ok"])
        self.assertIs(True, everything["enableLocalhostAuthBypass"])
        # Neither keyFile nor clusterAuthMode given; OCSP on by default from 4.4 (ssl_parameters.idl).
        self.assertEqual("undefined", everything["clusterAuthMode"])
        self.assertIs(True, everything["ocspEnabled"])
        # The excerpt is a selection ("at least these"); ocspEnabled and tlsUseSystemCA are
        # parameters it leaves out.
        self.assertShape(everything, "getParameter-star.json", "replyExcerpt",
                         ignore=("ocspEnabled", "tlsUseSystemCA"))
        one = admin.command({"getParameter": 1, "scramIterationCount": 1})
        self.assertEqual({"scramIterationCount": 10000, "ok": 1.0}, one)
        details = admin.command({"getParameter": {"showDetails": True}, "scramIterationCount": 1})
        self.assertShape(details, "getParameter-security.json", "showDetailsForm", "reply")
        failure = self.assertCommandFails(72, admin.command, {"getParameter": 1, "tlsDisabledProtocols": 1})
        self.assertShape(failure, "getParameter-security.json", "errorNoMatch", "reply")

    def test_server_status_connections(self):
        status = self.connect().admin.command("serverStatus")
        connections = status["connections"]
        self.assertGreaterEqual(connections["current"], 1)
        template = self.profile.server_status["connections"]
        self.assertEqual(template["current"] + template["available"],
                         connections["current"] + connections["available"])
        self.assertShape(connections, "serverStatus-connections.json", "connections_5_0_to_7_0")

    def test_get_log_startup_warnings(self):
        log = self.connect().admin.command("getLog", "startupWarnings")
        messages = [json.loads(line)["msg"] for line in log["log"]]
        self.assertEqual([w["msg"] for w in self.profile.startup_warnings], messages)
        self.assertEqual(len(messages), log["totalLinesWritten"])

    def test_list_databases(self):
        admin = self.connect().admin
        listing = admin.command("listDatabases")
        self.assertEqual(["admin", "config", "local", "shop"], [d["name"] for d in listing["databases"]])
        self.assertShape(listing, "listDatabases.json", "reply")
        self.assertShape(admin.command("listDatabases", nameOnly=True), "listDatabases.json", "replyNameOnly")

    def test_list_collections_and_find(self):
        shop = self.connect().shop
        listing = shop.command("listCollections")
        batch = listing["cursor"]["firstBatch"]
        self.assertEqual(["orders", "Products", "audit_view"], [c["name"] for c in batch])
        self.assertEqual("view", batch[2]["type"])
        self.assertShape(batch[0], "listCollections-validator-timeseries.json", "reply", "cursor",
                         "firstBatch", 4)
        self.assertEqual([1], [d["_id"] for d in shop.orders.find({"customerId": 7})])

    def test_users_and_roles(self):
        admin = self.connect().admin
        users = admin.command("usersInfo", {"forAllDBs": True}, showCredentials=True)
        self.assertEqual(["app"], [u["user"] for u in users["users"]])
        self.assertNotIn("credentials", users["users"][0])
        self.assertShape(users["users"][0], "usersInfo-forAllDBs.json", "reply", "users", 1)
        failure = self.assertCommandFails(20, admin.command, "usersInfo", {"forAllDBs": True},
                                          showPrivileges=True)
        self.assertShape(failure, "usersInfo-forAllDBs.json", "errorShowPrivilegesWithForAllDBs", "reply")
        roles = admin.command("rolesInfo", "read", showPrivileges=True)["roles"]
        self.assertIs(True, roles[0]["isBuiltin"])

    def test_connection_status_unauthenticated(self):
        status = self.connect().admin.command("connectionStatus")
        self.assertShape(status, "connectionStatus-unauthenticated.json", "reply")

    def test_scram_sha_256_and_sha_1_authenticate(self):
        for mechanism in ("SCRAM-SHA-256", "SCRAM-SHA-1"):
            with self.subTest(mechanism):
                status = self.connect("app", mechanism).admin.command("connectionStatus", showPrivileges=True)
                self.assertEqual([{"user": "app", "db": "admin"}], status["authInfo"]["authenticatedUsers"])
                self.assertEqual([{"role": "readWrite", "db": "shop"}],
                                 status["authInfo"]["authenticatedUserRoles"])
                self.assertShape(status, "connectionStatus-showPrivileges.json", "reply")

    def test_wrong_password_fails_with_code_18(self):
        client = self.connect("app", "SCRAM-SHA-256", password="not-the-password")
        details = self.assertCommandFails(18, client.admin.command, "ping")
        self.assertShape(details, "error-authentication-failed.json", "saslFailure")

    def test_repl_set_get_status_on_a_standalone_is_no_replication_enabled(self):
        details = self.assertCommandFails(76, self.connect().admin.command, "replSetGetStatus")
        self.assertEqual({"ok": 0.0, "errmsg": "not running with --replSet", "code": 76,
                          "codeName": "NoReplicationEnabled"}, details)

    def test_unknown_command_is_command_not_found(self):
        details = self.assertCommandFails(59, self.connect().admin.command, "fooBar")
        self.assertEqual("no such command: 'fooBar'", details["errmsg"])

    def test_command_log_lists_exactly_the_commands_sent(self):
        before = len(self.lab.commands())
        client = self.connect("app", "SCRAM-SHA-256")
        for name in ("ping", "buildInfo", "serverStatus", "getCmdLineOpts"):
            client.admin.command(name)
        client.close()
        entries = self.lab.commands_after(before, until=lambda names: "endSessions" in names)
        sent = [e["command"] for e in entries if e["command"] not in HANDSHAKE_COMMANDS]
        # saslStart rides in hello's speculativeAuthenticate (pymongo 3.11 sends it).
        self.assertEqual(["saslContinue", "ping", "buildInfo", "serverStatus", "getCmdLineOpts",
                          "endSessions"], sent)
        by_command = {e["command"]: e for e in entries}
        self.assertIsNone(by_command["saslContinue"]["authenticated_user"])
        self.assertEqual("app@admin", by_command["ping"]["authenticated_user"])
        self.assertEqual({"node", "connection", "db", "command", "opcode", "authenticated_user", "time"},
                         set(by_command["ping"]))
        first_per_connection = {}
        for entry in entries:
            first_per_connection.setdefault(entry["connection"], entry)
        self.assertEqual({("ismaster", 2004)},
                         {(e["command"], e["opcode"]) for e in first_per_connection.values()})

    def test_command_log_never_holds_a_password(self):
        self.connect("app", "SCRAM-SHA-1").admin.command("ping")
        text = self.lab.log_file.read_text()
        self.assertNotIn(profile_user(self.PROFILE, "app").password, text)
        self.assertNotIn("payload", text)


class HardenedProfileTest(LabTestCase):
    PROFILE = "hardened"
    TLS = {"tls": True}

    def test_speculative_authenticate_starts_scram_in_hello(self):
        admin = self.connect().admin
        reply = admin.command("hello", speculativeAuthenticate={
            "saslStart": 1, "mechanism": "SCRAM-SHA-256", "payload": b"n,,n=app,r=rOprNGfwEbeRWgbNEkqO",
            "options": {"skipEmptyExchange": True}, "db": "admin"}, saslSupportedMechs="admin.app", helloOk=True)
        self.assertEqual(["saslSupportedMechs", "speculativeAuthenticate", "ok"], list(reply)[-3:])
        speculative = reply["speculativeAuthenticate"]
        self.assertEqual((1, False), (speculative["conversationId"], speculative["done"]))
        self.assertTrue(speculative["payload"].startswith(b"r=rOprNGfwEbeRWgbNEkqO"))
        self.assertShape(reply, "hello-speculativeAuthenticate-scram.json", "reply",
                         ignore=("topologyVersion", "compression"))
        unknown_user = admin.command("hello", speculativeAuthenticate={
            "saslStart": 1, "mechanism": "SCRAM-SHA-256", "payload": b"n,,n=nobody,r=abc", "db": "admin"})
        self.assertNotIn("speculativeAuthenticate", unknown_user)
        self.assertCommandFails(51769, admin.command, "hello", speculativeAuthenticate={"ping": 1, "db": "admin"})
        counted = self.connect("admin").admin.command("serverStatus")["security"]["authentication"]
        self.assertGreaterEqual(
            counted["mechanisms"]["SCRAM-SHA-256"]["speculativeAuthenticate"]["received"], 2)

    def test_a_driver_logs_in_speculatively_without_sasl_start(self):
        before = len(self.lab.commands())
        self.connect("app").admin.command("connectionStatus")
        names = [c["command"] for c in self.lab.commands()[before:]]
        self.assertIn("saslContinue", names)
        self.assertNotIn("saslStart", names)

    def test_users_info_by_name_shows_authentication_restrictions(self):
        # User::reportForUsersInfo: inheritedRoles, inheritedPrivileges, inheritedAuthenticationRestrictions,
        # then the user's own authenticationRestrictions ([] when none); only exact-match queries.
        scanner = self.connect("scanner").admin
        users = scanner.command("usersInfo", [{"user": "admin", "db": "admin"}, {"user": "app", "db": "admin"}],
                                showAuthenticationRestrictions=True)["users"]
        by_name = {user["user"]: user for user in users}
        self.assertEqual([{"clientSource": ["127.0.0.1"]}], by_name["admin"]["authenticationRestrictions"])
        self.assertEqual([], by_name["app"]["authenticationRestrictions"])
        self.assertEqual(["inheritedRoles", "inheritedPrivileges", "inheritedAuthenticationRestrictions",
                          "authenticationRestrictions"], list(by_name["app"])[-4:])
        self.assertCommandFails(20, scanner.command, "usersInfo", {"forAllDBs": True},
                                showAuthenticationRestrictions=True)
        listed = scanner.command("usersInfo", {"forAllDBs": True})["users"]
        self.assertNotIn("authenticationRestrictions", listed[0])

    def test_default_rw_concern_is_refused_on_a_standalone(self):
        details = self.assertCommandFails(51300, self.connect("scanner").admin.command, "getDefaultRWConcern")
        self.assertEqual("'getDefaultRWConcern' is not supported on standalone nodes.", details["errmsg"])

    def test_host_info_needs_the_host_info_action(self):
        self.assertShape(self.assertCommandFails(13, self.connect().admin.command, "hostInfo"),
                         "error-unauthorized-hostInfo.json", "reply")
        self.assertCommandFails(13, self.connect("scanner").admin.command, "hostInfo")
        info = self.connect("admin").admin.command("hostInfo")
        self.assertEqual(["system", "os", "extra", "ok"], list(info)[:4])
        self.assertEqual(self.lab.nodes[0], info["system"]["hostname"])

    def test_current_op_shows_own_operations_and_all_users_needs_inprog(self):
        pipeline = [{"$currentOp": {"allUsers": False}}, {"$match": {"op": "command"}}]
        app = self.connect("app").admin
        own = app.command("aggregate", 1, pipeline=pipeline, cursor={})["cursor"]["firstBatch"]
        self.assertEqual([{"aggregate": 1, "$db": "admin"}], [op["command"] for op in own])
        self.assertEqual([{"user": "app", "db": "admin"}], own[0]["effectiveUsers"])
        everyone = [{"$currentOp": {"allUsers": True}}]
        self.assertCommandFails(13, app.command, "aggregate", 1, pipeline=everyone, cursor={})
        # Everyone's: the driver monitors' awaitable hellos (pymongo 3.11 streams) are in progress too.
        seen = self.connect("admin").admin.command("aggregate", 1, pipeline=everyone, cursor={})
        commands = [next(iter(op["command"])) for op in seen["cursor"]["firstBatch"]]
        self.assertIn("aggregate", commands)
        self.assertTrue({"isMaster", "ismaster", "hello"} & set(commands), commands)

    def test_collectionless_aggregate_rules(self):
        admin = self.connect("admin")
        self.assertEqual("{aggregate: 1} is not valid for '$sample'; a collection is required.",
                         self.assertCommandFails(73, admin.admin.command, "aggregate", 1,
                                                 pipeline=[{"$sample": {"size": 1}}], cursor={})["errmsg"])
        self.assertEqual("$currentOp must be run against the 'admin' database with {aggregate: 1}",
                         self.assertCommandFails(73, admin.db_app.command, "aggregate", 1,
                                                 pipeline=[{"$currentOp": {}}], cursor={})["errmsg"])

    def test_server_status_counts_commands_authentications_and_tls_protocols(self):
        # The lab counts the monitor's hellos too, as the server does. The client's monitor may
        # check again between the two serverStatus (pymongo 3.11 asks for a check when the first
        # command finds the server not yet known), so the count is held to what the command log
        # shows between them: the ping, the second serverStatus and any hello.
        logged = len(self.lab.commands())
        client = self.connect("scanner", heartbeatFrequencyMS=3_600_000)
        before = client.admin.command("serverStatus")
        client.admin.command("ping")
        after = client.admin.command("serverStatus")
        names = [entry["command"] for entry in self.lab.commands_after(
            logged, until=lambda names: names.count("serverStatus") == 2)
                 if entry["node"] == self.lab.nodes[0]]
        between = names[names.index("serverStatus") + 1:]
        self.assertEqual(["ping", "serverStatus"],
                         [name for name in between if name not in HANDSHAKE_COMMANDS], names)
        self.assertEqual(len(between), after["opcounters"]["command"] - before["opcounters"]["command"])
        self.assertEqual(["insert", "query", "update", "delete", "getmore", "command"], list(after["opcounters"]))
        sha256 = after["security"]["authentication"]["mechanisms"]["SCRAM-SHA-256"]["authenticate"]
        self.assertGreaterEqual(sha256["successful"], 1)
        self.assertGreaterEqual(sha256["received"], sha256["successful"])
        self.assertGreaterEqual(after["transportSecurity"]["1.3"], 1)
        self.assertEqual(0, after["transportSecurity"]["1.0"])

    def test_plaintext_connection_fails(self):
        client = client_for(self.lab, serverSelectionTimeoutMS=1000)
        self.addCleanup(client.close)
        with self.assertRaises(ServerSelectionTimeoutError):
            client.admin.command("ping")

    def test_unauthenticated_commands_need_authentication(self):
        admin = self.connect().admin
        for name, reference in (("usersInfo", "error-unauthorized-usersInfo.json"),
                                ("getCmdLineOpts", "error-unauthorized-getCmdLineOpts.json"),
                                ("listDatabases", "error-unauthorized-listDatabases.json")):
            with self.subTest(name):
                details = self.assertCommandFails(13, admin.command, name)
                self.assertEqual(f"Command {name} requires authentication", details["errmsg"])
                self.assertShape(details, reference, "reply")
        self.assertEqual(1.0, admin.command("ping")["ok"])

    def test_sasl_supported_mechs_lists_only_scram_sha_256(self):
        hello = self.connect().admin.command("hello", saslSupportedMechs="admin.app")
        self.assertEqual(["SCRAM-SHA-256"], hello["saslSupportedMechs"])
        self.assertShape(hello, "hello-saslSupportedMechs.json", "reply")
        unknown = self.connect().admin.command("hello", saslSupportedMechs="admin.nobody")
        self.assertNotIn("saslSupportedMechs", unknown)

    def test_scram_sha_1_is_not_offered(self):
        client = self.connect("admin", "SCRAM-SHA-1")
        self.assertCommandFails(334, client.admin.command, "ping")

    def test_admin_sees_the_hardened_configuration(self):
        admin = self.connect("admin", "SCRAM-SHA-256").admin
        parsed = admin.command("getCmdLineOpts")["parsed"]
        self.assertIs(False, parsed["security"]["javascriptEnabled"])
        self.assertIs(True, parsed["security"]["redactClientLogData"])
        self.assertEqual("requireTLS", parsed["net"]["tls"]["mode"])
        self.assertIn("auditLog", parsed)
        self.assertShape(admin.command("getCmdLineOpts"), "getCmdLineOpts-hardened.json", "reply",
                         ignore=("parsed",))
        parameters = admin.command("getParameter", 1, authenticationMechanisms=1, enableLocalhostAuthBypass=1,
                                   tlsMode=1)
        self.assertEqual({"authenticationMechanisms": ["SCRAM-SHA-256"], "enableLocalhostAuthBypass": False,
                          "tlsMode": "requireTLS", "ok": 1.0}, parameters)
        self.assertEqual(["admin", "app", "reporting", "scanner"],
                         [u["user"] for u in admin.command("usersInfo", {"forAllDBs": True})["users"]])

    def test_app_user_is_least_privileged(self):
        admin = self.connect("app", "SCRAM-SHA-256").admin
        details = self.assertCommandFails(13, admin.command, "getCmdLineOpts")
        self.assertTrue(details["errmsg"].startswith(
            "not authorized on admin to execute command { getCmdLineOpts: 1, "), details["errmsg"])
        self.assertShape(details, "error-not-authorized-authenticated.json", "reply")
        self.assertEqual(["db_app"], [d["name"] for d in admin.command("listDatabases")["databases"]])
        self.assertEqual(1.0, admin.command("usersInfo", "app")["ok"])
        self.assertCommandFails(13, admin.command, "usersInfo", {"forAllDBs": True})

    def test_repl_set_get_status_checks_the_action_before_replication(self):
        details = self.assertCommandFails(13, self.connect("app", "SCRAM-SHA-256").admin.command,
                                          "replSetGetStatus")
        self.assertTrue(details["errmsg"].startswith(
            "not authorized on admin to execute command { replSetGetStatus: 1, "), details["errmsg"])
        self.assertCommandFails(76, self.connect("scanner", "SCRAM-SHA-256").admin.command, "replSetGetStatus")

    def test_monitoring_user_with_a_custom_role(self):
        admin = self.connect("scanner", "SCRAM-SHA-256").admin
        self.assertEqual(1.0, admin.command("serverStatus")["ok"])
        self.assertEqual(4, len(admin.command("listDatabases")["databases"]))
        role = admin.command("rolesInfo", "appAuditor", showPrivileges=True)["roles"][0]
        self.assertIs(False, role["isBuiltin"])
        self.assertEqual([{"role": "read", "db": "db_app"}], role["inheritedRoles"])
        self.assertShape(role, "rolesInfo.json", "showPrivilegesExample", "reply", "roles", 0)
        self.assertEqual(1.0, admin.command("usersInfo", {"forAllDBs": True})["ok"])
        # viewUser on the cluster lists every user; on every database (mongoscan's role, for the
        # restrictions usersInfo shows only by name) it also shows one user by name.
        self.assertEqual(1.0, admin.command("usersInfo", "admin", showAuthenticationRestrictions=True)["ok"])
        self.assertCommandFails(13, self.connect("app", "SCRAM-SHA-256").admin.command, "usersInfo", "admin",
                                showPrivileges=True)
        root = self.connect("admin", "SCRAM-SHA-256").admin
        user = root.command("usersInfo", "admin", showPrivileges=True)["users"][0]
        self.assertShape(user, "usersInfo-showPrivileges.json", "reply", "users", 0)


class AuthorizedCollectionsTest(LabTestCase):
    """hardened plus `orders_reader`, who may only find in db_app.t_orders (no listCollections, no
    listDatabases): what listCollections and listDatabases show such a user."""
    PROFILE = None
    TLS = {"tls": True}
    PASSWORD = "Orders-Reader-Lab-1"

    @classmethod
    def setUpClass(cls):
        raw = json.loads((profiles.PROFILE_DIR / "hardened.json").read_text())
        raw["customRoles"].append({"role": "ordersReader", "db": "admin", "roles": [], "privileges": [
            {"resource": {"db": "db_app", "collection": "t_orders"}, "actions": ["find"]}]})
        raw["users"].append({"user": "orders_reader", "db": "admin", "password": cls.PASSWORD,
                             "mechanisms": ["SCRAM-SHA-256"], "roles": [{"role": "ordersReader", "db": "admin"}]})
        directory = tempfile.mkdtemp(prefix="mongoscan-lab-profile-")
        cls.addClassCleanup(shutil.rmtree, directory, ignore_errors=True)
        cls.PROFILE = str(Path(directory) / "hardened-orders-reader.json")
        Path(cls.PROFILE).write_text(json.dumps(raw))
        super().setUpClass()

    def reader(self):
        return self.connect("orders_reader").db_app

    def test_authorized_collections_lists_only_the_collections_the_user_holds_privileges_on(self):
        # list_collections.cpp; AuthorizationSessionImpl::checkAuthorizedToListCollections.
        reply = self.reader().command("listCollections", authorizedCollections=True, nameOnly=True)
        self.assertEqual([{"name": "t_orders", "type": "collection"}], reply["cursor"]["firstBatch"])

    def test_without_name_only_or_authorized_collections_it_is_unauthorized(self):
        for options in ({}, {"authorizedCollections": True}, {"nameOnly": True}):
            with self.subTest(options=options):
                self.assertCommandFails(13, self.reader().command, "listCollections", **options)

    def test_a_user_with_list_collections_sees_every_collection_unless_it_asks_for_its_own(self):
        db_app = self.connect("app").db_app
        everything = db_app.command("listCollections", nameOnly=True)["cursor"]["firstBatch"]
        self.assertEqual(["t_orders", "t_customers"], [c["name"] for c in everything])
        own = db_app.command("listCollections", nameOnly=True, authorizedCollections=True)
        self.assertEqual(["t_orders", "t_customers"], [c["name"] for c in own["cursor"]["firstBatch"]])

    def test_list_databases_shows_a_database_where_the_user_holds_only_a_collection_privilege(self):
        # list_databases.cpp: isAuthorizedForAnyActionOnAnyResourceInDB without the listDatabases action.
        listing = self.connect("orders_reader").admin.command("listDatabases", nameOnly=True)
        self.assertEqual([{"name": "db_app"}], listing["databases"])


class RemoteClientsTest(unittest.TestCase):
    """replset (clientsFromLocalhost false): the nodes see the lab's clients as remote, so an arbiter
    (no users) refuses everything that needs authentication and every login, as it does to a client on
    another host."""

    def test_an_arbiter_refuses_a_remote_client(self):
        lab = start_for_class(type(self), "replset")
        client = client_for(lab, 3)
        self.addCleanup(client.close)
        with self.assertRaises(OperationFailure) as raised:
            client.admin.command("replSetGetStatus")
        self.assertEqual((13, "Command replSetGetStatus requires authentication"),
                         (raised.exception.code, raised.exception.details["errmsg"]))
        # The set's users are not on the arbiter: the scanner's own account cannot log in there.
        login = client_for(lab, 3, username="scanner", password="Mon1tor!Rs-Status#24")
        self.addCleanup(login.close)
        with self.assertRaises(OperationFailure) as failed:
            login.admin.command("ping")
        self.assertEqual(18, failed.exception.code)
        lab.stop()


class MemberConfigurationTest(unittest.TestCase):
    """Members' votes and delays (repl_set_config.cpp, member_config.cpp): replSetGetConfig shows them,
    a delayed member's hello reports its delay, replSetGetStatus counts the votes, and the profile
    refuses what the server refuses (a non-voting or delayed member with priority above 0)."""

    def test_votes_and_delays(self):
        raw = json.loads((profiles.PROFILE_DIR / "replset.json").read_text())
        raw["nodes"] = [{"role": "primary", "version": "7.0.9"}, {"role": "secondary", "version": "7.0.9"},
                        {"role": "passive", "version": "7.0.9", "votes": 0},
                        {"role": "hidden", "version": "7.0.9", "secondaryDelaySecs": 3600}]
        directory = tempfile.mkdtemp(prefix="mongoscan-lab-profile-")
        self.addCleanup(shutil.rmtree, directory, ignore_errors=True)
        path = Path(directory) / "replset-votes.json"
        path.write_text(json.dumps(raw))
        lab = start_for_class(type(self), str(path))
        self.addCleanup(lab.stop)
        client = client_for(lab, 0, username="scanner", password="Mon1tor!Rs-Status#24")
        self.addCleanup(client.close)
        members = client.admin.command("replSetGetConfig")["config"]["members"]
        self.assertEqual([1, 1, 0, 1], [member["votes"] for member in members])
        self.assertEqual([0, 0, 0, 3600], [member["secondaryDelaySecs"] for member in members])
        status = client.admin.command("replSetGetStatus")
        self.assertEqual((3, 2, 3, 2), (status["votingMembersCount"], status["majorityVoteCount"],
                                        status["writableVotingMembersCount"], status["writeMajorityCount"]))
        hidden = client_for(lab, 3)
        self.addCleanup(hidden.close)
        self.assertEqual(3600, hidden.admin.command("hello")["secondaryDelaySecs"])
        raw["nodes"][1]["votes"] = 0
        with self.assertRaises(profiles.ProfileError):
            profiles._build("bad", raw)


class LocalClientsTest(unittest.TestCase):
    """replset with clientsFromLocalhost true: a client on the arbiter's own host gets the localhost
    exception there (an arbiter never holds users), as the server's jstest arbiter_localhost_test shows."""

    def connect(self, index):
        client = client_for(self.lab, index)
        self.addCleanup(client.close)
        return client

    def setUp(self):
        raw = json.loads((profiles.PROFILE_DIR / "replset.json").read_text())
        raw["clientsFromLocalhost"] = True
        directory = tempfile.mkdtemp(prefix="mongoscan-lab-profile-")
        self.addCleanup(shutil.rmtree, directory, ignore_errors=True)
        path = Path(directory) / "replset-local.json"
        path.write_text(json.dumps(raw))
        self.lab = start_for_class(type(self), str(path))
        self.addCleanup(self.lab.stop)

    def assertCommandFails(self, code, call, *args):
        with self.assertRaises(OperationFailure) as raised:
            call(*args)
        self.assertEqual(code, raised.exception.code)
        return raised.exception.details

    def test_the_localhost_exception_on_an_arbiter_grants_only_its_few_actions(self):
        # authorization_session_impl.cpp (getDefaultPrivileges): replSetGetStatus, and on an arbiter
        # getCmdLineOpts, getParameter and serverStatus; commands needing only authentication run.
        arbiter = self.connect(3).admin
        for allowed in ("replSetGetStatus", "getCmdLineOpts", "serverStatus", "connectionStatus"):
            with self.subTest(allowed=allowed):
                self.assertEqual(1.0, arbiter.command(allowed)["ok"])
        self.assertEqual(1.0, arbiter.command("getParameter", "*")["ok"])
        for refused in ("usersInfo", "getLog", "hostInfo"):
            with self.subTest(refused=refused):
                details = self.assertCommandFails(13, arbiter.command, refused, *(("*",) if refused == "getLog" else ()))
                self.assertTrue(details["errmsg"].startswith("not authorized on admin to execute command"))
        # A member with users: no exception, authentication first.
        self.assertCommandFails(13, self.connect(0).admin.command, "getCmdLineOpts")


class ScramSha1OnlyProfileTest(LabTestCase):
    PROFILE = "scram-sha1-only"

    def test_a_4_4_server(self):
        admin = self.connect().admin
        hello = admin.command("hello")
        self.assertEqual(9, hello["maxWireVersion"])
        details = self.assertCommandFails(13, admin.command, "listDatabases")
        self.assertShape(details, "error-unauthorized-listDatabases.json", "replyPre7")
        self.assertEqual("command listDatabases requires authentication", details["errmsg"])

    def test_negotiation_picks_scram_sha_1(self):
        hello = self.connect().admin.command("hello", saslSupportedMechs="admin.admin")
        self.assertEqual(["SCRAM-SHA-1"], hello["saslSupportedMechs"])
        admin = self.connect("admin").admin
        listing = admin.command("listDatabases")
        self.assertIsInstance(listing["totalSize"], float)
        self.assertShape(listing, "listDatabases.json", "reply_4_4_types")

    def test_scram_sha_256_fails_for_sha_1_only_users(self):
        self.assertCommandFails(18, self.connect("admin", "SCRAM-SHA-256").admin.command, "ping")

    def test_low_iteration_count_user(self):
        reports = self.connect("reporting", "SCRAM-SHA-1").reports
        self.assertEqual(["daily"], reports.list_collection_names())


class X509ProfileTest(LabTestCase):
    PROFILE = "x509"
    TLS = {"tls": True}

    def test_x509_authentication(self):
        client = self.connect(authMechanism="MONGODB-X509",
                              tlsCertificateKeyFile=str(self.lab.cert_dir / "client.pem"))
        status = client.admin.command("connectionStatus")
        self.assertEqual([{"user": "CN=scanner,OU=Ops,O=mongoscan-lab", "db": "$external"}],
                         status["authInfo"]["authenticatedUsers"])
        self.assertEqual(1.0, client.admin.command("serverStatus")["ok"])
        users = self.connect("admin", "SCRAM-SHA-256",
                             tlsCertificateKeyFile=str(self.lab.cert_dir / "client.pem")).admin.command(
            "usersInfo", {"forAllDBs": True})["users"]
        self.assertEqual(["external"], users[0]["mechanisms"])

    def test_a_client_certificate_is_required(self):
        for certificate in (None, "untrusted-client.pem"):
            with self.subTest(certificate):
                options = ({"tlsCertificateKeyFile": str(self.lab.cert_dir / certificate)}
                           if certificate else {})
                client = self.connect(serverSelectionTimeoutMS=1000, **options)
                with self.assertRaises(ServerSelectionTimeoutError):
                    client.admin.command("ping")


class PlainProfileTest(LabTestCase):
    PROFILE = "plain-no-tls"

    def test_plain_authenticates_external_users(self):
        status = self.connect("ldap.reader", "PLAIN").admin.command("connectionStatus")
        self.assertEqual([{"user": "ldap.reader", "db": "$external"}],
                         status["authInfo"]["authenticatedUsers"])
        wrong = self.connect("ldap.reader", "PLAIN", password="wrong")
        self.assertCommandFails(18, wrong.admin.command, "ping")

    def test_plain_is_not_offered_to_scram_only_users(self):
        self.assertCommandFails(18, self.connect("admin", "PLAIN").admin.command, "ping")
        self.assertEqual(1.0, self.connect("admin", "SCRAM-SHA-256").admin.command("ping")["ok"])


class ReplicaSetProfileTest(LabTestCase):
    PROFILE = "replica-set"

    def test_every_member_describes_the_set(self):
        nodes = self.lab.nodes
        # nodes[5], the secondary that drops every connection, is still an electable member.
        expected = {"hosts": [nodes[0], nodes[1], nodes[5]], "passives": [nodes[2]], "arbiters": [nodes[4]]}
        members = [("isWritablePrimary", "hello-rs-primary-7.0.json"),
                   ("secondary", "hello-rs-secondary-7.0.json"), ("passive", None), ("hidden", None),
                   ("arbiterOnly", "hello-rs-arbiter-7.0.json")]
        for index, (flag, reference) in enumerate(members):
            with self.subTest(nodes[index]):
                hello = self.connect(index=index).admin.command("hello")
                self.assertIs(True, hello[flag])
                self.assertEqual("rs0", hello["setName"])
                self.assertEqual(nodes[index], hello["me"])
                self.assertEqual(nodes[0], hello["primary"])
                for field in ("hosts", "passives", "arbiters"):
                    self.assertEqual(expected[field], hello[field])
                if reference:
                    self.assertShape(hello, reference, "reply", ignore=("passives", "arbiters"))

    def test_cluster_auth_mode_follows_the_key_file(self):
        # security.keyFile without security.clusterAuthMode: the server starts in keyFile mode
        # (storeServerOptions, src/mongo/db/server_options_server_helpers.cpp).
        parameters = self.connect("admin").admin.command("getParameter", 1, clusterAuthMode=1)
        self.assertEqual("keyFile", parameters["clusterAuthMode"])

    def test_member_versions_differ(self):
        self.assertEqual("6.0.15", self.connect(index=1).admin.command("buildInfo")["version"])

    def test_faulty_member_drops_connections(self):
        client = self.connect(index=5, serverSelectionTimeoutMS=1000)
        with self.assertRaises(ServerSelectionTimeoutError):
            client.admin.command("ping")

    def test_repl_set_get_status_shows_the_faulty_member_unreachable(self):
        members = self.connect("admin").admin.command("replSetGetStatus")["members"]
        self.assertEqual(self.lab.nodes, [m["name"] for m in members])
        self.assertEqual(["PRIMARY", "SECONDARY", "SECONDARY", "SECONDARY", "ARBITER", "(not reachable/healthy)"],
                         [m["stateStr"] for m in members])
        self.assertEqual(0.0, members[5]["health"])
        self.assertTrue(members[5]["lastHeartbeatMessage"].startswith("Error connecting to "))

    def test_driver_discovers_the_primary(self):
        host, port = self.lab.host_port(2)
        client = pymongo.MongoClient(host, port, replicaSet="rs0", serverSelectionTimeoutMS=5000,
                                     username="admin", password=profile_user(self.PROFILE, "admin").password)
        self.addCleanup(client.close)
        self.assertEqual(1.0, client.admin.command("ping")["ok"])
        self.assertEqual(self.lab.host_port(0), client.primary)


class SideBySideProfilesTest(unittest.TestCase):
    """Two replica sets in one lab process (lab.py --profile A --profile B): each its own deployment."""

    @classmethod
    def setUpClass(cls):
        cls.directory = Path(tempfile.mkdtemp(prefix="mongoscan-lab-side-by-side-"))
        cls.addClassCleanup(shutil.rmtree, cls.directory, ignore_errors=True)
        paths = []
        for set_name, members in (("rsA", 2), ("rsB", 3)):
            path = cls.directory / f"{set_name}.json"
            path.write_text(json.dumps({
                "extends": "replset", "setName": set_name,
                "nodes": [{"role": "primary" if index == 0 else "secondary", "version": "7.0.9"}
                          for index in range(members)],
                "cmdLineOpts": {"parsed": {"replication": {"replSetName": set_name}}}}))
            paths.append(str(path))
        cls.lab = LabProcess(paths[0], more_profiles=paths[1:])
        cls.addClassCleanup(cls.lab.remove)
        cls.addClassCleanup(cls.lab.stop)
        cls.lab.start()

    def test_the_ready_file_lists_each_deployment_and_every_node(self):
        deployments = self.lab.ready["deployments"]
        self.assertEqual(["rsA", "rsB"], [d["setName"] for d in deployments])
        self.assertEqual([2, 3], [len(d["nodes"]) for d in deployments])
        self.assertEqual(self.lab.nodes, deployments[0]["nodes"] + deployments[1]["nodes"])

    def test_each_member_names_only_its_own_set(self):
        for deployment in self.lab.ready["deployments"]:
            for index, address in enumerate(deployment["nodes"]):
                with self.subTest(address):
                    host, port = address.rsplit(":", 1)
                    client = pymongo.MongoClient(host, int(port), directConnection=True,
                                                 serverSelectionTimeoutMS=5000)
                    self.addCleanup(client.close)
                    hello = client.admin.command("hello")
                    self.assertEqual(deployment["setName"], hello["setName"])
                    self.assertEqual(deployment["nodes"], hello["hosts"])
                    self.assertEqual(index == 0, hello["isWritablePrimary"])

    def test_a_sharded_cluster_is_not_served_beside_another(self):
        lab = LabProcess("replset", more_profiles=["sharded"])
        self.addCleanup(lab.remove)
        with self.assertRaises(RuntimeError) as raised:
            lab.start()
        self.assertIn("a sharded cluster is served alone", str(raised.exception))


class ShardedProfileTest(LabTestCase):
    PROFILE = "sharded-routers"

    def test_three_mongos(self):
        self.assertEqual(3, len(self.lab.nodes))
        self.assertEqual("isdbgrid", self.connect(index=2).admin.command("hello")["msg"])

    def test_repl_set_get_status_is_not_supported_through_mongos(self):
        # mongos registers the command (cluster_repl_set_get_status_cmd.cpp): any authenticated user
        # gets ok 0 with no code, so it is not CommandNotFound.
        unauthenticated = self.assertCommandFails(13, self.connect().admin.command, "replSetGetStatus")
        self.assertEqual("Command replSetGetStatus requires authentication", unauthenticated["errmsg"])
        details = self.assertCommandFails(None, self.connect("admin").admin.command, "replSetGetStatus")
        self.assertEqual(["info", "ok", "errmsg", "$clusterTime", "operationTime"], list(details))
        self.assertEqual("mongos", details["info"])
        self.assertEqual("replSetGetStatus is not supported through mongos", details["errmsg"])

    def test_mongos_answers_tls_and_plaintext_on_one_port(self):
        for options in ({}, {"tls": True, "tlsCAFile": str(self.lab.cert_dir / "ca.pem")}):
            with self.subTest(tls=bool(options)):
                hello = self.connect(index=1, **options).admin.command("hello")
                self.assertEqual("isdbgrid", hello["msg"])
                self.assertEqual(25, hello["maxWireVersion"])
                self.assertShape(hello, "hello-mongos-7.0.json", "reply")



class ReplsetProfileTest(LabTestCase):
    """replset: primary, secondary, secondary, arbiter, hidden (nodes 0 to 4)."""
    PROFILE = "replset"
    STATES = ["PRIMARY", "SECONDARY", "SECONDARY", "ARBITER", "SECONDARY"]

    def status(self, index=0):
        return self.connect("scanner", index=index).admin.command("replSetGetStatus")

    def test_repl_set_get_config_shows_each_members_votes_priority_and_delay(self):
        config = self.connect("scanner").admin.command("replSetGetConfig")["config"]
        self.assertEqual(["_id", "version", "term", "protocolVersion", "writeConcernMajorityJournalDefault",
                          "members", "settings"], list(config))
        self.assertEqual("rs0", config["_id"])
        member = config["members"][3]
        self.assertEqual(["_id", "host", "arbiterOnly", "buildIndexes", "hidden", "priority", "tags",
                          "secondaryDelaySecs", "votes"], list(member))
        self.assertEqual([True, 1, 0.0], [member["arbiterOnly"], member["votes"], member["priority"]])
        self.assertEqual([True, 0.0], [config["members"][4]["hidden"], config["members"][4]["priority"]])

    def test_default_rw_concern_reports_the_implicit_majority(self):
        # 4 data-bearing members and an arbiter of 5 voting: w:"majority" (manual's implicit-default formula).
        for index in (0, 1):
            reply = self.connect("scanner", index=index).admin.command("getDefaultRWConcern")
            self.assertEqual({"w": "majority", "wtimeout": 0}, reply["defaultWriteConcern"])
            self.assertEqual({"level": "local"}, reply["defaultReadConcern"])
            self.assertEqual(("implicit", "implicit"),
                             (reply["defaultWriteConcernSource"], reply["defaultReadConcernSource"]))
            self.assertNotIn("updateOpTime", reply)
            self.assertIn("localUpdateWallClockTime", reply)

    def test_cluster_time_is_signed_with_the_deployment_key(self):
        # keyFile: an HMAC-SHA1 under a key whose id is its creation Timestamp as 64 bits.
        signatures = [self.connect(index=i).admin.command("ping")["$clusterTime"]["signature"] for i in (0, 1)]
        self.assertEqual(signatures[0]["keyId"], signatures[1]["keyId"])
        self.assertGreater(signatures[0]["keyId"] >> 32, 1_600_000_000)
        self.assertNotEqual(bytes(20), signatures[0]["hash"])
        self.assertEqual(20, len(signatures[0]["hash"]))

    def test_build_info_reports_openssl_without_tls(self):
        openssl = self.connect().admin.command("buildInfo")["openssl"]
        self.assertTrue(openssl["running"].startswith("OpenSSL "), openssl)
        self.assertTrue(openssl["compiled"].startswith("OpenSSL "), openssl)

    def test_repl_set_get_status_lists_every_member_with_self(self):
        for index, my_state in ((0, 1), (4, 2)):
            with self.subTest(self.lab.nodes[index]):
                status = self.status(index)
                self.assertEqual(REPL_SET_STATUS_FIELDS, list(status)[:len(REPL_SET_STATUS_FIELDS)])
                self.assertEqual(["members", "ok", "$clusterTime", "operationTime"], list(status)[-4:])
                self.assertEqual(("rs0", my_state, Int64(1)), (status["set"], status["myState"], status["term"]))
                self.assertEqual((3, 3, 5, 4), (status["majorityVoteCount"], status["writeMajorityCount"],
                                                status["votingMembersCount"], status["writableVotingMembersCount"]))
                members = status["members"]
                self.assertEqual(list(range(5)), [m["_id"] for m in members])
                self.assertEqual(self.lab.nodes, [m["name"] for m in members])
                self.assertEqual(self.STATES, [m["stateStr"] for m in members])
                self.assertEqual([1, 2, 2, 7, 2], [m["state"] for m in members])
                self.assertEqual([1.0] * 5, [m["health"] for m in members])
                self.assertEqual([index], [i for i, m in enumerate(members) if m.get("self") is True])

    def test_member_entries_in_the_server_order(self):
        members = self.status(0)["members"]
        primary, secondary, arbiter = members[0], members[1], members[3]
        self.assertEqual(SELF_MEMBER_FIELDS + ["electionTime", "electionDate"] + SELF_MEMBER_TAIL, list(primary))
        self.assertEqual(SELF_MEMBER_FIELDS[:6] + OTHER_MEMBER_OPTIMES + OTHER_MEMBER_HEARTBEAT
                         + ["configVersion", "configTerm"], list(secondary))
        self.assertEqual(SELF_MEMBER_FIELDS[:6] + OTHER_MEMBER_HEARTBEAT + ["configVersion", "configTerm"],
                         list(arbiter))
        self.assertEqual((self.lab.nodes[0], 0), (secondary["syncSourceHost"], secondary["syncSourceId"]))
        self.assertIsInstance(secondary["pingMs"], Int64)
        self.assertIsInstance(secondary["health"], float)
        self.assertIsInstance(primary["electionTime"], Timestamp)

    def test_election_metrics(self):
        self.assertEqual(3, self.status(0)["electionCandidateMetrics"]["numVotesNeeded"])
        participant = self.status(1)["electionParticipantMetrics"]
        self.assertEqual((True, 0), (participant["votedForCandidate"], participant["electionCandidateMemberId"]))

    def test_repl_set_get_status_requires_authentication(self):
        details = self.assertCommandFails(13, self.connect().admin.command, "replSetGetStatus")
        self.assertEqual("Command replSetGetStatus requires authentication", details["errmsg"])

    def test_hello_never_lists_the_hidden_member(self):
        hello = self.connect().admin.command("hello")
        self.assertEqual(self.lab.nodes[:3], hello["hosts"])
        self.assertEqual([self.lab.nodes[3]], hello["arbiters"])
        self.assertNotIn("passives", hello)

    def test_driver_discovers_the_members_but_not_the_hidden_one(self):
        host, port = self.lab.host_port(0)
        user = profile_user(self.PROFILE, "scanner")
        client = pymongo.MongoClient(host, port, replicaSet="rs0", serverSelectionTimeoutMS=5000,
                                     username=user.user, password=user.password)
        self.addCleanup(client.close)
        self.assertEqual(1.0, client.admin.command("ping")["ok"])
        expected = {self.lab.host_port(i) for i in range(4)}
        deadline = time.monotonic() + 10
        while client.nodes != expected and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(expected, client.nodes)
        description = client._topology.description
        self.assertEqual({self.lab.host_port(i) for i in range(5)} - {self.lab.host_port(4)},
                         set(description.server_descriptions()))
        self.assertEqual({self.lab.host_port(1), self.lab.host_port(2)}, client.secondaries)
        self.assertEqual({self.lab.host_port(3)}, client.arbiters)
        self.assertEqual(self.lab.host_port(0), client.primary)


class ReplsetMemberDownProfileTest(LabTestCase):
    """replset-member-down: primary, secondary, and a secondary that is down (node 2)."""
    PROFILE = "replset-member-down"

    def test_the_down_member_refuses_connections_but_stays_listed(self):
        self.assertEqual(3, len(self.lab.nodes))
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection(self.lab.host_port(2), timeout=5).close()
        for index in (0, 1):
            with self.subTest(self.lab.nodes[index]):
                self.assertEqual(self.lab.nodes, self.connect(index=index).admin.command("hello")["hosts"])

    def test_the_down_address_stays_reserved(self):
        other = socket.socket()
        self.addCleanup(other.close)
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with self.assertRaises(OSError):
            other.bind(self.lab.host_port(2))

    def test_repl_set_get_status_shows_the_down_member(self):
        members = self.connect("scanner").admin.command("replSetGetStatus")["members"]
        self.assertEqual(self.lab.nodes, [m["name"] for m in members])
        down = members[2]
        self.assertEqual((0.0, 8, "(not reachable/healthy)", 0),
                         (down["health"], down["state"], down["stateStr"], down["uptime"]))
        self.assertEqual({"ts": Timestamp(0, 0), "t": Int64(-1)}, down["optime"])
        self.assertEqual(f"Error connecting to {self.lab.nodes[2]} :: caused by :: Connection refused",
                         down["lastHeartbeatMessage"])
        self.assertEqual((-1, -1), (down["configVersion"], down["configTerm"]))
        self.assertEqual([1.0, 1.0], [m["health"] for m in members[:2]])


class RoleModelTest(unittest.TestCase):
    def test_replset_get_status_is_granted_as_in_mongodb(self):
        catalogue = rbac.RoleCatalogue([])
        for role in ("clusterMonitor", "clusterManager", "clusterAdmin", "root"):
            with self.subTest(role):
                self.assertTrue(catalogue.allows([{"role": role, "db": "admin"}], rbac.CLUSTER, "replSetGetStatus"))
        for role in ("hostManager", "readAnyDatabase", "dbOwner"):
            with self.subTest(role):
                self.assertFalse(catalogue.allows([{"role": role, "db": "admin"}], rbac.CLUSTER, "replSetGetStatus"))


class RoleModelDataAccessTest(unittest.TestCase):
    """What the data-model reads need: find for $sample, collStats for $collStats, dbStats."""

    catalogue = rbac.RoleCatalogue([])

    def allows(self, role, db, resource, action):
        return self.catalogue.allows([{"role": role, "db": db}], resource, action)

    def test_read_any_database_reads_normal_collections_but_not_local_config_or_system(self):
        for action in ("find", "collStats", "listCollections"):
            self.assertTrue(self.allows("readAnyDatabase", "admin", rbac.collection("shop", "orders"), action))
            self.assertTrue(self.allows("readAnyDatabase", "admin", rbac.collection("admin", "backup"), action))
        self.assertTrue(self.allows("readAnyDatabase", "admin", rbac.database("shop"), "dbStats"))
        for resource in (rbac.collection("admin", "system.users"), rbac.collection("local", "startup_log"),
                         rbac.database("config")):
            with self.subTest(resource):
                self.assertFalse(self.allows("readAnyDatabase", "admin", resource, "find"))

    def test_cluster_monitor_has_statistics_everywhere_and_reads_config_and_local(self):
        self.assertTrue(self.allows("clusterMonitor", "admin", rbac.collection("shop", "orders"), "collStats"))
        self.assertTrue(self.allows("clusterMonitor", "admin", rbac.database("shop"), "dbStats"))
        self.assertFalse(self.allows("clusterMonitor", "admin", rbac.collection("shop", "orders"), "find"))
        for db in ("config", "local"):
            self.assertTrue(self.allows("clusterMonitor", "admin", rbac.database(db), "listCollections"))
            self.assertTrue(self.allows("clusterMonitor", "admin", rbac.collection(db, "startup_log"), "find"))

    def test_read_covers_its_database_only_and_root_lists_everything(self):
        self.assertTrue(self.allows("read", "shop", rbac.collection("shop", "orders"), "find"))
        self.assertFalse(self.allows("read", "shop", rbac.collection("shop", "system.profile"), "find"))
        self.assertFalse(self.allows("read", "shop", rbac.collection("billing", "invoices"), "find"))
        self.assertTrue(self.allows("root", "admin", rbac.database("local"), "listCollections"))


class CursorBatchTest(unittest.TestCase):
    """Batches as the server cuts them: 16 MiB, batchSize, no look-ahead."""

    def test_a_batch_stops_before_16_mib_and_the_first_document_always_fits(self):
        sizes = [7 * 1024 * 1024] * 3
        batch, taken, exhausted = cursors._cut(["a", "b", "c"], sizes, 101)
        self.assertEqual((["a", "b"], 2, False), (batch, taken, exhausted))
        batch, taken, exhausted = cursors._cut(["a"], [20 * 1024 * 1024], 101)
        self.assertEqual((["a"], 1, True), (batch, taken, exhausted))

    def test_batch_size_leaves_the_cursor_open_even_with_nothing_left(self):
        self.assertEqual((["a", "b"], 2, False), cursors._cut(["a", "b"], [10, 10], 2))
        self.assertEqual((["a", "b"], 2, True), cursors._cut(["a", "b"], [10, 10], 3))
        self.assertEqual(([], 0, False), cursors._cut(["a"], [10], 0))


class GeneratorTest(unittest.TestCase):
    NOW = datetime.datetime(2024, 6, 1, tzinfo=datetime.timezone.utc)

    def test_the_same_namespace_gives_the_same_documents(self):
        spec = {"count": 5, "fields": {"name": {"string": {"length": 6}}, "tag": {"uuidString": {}}}}
        self.assertEqual(generator.generate(spec, "a.b", self.NOW), generator.generate(spec, "a.b", self.NOW))
        self.assertNotEqual(generator.generate(spec, "a.b", self.NOW), generator.generate(spec, "a.c", self.NOW))

    def test_ages_spread_evenly_and_drive_object_ids_and_per_day_arrays(self):
        spec = {"count": 4, "days": 40, "fields": {"log": {"array": {"perDay": 2, "of": {"value": 1}}}}}
        documents = generator.generate(spec, "a.b", self.NOW)
        ages = [(self.NOW - d["_id"].generation_time).total_seconds() / 86400 for d in documents]
        self.assertEqual([40, 30, 20, 10], [round(age) for age in ages])
        self.assertEqual([80, 60, 40, 20], [len(d["log"]) for d in documents])

    def test_bad_specs_are_named(self):
        for spec, message in (({"count": 1, "fields": {"a": {"nope": {}}}}, "generate.a: unknown generator"),
                              ({"count": 1, "size": 3}, "a group is"),
                              ({"count": 1, "fields": {"a": {"string": {}}}}, "needs a number length")):
            with self.subTest(message):
                with self.assertRaisesRegex(ValueError, message):
                    generator.check(spec)


def secondary_read(db, command):
    """command with an explicit $readPreference primary: pymongo's direct connections otherwise
    send primaryPreferred to any mongod."""
    return db.command(SON(list(command.items()) + [("$readPreference", {"mode": "primary"})]))


class DataModelProfileTest(LabTestCase):
    """datamodel: a 7.0 primary (node 0) and secondary (node 1); the scanner account reads."""
    PROFILE = "datamodel"
    MAX_BSON = 16 * 1024 * 1024
    UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")

    def scanner(self, index=1, **options):
        return self.connect("scanner", index=index, readPreference="secondaryPreferred", **options)

    def all_documents(self, db, collection):
        return list(self.scanner()[db][collection].find())

    def test_sample_returns_distinct_documents(self):
        documents = list(self.scanner().shop.orders.aggregate([{"$sample": {"size": 10}}]))
        self.assertEqual(10, len(documents))
        self.assertEqual(10, len({d["_id"] for d in documents}))
        self.assertEqual(40, len(list(self.scanner().shop.orders.aggregate([{"$sample": {"size": 500}}]))))

    def test_sample_with_batch_size_keeps_the_cursor_open_and_get_more_ends_it(self):
        shop = self.scanner().shop
        reply = shop.command("aggregate", "customers", pipeline=[{"$sample": {"size": 5}}],
                             cursor={"batchSize": 5}, maxTimeMS=5000)
        self.assertEqual(5, len(reply["cursor"]["firstBatch"]))
        self.assertNotEqual(0, reply["cursor"]["id"])
        more = shop.command("getMore", reply["cursor"]["id"], collection="customers")
        self.assertEqual(([], 0), (more["cursor"]["nextBatch"], more["cursor"]["id"]))

    def test_find_sorts_skips_limits_and_projects(self):
        orders = self.scanner().shop.orders
        everything = list(orders.find())
        by_number = sorted(everything, key=lambda d: d["orderNumber"], reverse=True)
        found = list(orders.find({}, {"orderNumber": 1}).sort("orderNumber", -1).skip(3).limit(5))
        self.assertEqual([{"_id": d["_id"], "orderNumber": d["orderNumber"]} for d in by_number[3:8]], found)
        excluded = orders.find_one({}, {"items": 0, "_id": 0})
        self.assertNotIn("_id", excluded)
        self.assertNotIn("items", excluded)
        self.assertIn("orderNumber", excluded)

    def test_find_cuts_batches_and_get_more_and_kill_cursors_follow(self):
        shop = self.scanner().shop
        first = shop.command("find", "orders", batchSize=15, **self.SECONDARY_OK)
        self.assertEqual(15, len(first["cursor"]["firstBatch"]))
        cursor_id = first["cursor"]["id"]
        self.assertNotEqual(0, cursor_id)
        more = shop.command("getMore", cursor_id, collection="orders", batchSize=20)
        self.assertEqual((20, cursor_id), (len(more["cursor"]["nextBatch"]), more["cursor"]["id"]))
        killed = shop.command("killCursors", "orders", cursors=[cursor_id])
        self.assertEqual([cursor_id], killed["cursorsKilled"])
        default = shop.command("find", "orders", **self.SECONDARY_OK)
        self.assertEqual((40, 0), (len(default["cursor"]["firstBatch"]), default["cursor"]["id"]))
        limited = shop.command("find", "orders", batchSize=10, limit=10, **self.SECONDARY_OK)
        self.assertEqual((10, 0), (len(limited["cursor"]["firstBatch"]), limited["cursor"]["id"]))
        self.assertEqual(30, len(list(shop.orders.find().batch_size(7).skip(10))))  # getMore, cursor by cursor

    SECONDARY_OK = {"$readPreference": {"mode": "secondaryPreferred"}}

    def test_coll_stats_has_the_real_shape_and_sums_the_documents(self):
        shop = self.scanner().shop
        reply = shop.command("aggregate", "orders", pipeline=[{"$collStats": {"storageStats": {}, "count": {}}}],
                             cursor={}, maxTimeMS=5000)
        # The reference's collection has a second index (email_1); these have only _id_.
        self.assertShape(reply, "collStats-aggregate.json", "reply", ignore=(
            "$clusterTime", "operationTime", "cursor.firstBatch[0].storageStats.indexSizes"))
        stats = reply["cursor"]["firstBatch"][0]
        self.assertEqual(("shop.orders", self.lab.nodes[1]), (stats["ns"], stats["host"]))
        sizes = [len(bson.encode(d)) for d in self.all_documents("shop", "orders")]
        storage = stats["storageStats"]
        self.assertEqual((sum(sizes), 40, sum(sizes) // 40), (storage["size"], storage["count"], storage["avgObjSize"]))
        self.assertEqual(40, stats["count"])
        empty = shop.client.sprawl.command("aggregate", "tenant_0042", pipeline=[{"$collStats": {"storageStats": {}}}],
                                           cursor={})["cursor"]["firstBatch"][0]["storageStats"]
        self.assertEqual((0, 0), (empty["size"], empty["count"]))
        self.assertNotIn("avgObjSize", empty, "the server leaves avgObjSize out of an empty collection")
        missing = self.assertCommandFails(26, shop.command, "aggregate", "nowhere",
                                          pipeline=[{"$collStats": {"storageStats": {}}}], cursor={})
        self.assertIn("Collection [shop.nowhere] not found.", missing["errmsg"])

    def test_list_collections_shows_the_validation_options(self):
        listing = self.scanner().validation.command("listCollections")["cursor"]["firstBatch"]
        options = {c["name"]: c["options"] for c in listing}
        self.assertEqual({}, options["no_validator"])
        self.assertEqual(("strict", "warn"), (options["warn_only"]["validationLevel"],
                                              options["warn_only"]["validationAction"]))
        self.assertEqual("off", options["validation_off"]["validationLevel"])
        self.assertEqual(("moderate", "error"), (options["validated_moderate"]["validationLevel"],
                                                 options["validated_moderate"]["validationAction"]))
        self.assertIn("$jsonSchema", options["validated_moderate"]["validator"])
        self.assertShape(next(c for c in listing if c["name"] == "warn_only"),
                         "listCollections-validator-timeseries.json", "reply", "cursor", "firstBatch", 0,
                         ignore=("options.validator",))

    def test_db_stats_has_the_real_shape(self):
        stats = self.scanner().shop.command("dbStats")
        self.assertShape(stats, "dbStats.json", "reply", ignore=("$clusterTime", "operationTime"))
        self.assertEqual((Int64(2), Int64(70), Int64(2)), (stats["collections"], stats["objects"], stats["indexes"]))
        self.assertEqual(0, self.scanner().nowhere.command("dbStats")["objects"])

    def test_secondary_reads_need_a_read_preference_other_than_primary(self):
        # Every opt-in command is checked on the wire (test_wire.SecondaryReadTest); this is what
        # pymongo sees. It sends no helloOk, so the server keeps the old wording.
        with self.assertRaises(NotMasterError) as raised:
            secondary_read(self.connect("scanner", index=1).admin, {"listDatabases": 1, "nameOnly": True})
        self.assertEqual((13435, "not master and slaveOk=false"),
                         (raised.exception.details["code"], raised.exception.details["errmsg"]))
        secondary = self.connect("scanner", index=1)
        self.assertEqual(1.0, secondary_read(secondary.local, {"listCollections": 1})["ok"])
        self.assertEqual(1.0, secondary_read(secondary.shop, {"dbStats": 1})["ok"], "always allowed")
        scanner = self.scanner()
        self.assertIn("shop", scanner.list_database_names())
        self.assertEqual(["customers", "orders"], sorted(scanner.shop.list_collection_names()))
        self.assertEqual(1, len(list(scanner.shop.orders.aggregate([{"$sample": {"size": 1}}]))))
        self.assertEqual(["scanner"], [u["user"] for u in scanner.admin.command("usersInfo", {"forAllDBs": True})["users"]])
        self.assertEqual(1.0, scanner.admin.command("rolesInfo", 1)["ok"])

    def test_max_time_ms_must_not_be_negative(self):
        details = self.assertCommandFails(2, self.scanner().admin.command, "ping", maxTimeMS=-1)
        self.assertEqual("-1 value for maxTimeMS is out of range [0, 2147483647]", details["errmsg"])

    def test_aggregate_errors(self):
        shop = self.scanner().shop
        details = self.assertCommandFails(9, shop.command, "aggregate", "orders", pipeline=[{"$sample": {"size": 1}}])
        self.assertEqual("The 'cursor' option is required, except for aggregate with the explain argument",
                         details["errmsg"])
        details = self.assertCommandFails(40324, shop.command, "aggregate", "orders", pipeline=[{"$group": {"_id": 1}}],
                                          cursor={})
        self.assertEqual("Unrecognized pipeline stage name: '$group'", details["errmsg"])
        self.assertCommandFails(40602, shop.command, "aggregate", "orders",
                                pipeline=[{"$sample": {"size": 1}}, {"$collStats": {}}], cursor={})
        self.assertCommandFails(13, shop.client.admin.command, "aggregate", "system.users",
                                pipeline=[{"$sample": {"size": 1}}], cursor={})

    def test_generated_documents_have_the_promised_shapes(self):
        self.assertEqual({5000}, {len(d["readings"]) for d in self.all_documents("shapes", "long_arrays")})
        self.assertTrue(all(self.UUID.match(d["_id"]) for d in self.all_documents("types", "uuid_ids")))
        quantities = {type(d["quantity"]) for d in self.all_documents("types", "type_drift")}
        self.assertEqual({int, str}, quantities)
        dates = self.all_documents("types", "string_dates")[0]
        self.assertRegex(dates["createdAt"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        self.assertRegex(dates["shippedAt"], r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
        tree, depth = self.all_documents("shapes", "deep_nesting")[0], 1
        while isinstance(tree, dict) and any(isinstance(v, dict) for v in tree.values()):
            tree, depth = next(v for v in tree.values() if isinstance(v, dict)), depth + 1
        self.assertEqual(7, depth, "a flat document counts as one level")
        big = [len(bson.encode(d)) for d in self.all_documents("shapes", "big_documents")]
        self.assertEqual(50, len(big))
        self.assertGreater(max(big), 1024 * 1024)
        self.assertLess(sum(big) / len(big), 100 * 1024)
        large = [len(bson.encode(d)) for d in self.all_documents("shapes", "large_documents")]
        self.assertGreater(min(large), 100 * 1024)

    def test_growing_arrays_grow_with_object_id_age(self):
        now = datetime.datetime.now(datetime.timezone.utc)
        documents = sorted(self.all_documents("shapes", "growing_arrays"), key=lambda d: d["_id"].generation_time)
        self.assertEqual(60, len(documents))
        ages = [(now - d["_id"].generation_time).total_seconds() / 86400 for d in documents]
        lengths = [len(d["history"]) for d in documents]
        self.assertEqual(lengths, sorted(lengths, reverse=True), "older documents hold longer arrays")
        self.assertEqual((600, 10), (lengths[0], lengths[-1]))
        self.assertLessEqual(max(lengths), 1000)
        for age, length in zip(ages, lengths):
            self.assertAlmostEqual(10 * age, length, delta=15)

    def test_the_huge_document_is_sampled_within_one_16_mib_batch(self):
        reply = self.scanner().shapes.command("aggregate", "huge_documents", pipeline=[{"$sample": {"size": 2}}],
                                              cursor={"batchSize": 2}, maxTimeMS=60000)
        sizes = sorted(len(bson.encode(d)) for d in reply["cursor"]["firstBatch"])
        self.assertEqual(2, len(sizes))
        self.assertGreater(sizes[1], 0.9 * self.MAX_BSON)
        self.assertLessEqual(sizes[1], self.MAX_BSON)
        self.assertLessEqual(len(bson.encode(reply)), self.MAX_BSON + 16 * 1024)

    def test_a_sample_of_heavy_documents_stops_at_16_mib_with_the_cursor_open(self):
        shapes = self.scanner().shapes
        reply = shapes.command("aggregate", "heavy_documents", pipeline=[{"$sample": {"size": 100}}],
                               cursor={"batchSize": 101}, maxTimeMS=60000)
        batch = reply["cursor"]["firstBatch"]
        sizes = [len(bson.encode(d)) for d in batch]
        self.assertEqual(11, len(batch), "a 12th 1.5 MB document would pass 16 MiB")
        self.assertGreater(sum(sizes) + min(sizes), self.MAX_BSON)
        self.assertLessEqual(len(bson.encode(reply)), self.MAX_BSON + 16 * 1024)
        cursor_id = reply["cursor"]["id"]
        self.assertNotEqual(0, cursor_id, "15 documents were sampled: the server keeps the other 4")
        more = shapes.command("getMore", cursor_id, collection="heavy_documents")
        self.assertEqual((4, 0), (len(more["cursor"]["nextBatch"]), more["cursor"]["id"]))

    def test_many_collections(self):
        scanner = self.scanner()
        sprawl = scanner.sprawl.command("listCollections")["cursor"]["firstBatch"]
        self.assertEqual(5000, len(sprawl))
        self.assertEqual(("tenant_0000", "tenant_4999"), (sprawl[0]["name"], sprawl[-1]["name"]))
        self.assertTrue(all("validator" in c["options"] for c in sprawl))
        names = {"admin", "shop", "naming", "Legacy-Data", "shapes", "types", "validation", "sprawl", "db_billing"}
        self.assertLessEqual(names, set(scanner.list_database_names()))
        self.assertIn("customer_backup", scanner.admin.list_collection_names())
        long_name = [n for n in scanner.naming.list_collection_names() if len(n) > 64]
        self.assertEqual([70], [len(n.encode()) for n in long_name])

    def test_every_command_is_logged(self):
        before = len(self.lab.commands())
        scanner = self.scanner()
        scanner.shop.command("dbStats")
        scanner.shop.command("aggregate", "orders", pipeline=[{"$collStats": {"storageStats": {}}}], cursor={})
        entries = self.lab.commands_after(
            before, until=lambda names: {"dbStats", "aggregate"} <= set(names))
        sent = [e["command"] for e in entries]
        self.assertIn("dbStats", sent)
        self.assertIn("aggregate", sent)


if __name__ == "__main__":
    unittest.main()


class CompressionProfileTest(LabTestCase):
    PROFILE = "ver-cve-zlib"

    def test_hello_answers_the_offered_compressors_the_profile_enables(self):
        reply = self.connect().admin.command("hello", compression=["zstd", "zlib", "snappy"])
        self.assertEqual(["zlib", "snappy"], reply["compression"])  # configured: snappy,zlib

    def test_pymongo_with_zlib_compresses_and_is_answered(self):
        client = self.connect(compressors="zlib")
        self.assertEqual("7.0.20", client.server_info()["version"])
        self.assertEqual(1.0, client.admin.command("ping")["ok"])


class VersionProfilesTest(unittest.TestCase):
    def test_an_end_of_life_node_enables_the_4_4_default_compressors(self):
        lab = start_for_class(type(self), "ver-eol")
        client = client_for(lab)
        self.addCleanup(client.close)
        self.assertEqual("4.4.29", client.server_info()["version"])
        reply = client.admin.command("isMaster", compression=["zstd", "zlib", "snappy"])
        self.assertEqual(["zstd", "zlib", "snappy"], reply["compression"])
        lab.stop()

    def test_users_for_all_databases_needs_4_0(self):
        # 3.4 reads {forAllDBs: true} as a user name (parseUsersInfoCommand before SERVER-34401).
        lab = start_for_class(type(self), "net-http-interface")
        client = client_for(lab)
        self.addCleanup(client.close)
        with self.assertRaises(OperationFailure) as raised:
            client.admin.command("usersInfo", {"forAllDBs": True})
        self.assertEqual(4, raised.exception.code)
        self.assertEqual([], client.admin.command("usersInfo", 1)["users"])
        lab.stop()

    def test_mixed_members_run_their_own_versions_without_zlib(self):
        lab = start_for_class(type(self), "ver-mixed")
        versions = []
        for index in range(3):
            client = client_for(lab, index)
            self.addCleanup(client.close)
            versions.append(client.server_info()["version"])
            reply = client.admin.command("hello", compression=["zstd", "zlib", "snappy"])
            self.assertEqual(["zstd", "snappy"], reply["compression"])
            # No authentication between members: the unsigned $clusterTime.
            self.assertEqual({"hash": bytes(20), "keyId": 0}, reply["$clusterTime"]["signature"])
        self.assertEqual(["8.0.4", "8.0.4", "7.0.14"], versions)
        lab.stop()
