"""The sharded profile (a sharded_cluster) against pymongo 3.11 as a real client, plus raw sockets for
the VIP and the member without TLS; sharded-lb (the load-balanced VIP) with raw OP_MSG over TLS.

Run: /usr/bin/python3 -m unittest test_sharded   (from tests/lab)
"""

import asyncio
import base64
import datetime
import hashlib
import hmac
import json
import os
import socket
import ssl
import tempfile
import types
import unittest
from pathlib import Path

import bson
import pymongo
from pymongo.errors import OperationFailure, ServerSelectionTimeoutError

import bench_cluster
import profiles
import proxy_protocol
import rbac
import sharding
import vip
from commands import CommandError
from lab_process import start_for_class
from test_wire import is_closed, op_msg, read_reply

SCANNER = "scanner"


class ShardedClusterTest(unittest.TestCase):
    """mongos ×2, cfg ×3 (primary, secondary, secondary), shard0 (primary, secondary without TLS,
    hidden), shard1 (primary, secondary, 7.0 arbiter)."""

    @classmethod
    def setUpClass(cls):
        cls.lab = start_for_class(cls, "sharded")
        cls.ready = json.loads(cls.lab.ready_file.read_text())
        cls.profile = profiles.load("sharded")
        cls.component = {c["name"]: c for c in cls.ready["components"]}
        config = cls.profile.component("config").profile
        cls.scanner_password = next(u.password for u in config.users if u.user == SCANNER)

    def connect(self, address, user=None, use_tls=True, **options):
        host, port = address.rsplit(":", 1)
        settings = {"directConnection": True, "serverSelectionTimeoutMS": 5000, "connectTimeoutMS": 5000}
        if use_tls:
            settings.update(tls=True, tlsCAFile=str(self.lab.cert_dir / "ca.pem"))
        if user:
            settings.update(username=user, password=self.scanner_password, authSource="admin")
        settings.update(options)
        client = pymongo.MongoClient(host, int(port), **settings)
        self.addCleanup(client.close)
        return client

    def node(self, component, index=0):
        return self.component[component]["nodes"][index]

    def members(self, component, *indexes):
        return ",".join(self.node(component, i) for i in indexes)

    def assertFails(self, code, callable_, *args, **kwargs):
        with self.assertRaises(OperationFailure) as raised:
            callable_(*args, **kwargs)
        self.assertEqual(code, raised.exception.code, raised.exception.details)
        return raised.exception.details

    def test_ready_file_lists_the_components_in_profile_order(self):
        self.assertEqual([("mongos", "mongos", None), ("cfg", "config", "cfg"), ("shard0", "shard", "shard0"),
                          ("shard1", "shard", "shard1")],
                         [(c["name"], c["kind"], c.get("setName")) for c in self.ready["components"]])
        self.assertEqual([2, 3, 3, 3], [len(c["nodes"]) for c in self.ready["components"]])
        self.assertEqual([n for c in self.ready["components"] for n in c["nodes"]], self.ready["nodes"])
        self.assertNotIn(self.ready["vip"], self.ready["nodes"])

    def test_list_shards_through_mongos(self):
        reply = self.connect(self.node("mongos"), SCANNER).admin.command("listShards")
        self.assertEqual(["shards", "ok", "$clusterTime", "operationTime"], list(reply))
        shards = reply["shards"]
        self.assertEqual(["shard0", "shard1"], [s["_id"] for s in shards])
        self.assertEqual(["_id", "host", "state", "topologyTime"], list(shards[0]))
        # hello's hosts: no hidden member, no arbiter.
        self.assertEqual(f"shard0/{self.members('shard0', 0, 1)}", shards[0]["host"])
        self.assertEqual(f"shard1/{self.members('shard1', 0, 1)}", shards[1]["host"])
        self.assertEqual(1, shards[0]["state"])

    def test_default_rw_concern_through_mongos_and_refused_on_a_shard_member(self):
        # rwc_defaults_commands.cpp: mongos and config servers answer; a shard member fails with 51301.
        # The config server set computes its implicit majority (its replication coordinator);
        # mongos computes none (read_write_concern_defaults.cpp): without setDefaultRWConcern it
        # reports no defaultWriteConcern.
        config = self.connect(self.node("cfg"), SCANNER).admin.command("getDefaultRWConcern")
        self.assertEqual({"w": "majority", "wtimeout": 0}, config["defaultWriteConcern"])
        router = self.connect(self.node("mongos"), SCANNER).admin.command("getDefaultRWConcern")
        self.assertNotIn("defaultWriteConcern", router)
        self.assertEqual(("implicit", {"level": "local"}),
                         (router["defaultWriteConcernSource"], router["defaultReadConcern"]))
        details = self.assertFails(51301, self.connect(self.node("shard0"), SCANNER).admin.command,
                                   "getDefaultRWConcern")
        self.assertEqual("'getDefaultRWConcern' is not supported on shard nodes.", details["errmsg"])

    def test_shard_members_report_their_implicit_default_in_hello(self):
        # replication_info.cpp: only shard servers append isImplicitDefaultMajorityWC (and cwwc once
        # a cluster-wide write concern is set). shard0 has no arbiter; shard1 is primary, secondary
        # and arbiter, whose implicit default is w:1.
        for shard, majority in (("shard0", True), ("shard1", False)):
            with self.subTest(shard=shard):
                hello = self.connect(self.node(shard)).admin.command("hello")
                self.assertIs(majority, hello["isImplicitDefaultMajorityWC"])
                self.assertNotIn("cwwc", hello)
                self.assertLess(list(hello).index("lastWrite"),
                                list(hello).index("isImplicitDefaultMajorityWC"))
        self.assertNotIn("isImplicitDefaultMajorityWC",
                         self.connect(self.node("cfg")).admin.command("hello"))

    def test_list_shards_needs_authentication_and_exists_only_on_mongos(self):
        details = self.assertFails(13, self.connect(self.node("mongos")).admin.command, "listShards")
        self.assertEqual("Command listShards requires authentication", details["errmsg"])
        details = self.assertFails(59, self.connect(self.node("shard0"), SCANNER).admin.command, "listShards")
        self.assertEqual("no such command: 'listShards'", details["errmsg"])
        self.assertFails(59, self.connect(self.node("cfg"), SCANNER).admin.command, "listShards")

    def test_get_shard_map_on_mongos_and_members(self):
        expected = {"shard0": f"shard0/{self.members('shard0', 0, 1)}",
                    "shard1": f"shard1/{self.members('shard1', 0, 1)}",
                    "config": f"cfg/{self.members('cfg', 0, 1, 2)}"}
        for address in (self.node("mongos"), self.node("cfg", 1), self.node("shard0")):
            with self.subTest(address=address):
                reply = self.connect(address, SCANNER).admin.command("getShardMap")
                self.assertEqual(["map", "hosts", "connStrings", "ok"], list(reply)[:4])
                self.assertEqual(expected, reply["map"])
                self.assertEqual(list(expected), list(reply["map"]))
                self.assertEqual("config", reply["hosts"][self.node("cfg", 2)])
                self.assertEqual("shard1", reply["connStrings"][expected["shard1"]])

    def test_config_mongos_has_the_live_mongos_and_the_retired_one(self):
        for address in (self.node("mongos"), self.node("cfg")):
            with self.subTest(address=address):
                documents = list(self.connect(address, SCANNER).config.mongos.find())
                self.assertEqual(self.component["mongos"]["nodes"] + ["mongos-retired.example.test:27017"],
                                 [d["_id"] for d in documents])
                self.assertEqual(["_id", "advisoryHostFQDNs", "created", "mongoVersion", "ping", "up", "waiting"],
                                 list(documents[0]))
                live, retired = documents[0], documents[2]
                now = datetime.datetime.utcnow()
                self.assertLess((now - live["ping"]).total_seconds(), 15)
                self.assertEqual("8.0.12", live["mongoVersion"])
                self.assertEqual("7.0.12", retired["mongoVersion"])
                self.assertAlmostEqual(5400, (now - retired["ping"]).total_seconds(), delta=5)
                self.assertIs(True, retired["waiting"])

    def test_config_shards_through_mongos(self):
        documents = list(self.connect(self.node("mongos"), SCANNER).config.shards.find())
        self.assertEqual(["shard0", "shard1"], [d["_id"] for d in documents])

    def test_server_status_sharding_section_and_host(self):
        status = self.connect(self.node("mongos", 1), SCANNER).admin.command("serverStatus")
        self.assertEqual(self.node("mongos", 1), status["host"])
        self.assertEqual("mongos", status["process"])
        sharding = status["sharding"]
        self.assertEqual(["configsvrConnectionString", "lastSeenConfigServerOpTime", "maxChunkSizeInBytes"],
                         list(sharding))
        self.assertEqual(f"cfg/{self.members('cfg', 0, 1, 2)}", sharding["configsvrConnectionString"])
        sections = [k for k in status if k in ("security", "sharding", "transportSecurity")]
        self.assertEqual(["security", "sharding", "transportSecurity"], sections)

    def test_cmd_line_opts_per_component(self):
        mongos = self.connect(self.node("mongos"), SCANNER).admin.command("getCmdLineOpts")["parsed"]
        self.assertEqual(f"cfg/{self.members('cfg', 0, 1, 2)}", mongos["sharding"]["configDB"])
        cfg = self.connect(self.node("cfg"), SCANNER).admin.command("getCmdLineOpts")["parsed"]
        self.assertEqual("configsvr", cfg["sharding"]["clusterRole"])
        self.assertEqual("cfg", cfg["replication"]["replSetName"])
        shard = self.connect(self.node("shard0"), SCANNER).admin.command("getCmdLineOpts")["parsed"]
        self.assertEqual("shardsvr", shard["sharding"]["clusterRole"])
        plain = self.connect(self.node("shard0", 1), SCANNER, use_tls=False).admin.command("getCmdLineOpts")
        self.assertNotIn("tls", plain["parsed"]["net"])

    def test_hello_per_component(self):
        self.assertEqual("isdbgrid", self.connect(self.node("mongos")).admin.command("hello")["msg"])
        config = self.connect(self.node("cfg", 2)).admin.command("hello")
        self.assertEqual(2, config["configsvr"])
        self.assertEqual("cfg", config["setName"])
        keys = list(config)
        self.assertEqual(keys.index("configsvr") + 1, keys.index("maxBsonObjectSize"))
        shard = self.connect(self.node("shard1")).admin.command("hello")
        self.assertNotIn("configsvr", shard)
        self.assertEqual([self.node("shard1", 2)], shard["arbiters"])

    def test_scanner_authenticates_where_its_user_lives(self):
        for address in (self.node("mongos"), self.node("mongos", 1), self.node("cfg"), self.node("cfg", 2),
                        self.node("shard0"), self.node("shard0", 2)):
            with self.subTest(address=address):
                self.assertEqual(1.0, self.connect(address, SCANNER).admin.command("ping")["ok"])
        self.assertEqual(1.0, self.connect(self.node("shard0", 1), SCANNER, use_tls=False).admin.command("ping")["ok"])
        for address in (self.node("shard1"), self.node("shard1", 1)):
            with self.subTest(address=address), self.assertRaises(OperationFailure) as raised:
                self.connect(address, SCANNER).admin.command("ping")
            self.assertEqual(18, raised.exception.code)
            self.assertEqual("Authentication failed.", raised.exception.details["errmsg"])

    def test_shard1_has_no_localhost_exception(self):
        # No user on shard1, but clientsFromLocalhost is false: authentication first.
        self.assertFails(13, self.connect(self.node("shard1")).admin.command, "getCmdLineOpts")

    def test_the_vip_forwards_to_one_mongos_by_source_ip(self):
        chosen = self.component["mongos"]["nodes"][vip.backend_index("127.0.0.1", 2)]
        for _ in range(2):
            client = self.connect(self.ready["vip"], SCANNER)
            self.assertEqual("isdbgrid", client.admin.command("hello")["msg"])
            self.assertEqual(chosen, client.admin.command("serverStatus")["host"])

    def test_the_vip_answers_nothing_itself(self):
        # A plaintext hello through the VIP reaches a requireTLS mongos, which closes the connection.
        host, port = self.ready["vip"].rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.sendall(b"\x3a\x00\x00\x00" + bytes(12))
            self.assertEqual(b"", sock.recv(16))

    def test_the_member_without_tls_answers_plaintext_and_refuses_tls(self):
        address = self.node("shard0", 1)
        self.assertIs(True, self.connect(address, use_tls=False).admin.command("hello")["secondary"])
        with self.assertRaises(ServerSelectionTimeoutError):
            self.connect(address, serverSelectionTimeoutMS=1000).admin.command("hello")
        host, port = address.rsplit(":", 1)
        context = ssl.create_default_context(cafile=str(self.lab.cert_dir / "ca.pem"))
        with socket.create_connection((host, int(port)), timeout=5) as raw:
            with self.assertRaises((ssl.SSLError, ConnectionError, OSError)):
                context.wrap_socket(raw, server_hostname="localhost")
        # Its neighbours require TLS: plaintext is closed.
        with self.assertRaises(ServerSelectionTimeoutError):
            self.connect(self.node("shard0"), use_tls=False, serverSelectionTimeoutMS=1000).admin.command("hello")

    def test_the_arbiter_runs_an_older_series(self):
        info = self.connect(self.node("shard1", 2)).admin.command("buildInfo")
        self.assertEqual("7.0.14", info["version"])
        hello = self.connect(self.node("shard1", 2)).admin.command("hello")
        self.assertIs(True, hello["arbiterOnly"])
        self.assertEqual(21, hello["maxWireVersion"])

    def test_cluster_time_is_signed_with_one_key_across_components(self):
        key_ids = {self.connect(self.node(name), SCANNER).admin.command("ping")["$clusterTime"]["signature"]["keyId"]
                   for name in ("mongos", "cfg", "shard0")}
        self.assertEqual(1, len(key_ids))



class ShardingPrivilegesTest(unittest.TestCase):
    """builtin_roles.cpp: clusterMonitor holds listShards and getShardMap, clusterManager listShards."""

    def test_built_in_roles(self):
        catalogue = rbac.RoleCatalogue([])
        for role, action, granted in (("clusterMonitor", "listShards", True), ("clusterMonitor", "getShardMap", True),
                                      ("clusterManager", "listShards", True), ("root", "getShardMap", True),
                                      ("readAnyDatabase", "listShards", False)):
            with self.subTest(role=role, action=action):
                self.assertIs(granted, catalogue.allows([{"role": role, "db": "admin"}], rbac.CLUSTER, action))
        self.assertTrue(catalogue.allows([{"role": "clusterMonitor", "db": "admin"}],
                                         rbac.collection("config", "mongos"), "find"))

    def test_a_user_without_the_action_gets_the_bare_unauthorized(self):
        context = types.SimpleNamespace(deployment=types.SimpleNamespace(roles=rbac.RoleCatalogue([])),
                                        roles=lambda: [{"role": "readAnyDatabase", "db": "admin"}])
        with self.assertRaises(CommandError) as raised:
            sharding.COMMANDS[0].authorize(context)
        self.assertEqual((13, "unauthorized"), (raised.exception.code, raised.exception.errmsg))


class LoadBalancedClusterTest(unittest.TestCase):
    """sharded-lb: the sharded cluster whose VIP forwards to the mongos's load balancer ports with a
    PROXY protocol header (load_balancer.py, proxy_protocol.py). pymongo 3.11 has no load-balanced
    mode, so these are raw OP_MSG exchanges over TLS."""

    @classmethod
    def setUpClass(cls):
        cls.lab = start_for_class(cls, "sharded-lb")
        cls.ready = json.loads(cls.lab.ready_file.read_text())
        config = profiles.load("sharded-lb").component("config").profile
        cls.scanner_password = next(u.password for u in config.users if u.user == SCANNER)
        cls.mongos = cls.ready["components"][0]["nodes"]
        cls.behind_vip = cls.mongos[vip.backend_index("127.0.0.1", len(cls.mongos))]

    def open_tls(self, address, header=b""):
        """A TLS connection to address; header goes first, in plaintext (a PROXY header)."""
        host, port = address.rsplit(":", 1)
        raw = socket.create_connection((host, int(port)), timeout=5)
        raw.sendall(header)
        context = ssl.create_default_context(cafile=str(self.lab.cert_dir / "ca.pem"))
        sock = context.wrap_socket(raw, server_hostname="localhost")
        self.addCleanup(sock.close)
        return sock

    @staticmethod
    def run_command(sock, body, db="admin"):
        sock.sendall(op_msg(dict(body, **{"$db": db})))
        return read_reply(sock)[3]

    def login(self, sock):
        """SCRAM-SHA-256 (RFC 7677) as scanner@admin with raw saslStart/saslContinue."""
        nonce = base64.b64encode(os.urandom(18)).decode()
        first_bare = f"n={SCANNER},r={nonce}"
        start = self.run_command(sock, {"saslStart": 1, "mechanism": "SCRAM-SHA-256",
                                        "payload": f"n,,{first_bare}".encode(), "autoAuthorize": 1})
        self.assertEqual(1.0, start["ok"], start)
        server_first = bytes(start["payload"]).decode()
        fields = dict(item.split("=", 1) for item in server_first.split(","))
        salted = hashlib.pbkdf2_hmac("sha256", self.scanner_password.encode(), base64.b64decode(fields["s"]),
                                     int(fields["i"]))
        client_key = hmac.digest(salted, b"Client Key", "sha256")
        final_bare = f"c=biws,r={fields['r']}"
        auth_message = f"{first_bare},{server_first},{final_bare}".encode()
        signature = hmac.digest(hashlib.sha256(client_key).digest(), auth_message, "sha256")
        proof = base64.b64encode(bytes(a ^ b for a, b in zip(client_key, signature))).decode()
        reply = self.run_command(sock, {"saslContinue": 1, "conversationId": start["conversationId"],
                                        "payload": f"{final_bare},p={proof}".encode()})
        while reply.get("ok") == 1.0 and not reply.get("done"):
            reply = self.run_command(sock, {"saslContinue": 1, "conversationId": start["conversationId"],
                                            "payload": b""})
        self.assertEqual((1.0, True), (reply["ok"], reply["done"]), reply)

    def test_ready_file_names_each_mongos_load_balancer_port(self):
        ports = self.ready["load_balancer_ports"]
        self.assertEqual(self.mongos, list(ports))
        self.assertTrue(set(ports.values()).isdisjoint(self.ready["nodes"] + [self.ready["vip"]]))

    def test_a_first_hello_without_load_balanced_is_354_and_closes(self):
        for command in ("hello", "isMaster"):
            with self.subTest(command=command):
                sock = self.open_tls(self.ready["vip"])
                reply = self.run_command(sock, {command: 1})
                self.assertEqual((0.0, 354, "LoadBalancerSupportMismatch"),
                                 (reply["ok"], reply["code"], reply["codeName"]))
                self.assertEqual("The server is being accessed through a load balancer, but this driver does "
                                 "not have load balancing enabled", reply["errmsg"])
                self.assertTrue(is_closed(sock))

    def test_the_first_load_balanced_hello_gets_the_service_id_later_ones_do_not(self):
        sock = self.open_tls(self.ready["vip"])
        first = self.run_command(sock, {"hello": 1, "loadBalanced": True, "helloOk": True})
        self.assertEqual(["isWritablePrimary", "msg", "topologyVersion", "serviceId", "helloOk"], list(first)[:5])
        self.assertEqual("isdbgrid", first["msg"])
        self.assertIsInstance(first["serviceId"], bson.ObjectId)
        second = self.run_command(sock, {"hello": 1, "loadBalanced": True})
        self.assertEqual(1.0, second["ok"])
        self.assertNotIn("serviceId", second)
        # The same mongos on another connection: the same serviceId (one per process).
        again = self.run_command(self.open_tls(self.ready["vip"]), {"isMaster": 1, "loadBalanced": True})
        self.assertEqual(first["serviceId"], again["serviceId"])

    def test_load_balanced_on_the_normal_port_is_tolerated_without_service_id(self):
        reply = self.run_command(self.open_tls(self.behind_vip), {"hello": 1, "loadBalanced": True})
        self.assertEqual((1.0, "isdbgrid"), (reply["ok"], reply["msg"]))
        self.assertNotIn("serviceId", reply)

    def test_the_load_balancer_port_needs_a_proxy_header(self):
        lb_port = self.ready["load_balancer_ports"][self.behind_vip]
        with self.assertRaises((ssl.SSLError, ConnectionError, OSError)):
            self.open_tls(lb_port)  # a TLS ClientHello is no PROXY header: closed
        header = proxy_protocol.v1_header(("203.0.113.9", 50000), ("127.0.0.1", 27017))
        reply = self.run_command(self.open_tls(lb_port, header), {"hello": 1, "loadBalanced": True})
        self.assertIn("serviceId", reply)

    def test_authentication_and_server_status_on_a_load_balanced_connection(self):
        sock = self.open_tls(self.ready["vip"])
        self.assertIn("serviceId", self.run_command(sock, {"hello": 1, "loadBalanced": True}))
        self.assertEqual(13, self.run_command(sock, {"serverStatus": 1})["code"])
        self.login(sock)
        status = self.run_command(sock, {"serverStatus": 1})
        self.assertEqual((1.0, self.behind_vip), (status["ok"], status["host"]))
        self.assertEqual("loadBalanced", list(status["connections"])[-1])
        self.assertGreaterEqual(status["connections"]["loadBalanced"], 1)
        self.assertIsInstance(status["connections"]["loadBalanced"], bson.int64.Int64)
        # The client as the VIP's PROXY header named it, not the VIP's own connection.
        operations = self.run_command(sock, {"aggregate": 1, "pipeline": [{"$currentOp": {}}], "cursor": {}})
        clients = [op.get("client") for op in operations["cursor"]["firstBatch"]]
        self.assertIn(f"127.0.0.1:{sock.getsockname()[1]}", clients)

    def test_get_cmd_line_opts_and_get_parameter_show_the_port(self):
        sock = self.open_tls(self.ready["vip"])
        self.run_command(sock, {"hello": 1, "loadBalanced": True})
        self.login(sock)
        port = int(self.ready["load_balancer_ports"][self.behind_vip].rsplit(":", 1)[1])
        parsed = self.run_command(sock, {"getCmdLineOpts": 1})["parsed"]
        self.assertEqual(str(port), parsed["setParameter"]["loadBalancerPort"])
        self.assertEqual(sorted(parsed), list(parsed))
        self.assertEqual(port, self.run_command(sock, {"getParameter": 1, "loadBalancerPort": 1})["loadBalancerPort"])


class ProxyProtocolTest(unittest.TestCase):
    """proxy_protocol_header_parser.cpp's rules, on a socket pair."""

    def read(self, data):
        async def run():
            ours, theirs = socket.socketpair()
            with ours, theirs:
                ours.setblocking(False)
                theirs.sendall(data)
                theirs.shutdown(socket.SHUT_WR)
                source = await proxy_protocol.read_header(ours)
                return source, ours.recv(100)
        return asyncio.run(run())

    def test_headers_that_parse_leave_the_rest_unread(self):
        v2_inet = (proxy_protocol.V2_SIGNATURE + bytes([0x21, 0x11]) + (12).to_bytes(2, "big")
                   + bytes([192, 0, 2, 1, 127, 0, 0, 1]) + (4242).to_bytes(2, "big") + (27017).to_bytes(2, "big"))
        for data, source in ((b"PROXY TCP4 192.0.2.1 127.0.0.1 4242 27017\r\n", "192.0.2.1:4242"),
                             (b"PROXY TCP6 2001:db8::1 ::1 4242 27017\r\n", "[2001:db8::1]:4242"),
                             (b"PROXY UNKNOWN\r\n", None),
                             (v2_inet, "192.0.2.1:4242"),
                             (proxy_protocol.V2_SIGNATURE + bytes([0x20, 0x00, 0, 0]), None)):
            with self.subTest(data=data):
                self.assertEqual((source, b"rest"), self.read(data + b"rest"))

    def test_anything_else_is_refused(self):
        for data in (b"\x16\x03\x01\x00", b"PROXY TCP4 192.0.2.1 127.0.0.1 4242\r\n",
                     b"PROXY TCP4 192.0.2.300 127.0.0.1 1 2\r\n", b"PROXY TCP4 1.2.3.4 1.2.3.4 1 70000\r\n",
                     b"PROXY " + b"x" * 120, proxy_protocol.V2_SIGNATURE + bytes([0x22, 0x11, 0, 0])):
            with self.subTest(data=data):
                with self.assertRaises(proxy_protocol.ProxyHeaderError):
                    self.read(data)


class BenchClusterTest(unittest.TestCase):
    def test_the_generated_profile_has_the_asked_sizes(self):
        with tempfile.TemporaryDirectory() as directory:
            out = Path(directory) / "bench.json"
            self.assertEqual(0, bench_cluster.main(["--shards", "5", "--out", str(out)]))
            profile = profiles.load(str(out))
        self.assertEqual(["mongos", "cfg"] + [f"shard{i}" for i in range(5)], [c.name for c in profile.components])
        self.assertEqual(4 + 3 + 5 * 3, sum(len(c.profile.nodes) for c in profile.components))
        shard = profile.components[-1].profile
        self.assertEqual("shard4", shard.cmd_line_opts["parsed"]["replication"]["replSetName"])
        self.assertEqual(["admin", "scanner"], sorted(u.user for u in shard.users))
        self.assertTrue(all(shard.tls_for(n).mode == "requireTLS" for n in shard.nodes))


if __name__ == "__main__":
    unittest.main()
