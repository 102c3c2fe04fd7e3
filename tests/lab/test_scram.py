"""SCRAM server side and SASLprep against the driver-spec vectors in shared/spec-tests/auth.

Run: /usr/bin/python3 -m unittest discover -s tests/lab
"""

import base64
import json
import unittest

import reference_replies
import scram


def spec_file(name):
    path = reference_replies.shared_dir() / "spec-tests" / "auth" / name
    if not path.exists():
        raise unittest.SkipTest(f"{path} not found")
    return json.loads(path.read_text())


class ScramServerTest(unittest.TestCase):
    def test_spec_vectors_reproduce(self):
        for vector in spec_file("scram-vectors.json"):
            if vector["mechanism"] == scram.SCRAM_SHA_1 and not vector["mongodb_password_digest"]:
                continue  # plain RFC 5802 SHA-1: MongoDB always digests the password first
            with self.subTest(vector["mechanism"]):
                server_first = dict(part.split("=", 1) for part in vector["server_first"].split(","))
                credential = scram.ScramCredential.derive(
                    vector["mechanism"], vector["username"], vector["password"], int(server_first["i"]),
                    base64.b64decode(server_first["s"]))
                conversation = scram.ScramConversation(
                    vector["mechanism"], lambda name: credential,
                    server_nonce=server_first["r"][len(vector["client_nonce"]):])
                self.assertEqual(vector["server_first"],
                                 conversation.server_first(vector["client_first"].encode()).decode())
                self.assertEqual(vector["server_final"],
                                 conversation.server_final(vector["client_final"].encode()).decode())

    def test_a_wrong_proof_fails(self):
        credential = scram.ScramCredential.derive(scram.SCRAM_SHA_256, "user", "pencil", 4096)
        conversation = scram.ScramConversation(scram.SCRAM_SHA_256, lambda name: credential)
        server_first = conversation.server_first(b"n,,n=user,r=abc").decode()
        nonce = server_first.split(",")[0]
        with self.assertRaises(scram.ScramFailure):
            conversation.server_final(f"c=biws,{nonce},p={base64.b64encode(bytes(32)).decode()}".encode())

    def test_unknown_user_fails_on_the_first_message(self):
        conversation = scram.ScramConversation(scram.SCRAM_SHA_1, lambda name: None)
        with self.assertRaises(scram.ScramFailure):
            conversation.server_first(b"n,,n=nobody,r=abc")

    def test_saslprep_spec_cases(self):
        for user in spec_file("saslprep-cases.json")["users_created_with_scram_sha_256_raw_bytes"]:
            stored = scram.saslprep(user["password"])
            for form in user["password_forms_that_must_authenticate"]:
                with self.subTest(form=form):
                    self.assertEqual(stored, scram.saslprep(form))

    def test_saslprep_rejects_prohibited_code_points(self):
        with self.assertRaises(scram.SaslPrepError):
            scram.saslprep("pass\u0007word")

    def test_plain_verifies_against_the_stored_key(self):
        credential = scram.ScramCredential.derive(scram.SCRAM_SHA_256, "u", "secret", 4096)
        self.assertTrue(credential.verifies("u", "secret"))
        self.assertFalse(credential.verifies("u", "Secret"))
        self.assertEqual(("u", "secret"), scram.parse_plain(b"\x00u\x00secret"))


if __name__ == "__main__":
    unittest.main()
