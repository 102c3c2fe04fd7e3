"""tls.py: the certificate directory is completed, not remade, when variants are added or drift.

Run: /usr/bin/python3 -m unittest discover -s tests/lab
"""

import json
import os
import ssl
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import profiles
import tls


class MakeCertificatesTest(unittest.TestCase):
    def test_missing_and_drifted_variants_are_remade_with_the_same_ca(self):
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch)
            tls.make_certificates(directory)
            ca = (directory / "ca.pem").read_text()
            valid = (directory / "server-valid.pem").read_text()
            (directory / "server-sha1.pem").unlink()
            expiring = directory / "server-expiring-soon.pem"
            two_days_ago = time.time() - 2 * 24 * 3600
            os.utime(expiring, (two_days_ago, two_days_ago))

            tls.make_certificates(directory)

            self.assertEqual(ca, (directory / "ca.pem").read_text())
            self.assertEqual(valid, (directory / "server-valid.pem").read_text())
            self.assertTrue((directory / "server-sha1.pem").exists())
            self.assertGreater(expiring.stat().st_mtime, two_days_ago + 24 * 3600)
            # Signed by the kept CA (auth level 0: SHA-1 signatures are what this variant is for).
            verified = subprocess.run(
                ["openssl", "verify", "-auth_level", "0", "-CAfile", str(directory / "ca.pem"),
                 str(directory / "server-sha1.pem")], capture_output=True, text=True)
            self.assertEqual(0, verified.returncode, verified.stderr)

    def test_an_advertised_host_gets_a_certificate_naming_it_from_the_same_ca(self):
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch)
            tls.make_certificates(directory)
            self.assertEqual(directory / "server-valid.pem",
                             tls.server_certificate(directory, "valid", "127.0.0.1"))
            self.assertEqual(directory / "server-wrong-name.pem",
                             tls.server_certificate(directory, "wrong-name", "node.lab.test"))
            named = tls.server_certificate(directory, "valid", "node.lab.test")
            self.assertEqual(directory / "server-valid@node.lab.test.pem", named)
            for host in ("node.lab.test", "localhost", "127.0.0.1"):
                with self.subTest(host=host):
                    verified = subprocess.run(
                        ["openssl", "verify", "-CAfile", str(directory / "ca.pem"),
                         *(("-verify_ip",) if host[0].isdigit() else ("-verify_hostname",)), host,
                         str(named)], capture_output=True, text=True)
                    self.assertEqual(0, verified.returncode, verified.stderr)
            made = named.stat().st_mtime
            self.assertEqual(named, tls.server_certificate(directory, "valid", "node.lab.test"))
            self.assertEqual(made, named.stat().st_mtime)


class DefaultTlsFloorTest(unittest.TestCase):
    """Without tls.min_version a profile gets its server version's default: from 4.0 only TLS 1.0 is
    disabled (net.tls.disabledProtocols unset; MongoDB DOCS-11541), before 4.0 nothing."""

    def load(self, version):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as spec:
            json.dump({"topology": "standalone", "nodes": [{"role": "standalone", "version": version}],
                       "tls": {"mode": "requireTLS"}}, spec)
        self.addCleanup(os.unlink, spec.name)
        return profiles.load(spec.name)

    def test_the_floor_follows_the_server_version(self):
        self.assertEqual("TLSv1.1", self.load("7.0.9").tls.min_version)
        self.assertEqual("TLSv1.1", self.load("4.0.0").tls.min_version)
        self.assertEqual("TLSv1", self.load("3.6.23").tls.min_version)

    def test_a_default_7_0_server_accepts_tls_1_1_and_refuses_tls_1_0(self):
        with tempfile.TemporaryDirectory() as scratch:
            tls.make_certificates(Path(scratch))
            server = tls.server_context(self.load("7.0.9").tls, scratch)
            for version, accepted in ((ssl.TLSVersion.TLSv1_1, True), (ssl.TLSVersion.TLSv1, False)):
                with self.subTest(version=version.name):
                    client = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
                    client.check_hostname, client.verify_mode = False, ssl.CERT_NONE
                    client.set_ciphers("DEFAULT:@SECLEVEL=0")
                    client.minimum_version = client.maximum_version = version
                    self.assertEqual(accepted, _handshake(server, client))


def _handshake(server_context, client_context):
    """Whether a TLS handshake between the two contexts succeeds (in memory)."""
    server_in, server_out, client_in, client_out = (ssl.MemoryBIO() for _ in range(4))
    server = server_context.wrap_bio(server_in, server_out, server_side=True)
    client = client_context.wrap_bio(client_in, client_out, server_hostname="localhost")
    for _ in range(10):
        for side, incoming, outgoing, peer_in in ((client, client_in, client_out, server_in),
                                                  (server, server_in, server_out, client_in)):
            try:
                side.do_handshake()
            except ssl.SSLWantReadError:
                pass
            except ssl.SSLError:
                return False
            peer_in.write(outgoing.read())
        try:
            client.do_handshake()
            server.do_handshake()
            return True
        except ssl.SSLWantReadError:
            continue
        except ssl.SSLError:
            return False
    return False


if __name__ == "__main__":
    unittest.main()
