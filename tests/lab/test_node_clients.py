"""The lab as the official Node driver and mongosh see it: the fidelity battery pymongo runs
(test_fidelity.py), the driver's default monitoring (streaming hello) for 30 s, and the mongosh
helpers an operator runs. The clients are npm packages at pinned versions (clients/package.json,
node_clients.py), installed on first use outside the repository.

Skips, saying why, without node or npm, when the install fails, or under ctest's lab_python
(MONGOSCAN_NODE_CLIENTS=separate: ctest runs this module as lab_node_clients, with its own time limit).
"""

import os
import unittest
import urllib.parse

import node_clients
import profiles
from lab_process import start_for_class
import test_fidelity

MONITORING_SECONDS = 30
DRIVER_TIMEOUT_S = 60


def _skip_reason():
    if os.environ.get("MONGOSCAN_NODE_CLIENTS") == "separate":
        return "the Node driver and mongosh tests run as their own ctest, lab_node_clients"
    reason = node_clients.unavailable()
    return f"Node driver and mongosh unavailable: {reason}" if reason else None


class NodeClientsTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        reason = _skip_reason()
        if reason:
            raise unittest.SkipTest(reason)

    def start(self, profile_name):
        lab = start_for_class(type(self), profile_name)
        profile = profiles.load(profile_name)
        tls_ca = str(lab.cert_dir / "ca.pem") if profile.tls.mode != "disabled" else None
        return lab, profile, tls_ca

    def fidelity_cases(self):
        """(lab, user, tls CA or None, pymongo's facts) for each of test_fidelity's cases."""
        for profile_name, user_name in test_fidelity.FidelityTest.CASES:
            with self.subTest(profile=profile_name, user=user_name):
                lab, profile, tls_ca = self.start(profile_name)
                user = next(u for u in profile.users if u.user == user_name)
                yield lab, user, tls_ca, test_fidelity.pymongo_facts(lab, user, tls_ca)
                lab.stop()


def mongosh_uri(lab, user=None, tls_ca=None, index=0):
    query = {"directConnection": "true"}
    credentials = ""
    if user is not None:
        credentials = f"{urllib.parse.quote(user.user, safe='')}:{urllib.parse.quote(user.password, safe='')}@"
        query["authSource"] = user.db
    if tls_ca:
        query.update(tls="true", tlsCAFile=tls_ca)
    return f"mongodb://{credentials}{lab.nodes[index]}/?{urllib.parse.urlencode(query)}"


class NodeDriverTest(NodeClientsTestCase):
    def test_the_node_driver_sees_what_pymongo_sees(self):
        for lab, user, tls_ca, expected in self.fidelity_cases():
            host, port = lab.host_port()
            actual = node_clients.run_driver("driver_facts.js", {
                "host": host, "port": port, "user": user.user, "password": user.password,
                "authSource": user.db, "tlsCAFile": tls_ca}, DRIVER_TIMEOUT_S)
            self.assertEqual(expected, actual)

    def test_default_monitoring_keeps_every_member_for_30_seconds(self):
        # Before the lab streamed hello (replication_info.cpp, exhaust), the driver's streaming monitor
        # failed every heartbeat with "Server ended moreToCome unexpectedly" and cleared the pool.
        lab, profile, _ = self.start("replset")
        counts = node_clients.run_driver(
            "driver_monitoring.js",
            {"uri": f"mongodb://{lab.nodes[0]}/?replicaSet={profile.set_name}", "seconds": MONITORING_SECONDS},
            MONITORING_SECONDS + DRIVER_TIMEOUT_S)
        self.assertEqual((0, 0, []), (counts["serverHeartbeatFailed"], counts["connectionPoolCleared"],
                                      counts["failures"]))
        self.assertGreater(counts["awaitedHeartbeats"], 0, "the driver never used streaming monitoring")


class MongoshTest(NodeClientsTestCase):
    def test_mongosh_sees_what_pymongo_sees(self):
        for lab, user, tls_ca, expected in self.fidelity_cases():
            result = node_clients.run_mongosh("mongosh_battery.js", {
                "MONGOSH_LAB_URI": mongosh_uri(lab, user, tls_ca),
                "MONGOSH_LAB_ANONYMOUS_URI": mongosh_uri(lab, tls_ca=tls_ca)}, DRIVER_TIMEOUT_S)
            expected.pop("protocol")  # read with Python's ssl; the Node driver test compares it
            self.assertEqual(expected, result["facts"])

    def test_host_info_current_op_server_status_and_a_find_that_needs_get_more(self):
        lab, profile, _ = self.start("datamodel")
        scanner = next(u for u in profile.users if u.user == "scanner")
        result = node_clients.run_mongosh("mongosh_battery.js", {
            "MONGOSH_LAB_URI": mongosh_uri(lab, scanner),
            "MONGOSH_LAB_ANONYMOUS_URI": mongosh_uri(lab),
            "MONGOSH_LAB_FIND": "shop.orders"}, DRIVER_TIMEOUT_S)
        helpers = result["helpers"]
        self.assertEqual(lab.nodes[0], helpers["hostname"])
        self.assertIn("aggregate", helpers["currentOpCommands"])
        self.assertEqual(["security", "transportSecurity", "opcounters", "connections"],
                         helpers["serverStatusSections"])
        self.assertEqual((40, 40), (helpers["found"], helpers["distinctIds"]))  # 40 orders, batches of 7
        get_mores = [c for c in lab.commands() if c["command"] == "getMore"]
        self.assertEqual(5, len(get_mores))
        self.assertEqual({"scanner@admin"}, {c["authenticated_user"] for c in get_mores})


if __name__ == "__main__":
    unittest.main()
