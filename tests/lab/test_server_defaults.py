"""The lab answers with the server defaults the checks assume (checks/data/server-defaults.json), and
the table agrees with a reply observed on a real server."""

import unittest

import profiles
import reference_replies
import server_defaults
from deployment import Deployment

# Versions the lab's profiles run, oldest to newest.
VERSIONS = ("3.4.24", "3.6.23", "4.0.28", "4.2.0", "4.4.29", "5.0.26", "6.0.15", "7.0.9", "8.0.12")


def loopback_addresses(profile):
    return [f"127.0.0.1:{27017 + index}" for index in range(len(profile.nodes))]


class LabDefaultsTest(unittest.TestCase):
    def test_every_profile_without_settings_of_its_own_reports_the_tables_parameters(self):
        checked = 0
        for path in sorted((profiles.REPO_ROOT / "fixtures" / "lab").glob("*.json")):
            profile = profiles.load(str(path))
            if profile.topology == profiles.SHARDED_CLUSTER:
                continue
            deployment = Deployment(profile, loopback_addresses(profile))
            configured = set(profile.parameters)
            configured |= set(profile.cmd_line_opts.get("parsed", {}).get("setParameter", {}))
            enterprise = "enterprise" in profile.build_info.get("modules", [])
            for node in deployment.nodes:
                reported = deployment.parameters(node)
                for name, default in server_defaults.parameters(node.version, enterprise).items():
                    if name in configured or (name == "opensslCipherConfig" and profile.tls.ciphers):
                        continue
                    with self.subTest(profile=path.name, node=node.address, parameter=name):
                        self.assertEqual(default, reported.get(name))
                        checked += 1
        self.assertGreater(checked, 100)

    def test_parameters_follow_the_version_and_edition(self):
        self.assertEqual(["MONGODB-CR", "MONGODB-X509", "SCRAM-SHA-1"],
                         server_defaults.parameters("3.4.24", False)["authenticationMechanisms"])
        self.assertEqual(["MONGODB-X509", "SCRAM-SHA-1", "SCRAM-SHA-256"],
                         server_defaults.parameters("4.0.0", False)["authenticationMechanisms"])
        self.assertNotIn("scramSHA256IterationCount", server_defaults.parameters("3.6.23", False))
        self.assertNotIn("ocspEnabled", server_defaults.parameters("4.2.0", False))
        self.assertIs(True, server_defaults.parameters("4.4.0", False)["ocspEnabled"])
        self.assertNotIn("auditAuthorizationSuccess", server_defaults.parameters("7.0.9", False))
        self.assertIs(False, server_defaults.parameters("7.0.9", True)["auditAuthorizationSuccess"])

    def test_options_the_lab_derives_follow_the_table(self):
        self.assertEqual([], server_defaults.compressors("3.4.24"))
        self.assertEqual(["snappy"], server_defaults.compressors("4.0.28"))
        self.assertEqual(["snappy", "zstd", "zlib"], server_defaults.compressors("8.0.12"))
        self.assertEqual("TLSv1", server_defaults.tls_min_version("3.6.23"))
        self.assertEqual("TLSv1.1", server_defaults.tls_min_version("4.0.0"))
        self.assertEqual(27019, server_defaults.value("net.port", "7.0.9",
                                                      {"sharding.clusterRole": "configsvr"}))
        self.assertEqual(27017, server_defaults.value("net.port", "7.0.9"))

    def test_every_version_the_lab_runs_has_every_unconditional_setting(self):
        for version in VERSIONS[1:]:
            for setting in {e["setting"] for e in server_defaults._entries}:
                if setting in ("setParameter.scramSHA256IterationCount", "setParameter.ocspEnabled"):
                    continue
                with self.subTest(version=version, setting=setting):
                    self.assertIsNotNone(server_defaults.entry(setting, version))


@unittest.skipUnless(reference_replies.available(), "shared/server-replies is absent")
class ObservedReplyTest(unittest.TestCase):
    def test_the_table_agrees_with_a_7_0_servers_get_parameter_reply(self):
        observed = reference_replies.load("getParameter-star.json", "replyExcerpt")
        table = server_defaults.parameters("7.0.0", enterprise=False)
        compared = [name for name in table if name in observed]
        self.assertGreaterEqual(len(compared), 7, compared)
        for name in compared:
            with self.subTest(parameter=name):
                self.assertEqual(observed[name], table[name])


if __name__ == "__main__":
    unittest.main()
