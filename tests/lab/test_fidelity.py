"""Fidelity: Debian's pymongo and mongoscan probe the same lab profiles and must see the same facts
(version, TLS protocol, whether authentication is enforced, the scanning account's roles).

Needs the mongoscan binary: MONGOSCAN_BINARY (set by ctest). Skips visibly without it.
"""

import json
import os
import socket
import ssl
import subprocess
import tempfile
import unittest
import urllib.parse

import pymongo
from pymongo.errors import OperationFailure

import profiles
from lab_process import start_for_class

MONGOSCAN = os.environ.get("MONGOSCAN_BINARY", "")


def pymongo_facts(lab, user, tls_ca):
    """What a real driver sees: version, the user's roles, auth enforcement, TLS protocol."""
    host, port = lab.host_port()
    tls = {"tls": True, "tlsCAFile": tls_ca} if tls_ca else {}
    anonymous = pymongo.MongoClient(host, port, directConnection=True, serverSelectionTimeoutMS=5000, **tls)
    try:
        anonymous.admin.command("listDatabases", nameOnly=True)
        enforced = False
    except OperationFailure as failure:
        enforced = failure.code == 13
    finally:
        anonymous.close()
    facts = {"enforced": enforced, "roles": None, "protocol": None}
    # zlib, so that the lab also serves a driver that compresses its requests (OP_COMPRESSED).
    client = pymongo.MongoClient(host, port, directConnection=True, serverSelectionTimeoutMS=5000,
                                 username=user.user, password=user.password, authSource=user.db,
                                 compressors="zlib", **tls)
    try:
        facts["version"] = client.server_info()["version"]
        status = client.admin.command("connectionStatus")
        facts["roles"] = sorted(f"{r['role']}@{r['db']}" for r in status["authInfo"]["authenticatedUserRoles"])
    finally:
        client.close()
    if tls_ca:
        context = ssl.create_default_context(cafile=tls_ca)
        with socket.create_connection((host, port), timeout=5) as raw:
            with context.wrap_socket(raw, server_hostname=host) as wrapped:
                facts["protocol"] = wrapped.version()
    return facts


def mongoscan_facts(lab, user, tls_ca):
    host_port = lab.nodes[0]
    password = urllib.parse.quote(user.password, safe="")
    query = f"?authSource={user.db}" + (f"&tls=true&tlsCAFile={tls_ca}" if tls_ca else "")
    uri = f"mongodb://{urllib.parse.quote(user.user, safe='')}:{password}@{host_port}/{query}"
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as uri_file:
        uri_file.write(uri + "\n")
        uri_file.flush()
        result = subprocess.run([MONGOSCAN, "scan", "--uri-file", uri_file.name, "--format", "json",
                                 "--fail-on", "none"], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise AssertionError(f"mongoscan exited {result.returncode}: {result.stderr.strip()}")
    report = json.loads(result.stdout)
    node = report["targets"][0]["nodes"][0]
    enforced = next(f["status"] for f in report["findings"] if f["check_id"] == "AUTHN-001") == "pass"
    return {"enforced": enforced, "version": node["version"],
            "roles": sorted(node["authentication"].get("roles", [])),
            "protocol": node["tls"].get("protocol")}


@unittest.skipUnless(MONGOSCAN and os.access(MONGOSCAN, os.X_OK),
                     "MONGOSCAN_BINARY not set: build mongoscan and run through ctest")
class FidelityTest(unittest.TestCase):
    CASES = [("open", "app"), ("hardened", "app"), ("hardened", "scanner"), ("scram-sha1-only", "reporting")]

    def test_pymongo_and_mongoscan_see_the_same_facts(self):
        for profile_name, user_name in self.CASES:
            with self.subTest(profile=profile_name, user=user_name):
                lab = start_for_class(type(self), profile_name)
                profile = profiles.load(profile_name)
                user = next(u for u in profile.users if u.user == user_name)
                tls_ca = str(lab.cert_dir / "ca.pem") if profile.tls.mode != "disabled" else None
                expected = pymongo_facts(lab, user, tls_ca)
                actual = mongoscan_facts(lab, user, tls_ca)
                self.assertEqual(expected, actual)
                lab.stop()


if __name__ == "__main__":
    unittest.main()
