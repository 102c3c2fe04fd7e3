"""tls.py: the certificate directory is completed, not remade, when variants are added or drift.

Run: /usr/bin/python3 -m unittest discover -s tests/lab
"""

import os
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

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

if __name__ == "__main__":
    unittest.main()
