"""The lab's Tencent Cloud API verifies signatures as Tencent documents them: its own implementation
(independent of the scanner's) reproduces both editions of the worked example in Tencent's
"Signature v3" documentation."""

import json
import time
import unittest

import tencent_api

PAYLOAD = b'{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}'
HEADERS = {"content-type": "application/json; charset=utf-8", "host": "cvm.tencentcloudapi.com",
           "x-tc-action": "DescribeInstances"}


class SignatureTest(unittest.TestCase):
    def test_the_edition_with_unmasked_keys_signing_content_type_and_host(self):
        self.assertEqual(
            "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
            tencent_api.expected_signature("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", HEADERS,
                                           "content-type;host", PAYLOAD, 1551113065, "2019-02-25", "cvm"))

    def test_the_current_edition_signing_the_action_with_masked_keys(self):
        self.assertEqual(
            "10b1a37a7301a02ca19a647ad722d5e43b4b3cff309d421d85b46093f6ab6c4f",
            tencent_api.expected_signature("*" * 32, HEADERS, "content-type;host;x-tc-action", PAYLOAD,
                                           1551113065, "2019-02-25", "cvm"))


def _signed_headers(secret_id, secret_key, body, timestamp, action="DescribeDBInstances"):
    date = time.strftime("%Y-%m-%d", time.gmtime(timestamp))
    headers = {"content-type": "application/json; charset=utf-8", "host": "127.0.0.1:1",
               "x-tc-action": action}
    signature = tencent_api.expected_signature(secret_key, headers, "content-type;host;x-tc-action",
                                               body, timestamp, date, "mongodb")
    return {"Authorization": f"TC3-HMAC-SHA256 Credential={secret_id}/{date}/mongodb/tc3_request, "
                             f"SignedHeaders=content-type;host;x-tc-action, Signature={signature}",
            "Content-Type": headers["content-type"], "Host": headers["host"], "X-TC-Action": action,
            "X-TC-Timestamp": str(timestamp), "X-TC-Version": "2019-07-25", "X-TC-Region": "ap-guangzhou"}


class HandleTest(unittest.TestCase):
    PROFILE = {"tencentcloud": {"credentials": [{"secret_id": "AKIDx", "secret_key": "k"}],
                                "max_limit": 1,
                                "regions": {"ap-guangzhou": {"instances": [{"InstanceId": "a"},
                                                                           {"InstanceId": "b"}]}}}}

    def call(self, headers, body):
        status, reply, fields = tencent_api.handle(self.PROFILE, headers, body, tencent_api.State())
        self.assertEqual(200, status)  # Tencent answers errors with HTTP 200 too
        return reply["Response"], fields

    def test_a_signed_call_is_answered_a_page_at_a_time(self):
        body = json.dumps({"Offset": 1, "Limit": 100}).encode()
        reply, fields = self.call(_signed_headers("AKIDx", "k", body, int(time.time())), body)
        self.assertEqual({"TotalCount": 2, "InstanceDetails": [{"InstanceId": "b"}]},
                         {k: v for k, v in reply.items() if k != "RequestId"})
        self.assertEqual({"service": "mongodb", "action": "DescribeDBInstances", "region": "ap-guangzhou"},
                         fields)

    def test_what_tencent_refuses_is_refused_with_its_code(self):
        now = int(time.time())
        body = b"{}"
        tampered = _signed_headers("AKIDx", "k", b'{"Limit": 2}', now)
        cases = [
            (_signed_headers("AKIDx", "wrong", body, now), "AuthFailure.SignatureFailure"),
            (_signed_headers("AKIDunknown", "k", body, now), "AuthFailure.SecretIdNotFound"),
            (_signed_headers("AKIDx", "k", body, now - 301), "AuthFailure.SignatureExpire"),
            (tampered, "AuthFailure.SignatureFailure"),
            (dict(_signed_headers("AKIDx", "k", body, now), Authorization="Bearer x"),
             "AuthFailure.InvalidAuthorization"),
            (_signed_headers("AKIDx", "k", body, now, action="DeleteDBInstance"), "InvalidAction"),
        ]
        for headers, code in cases:
            with self.subTest(code=code):
                reply, fields = self.call(headers, body)
                self.assertEqual(code, reply["Error"]["Code"])
                self.assertEqual(code, fields["error"])

    def test_audit_backup_rules_and_accounts_have_their_defaults(self):
        now = int(time.time())
        audited = json.dumps({"AuditSwitch": 1}).encode()
        reply, _ = self.call(_signed_headers("AKIDx", "k", audited, now,
                                             action="DescribeAuditInstanceList"), audited)
        self.assertEqual(0, reply["TotalCount"])  # the profile audits no instance
        body = json.dumps({"InstanceId": "a"}).encode()
        reply, _ = self.call(_signed_headers("AKIDx", "k", body, now, action="DescribeBackupRules"),
                             body)
        self.assertEqual(7, reply["BackupSaveTime"])
        reply, _ = self.call(_signed_headers("AKIDx", "k", body, now, action="DescribeAccountUsers"),
                             body)
        self.assertEqual([{"Mask": 3, "NameSpace": "*"}], reply["Users"][0]["AuthRole"])
        missing = json.dumps({"InstanceId": "z"}).encode()
        reply, _ = self.call(_signed_headers("AKIDx", "k", missing, now, action="DescribeBackupRules"),
                             missing)
        self.assertEqual("InvalidParameterValue.NotFoundInstance", reply["Error"]["Code"])


if __name__ == "__main__":
    unittest.main()
