"""The lab's Atlas Administration API checks credentials as Atlas documents it: its Digest arithmetic
reproduces both worked examples of RFC 7616 §3.9.1, nonces are single-use per nc and expire, tokens
expire; versions, pages, roles and faults are answered with Atlas's status codes and error bodies.
The last test runs control_plane.py and reads it with urllib's own Digest client."""

import base64
import copy
import json
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from collections import namedtuple
from pathlib import Path

import atlas_api
import control_plane
from lab_process import shared_cert_dir

ORG = "5f0000000000000000000001"
PROJECT = "5f00000000000000000000a1"
OTHER_PROJECT = "5f00000000000000000000a2"
OWNER = ("ownerpub", "owner-private-key")
READER = ("readerpub", "reader-private-key")
ACCOUNT = ("mdb_sa_id_5f0000000000000000000099", "mdb_sa_sk_" + "s" * 40)
NONCE_LIFETIME_S = 300
TOKEN_LIFETIME_S = 60

PROFILE = {"atlas": {
    "api_keys": [{"public_key": OWNER[0], "private_key": OWNER[1], "roles": ["ORG_READ_ONLY", "GROUP_OWNER"]},
                 {"public_key": READER[0], "private_key": READER[1], "roles": ["GROUP_READ_ONLY"]}],
    "service_accounts": [{"client_id": ACCOUNT[0], "client_secret": ACCOUNT[1], "roles": ["GROUP_READ_ONLY"],
                          "token_lifetime_seconds": TOKEN_LIFETIME_S}],
    "nonce_lifetime_seconds": NONCE_LIFETIME_S,
    "organizations": [{"id": ORG, "name": "lab", "settings": {"multiFactorAuthRequired": False}}],
    "projects": [{"id": PROJECT, "name": "payments", "orgId": ORG,
                  "accessList": [{"cidrBlock": "0.0.0.0/0"}, {"cidrBlock": "10.0.0.0/8"},
                                 {"ipAddress": "203.0.113.7"}],
                  "clusters": [{"id": "5f00000000000000000000c1", "name": "prod",
                                "clusterType": "REPLICASET"}]},
                 {"id": OTHER_PROJECT, "name": "analytics", "orgId": ORG}]}}

# headers: the first value of each header; header_list: all of them, in order.
Reply = namedtuple("Reply", "status body headers header_list fields")


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def digest_authorization(key, nonce, method, uri, nc="00000001", algorithm="MD5", quote_algorithm=False):
    """What a Digest client sends (RFC 7616 §3.4) for the API key (public, private)."""
    cnonce = "0a4f113b"
    response = atlas_api.digest_response(algorithm, key[0], atlas_api.REALM, key[1], method, uri, nonce, nc,
                                         cnonce, "auth")
    shown = f'"{algorithm}"' if quote_algorithm else algorithm
    return (f'Digest username="{key[0]}", realm="{atlas_api.REALM}", nonce="{nonce}", uri="{uri}", '
            f'response="{response}", algorithm={shown}, qop=auth, nc={nc}, cnonce="{cnonce}"')


class DigestArithmeticTest(unittest.TestCase):
    # RFC 7616 §3.9.1: user Mufasa, password "Circle of Life", GET /dir/index.html.
    EXAMPLE = dict(username="Mufasa", realm="http-auth@example.org", password="Circle of Life",
                   method="GET", uri="/dir/index.html", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
                   nc="00000001", cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop="auth")

    def test_the_md5_example(self):
        self.assertEqual("8ca523f5e9506fed4657c9700eebdbec",
                         atlas_api.digest_response("MD5", **self.EXAMPLE))

    def test_the_sha256_example(self):
        self.assertEqual("753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
                         atlas_api.digest_response("SHA-256", **self.EXAMPLE))

    def test_auth_params_with_quoted_commas_spaces_and_escapes(self):
        header = 'username="a" ,uri = "/x?y=1,2",, qop=auth, opaque="q\\"t"'
        self.assertEqual({"username": "a", "uri": "/x?y=1,2", "qop": "auth", "opaque": 'q"t'},
                         atlas_api.parse_auth_params(header))
        self.assertIsNone(atlas_api.parse_auth_params('username="a" uri="/x"'))
        self.assertIsNone(atlas_api.parse_auth_params('username="unterminated'))


class AtlasApiTest(unittest.TestCase):
    def setUp(self):
        self.clock = FakeClock()
        self.state = atlas_api.State(clock=self.clock)
        self.profile = copy.deepcopy(PROFILE)

    def request(self, target, method="GET", version="2023-01-01", authorization=None, body=b"",
                content_type=None):
        headers = {"Host": "127.0.0.1:1"}
        if version:
            headers["Accept"] = f"application/vnd.atlas.{version}+json"
        if authorization:
            headers["Authorization"] = authorization
        if content_type:
            headers["Content-Type"] = content_type
        status, body, reply_headers, fields = atlas_api.handle(self.profile, method, target, headers, body,
                                                               self.state)
        return Reply(status, body, dict(reversed(reply_headers)), reply_headers, fields)

    def nonce(self, target="/api/atlas/v2/orgs/" + ORG):
        """The nonce of the challenge an unauthenticated request gets."""
        challenge = self.request(target).headers["WWW-Authenticate"]
        return atlas_api.parse_auth_params(challenge.partition(" ")[2])["nonce"]

    def get(self, target, key=OWNER, version="2023-01-01", method="GET"):
        """The reply to a request signed with `key` against a fresh challenge."""
        authorization = digest_authorization(key, self.nonce(target), method, target)
        return self.request(target, method=method, version=version, authorization=authorization)

    def assertApiError(self, reply, status, code):
        self.assertEqual(status, reply.status, reply.body)
        self.assertEqual(code, reply.body["errorCode"])
        self.assertEqual({"detail", "error", "errorCode", "parameters", "reason"}, set(reply.body))
        self.assertEqual(status, reply.body["error"])
        self.assertEqual(code, reply.fields["error"])

    # --- Digest -------------------------------------------------------------------------------

    def test_a_request_without_credentials_is_challenged_as_atlas_challenges(self):
        reply = self.request(f"/api/atlas/v2/groups/{PROJECT}")
        self.assertApiError(reply, 401, "UNAUTHORIZED")
        self.assertRegex(reply.headers["WWW-Authenticate"],
                         r'^Digest realm="MMS Public API", domain="", nonce="[A-Za-z0-9+/=]{40,}", '
                         r'algorithm=MD5, qop="auth", stale=false$')
        self.assertEqual("none", reply.fields["auth"])

    def test_the_challenge_answered_gets_the_resource_in_the_version_asked_for(self):
        target = f"/api/atlas/v2/groups/{PROJECT}"
        for algorithm, quoted in (("MD5", False), ("MD5", True), ("SHA-256", False)):
            with self.subTest(algorithm=algorithm, quoted=quoted):
                reply = self.request(target, authorization=digest_authorization(
                    OWNER, self.nonce(), "GET", target, algorithm=algorithm, quote_algorithm=quoted))
                self.assertEqual(200, reply.status, reply.body)
                self.assertEqual({"clusterCount": 1, "id": PROJECT, "name": "payments", "orgId": ORG},
                                 {k: reply.body[k] for k in ("clusterCount", "id", "name", "orgId")})
                self.assertEqual("application/vnd.atlas.2023-01-01+json;charset=utf-8",
                                 reply.headers["Content-Type"])
                self.assertEqual({"service": "atlas", "auth": "digest", "version": "2023-01-01",
                                  "query": None}, reply.fields)

    def test_a_nonce_count_is_accepted_once(self):
        target = f"/api/atlas/v2/orgs/{ORG}"
        nonce = self.nonce()
        first = digest_authorization(OWNER, nonce, "GET", target, nc="00000001")
        self.assertEqual(200, self.request(target, authorization=first).status)
        replay = self.request(target, authorization=first)
        self.assertApiError(replay, 401, "UNAUTHORIZED")
        self.assertIn("stale=false", replay.headers["WWW-Authenticate"])
        self.assertEqual(200, self.request(target, authorization=digest_authorization(
            OWNER, nonce, "GET", target, nc="00000002")).status)

    def test_an_expired_nonce_is_stale_only_for_a_right_response(self):
        target = f"/api/atlas/v2/orgs/{ORG}"
        nonce = self.nonce()
        self.clock.now += NONCE_LIFETIME_S + 1
        stale = self.request(target, authorization=digest_authorization(OWNER, nonce, "GET", target))
        self.assertApiError(stale, 401, "UNAUTHORIZED")
        self.assertTrue(stale.headers["WWW-Authenticate"].endswith("stale=true"))
        wrong_key = (OWNER[0], "wrong")
        wrong = self.request(target, authorization=digest_authorization(wrong_key, nonce, "GET", target))
        self.assertTrue(wrong.headers["WWW-Authenticate"].endswith("stale=false"))

    def test_credentials_that_do_not_hold_are_refused(self):
        target = f"/api/atlas/v2/orgs/{ORG}"
        cases = {
            "wrong private key": digest_authorization((OWNER[0], "wrong"), self.nonce(), "GET", target),
            "unknown public key": digest_authorization(("nobody", OWNER[1]), self.nonce(), "GET", target),
            "another uri": digest_authorization(OWNER, self.nonce(), "GET", target + "/settings"),
            "a nonce never issued": digest_authorization(OWNER, "bm90IG91cnM=", "GET", target),
            "nc not hex": digest_authorization(OWNER, self.nonce(), "GET", target, nc="1"),
            "basic": "Basic " + base64.b64encode(f"{OWNER[0]}:{OWNER[1]}".encode()).decode(),
            "unknown token": "Bearer not-a-token",
        }
        for case, authorization in cases.items():
            with self.subTest(case):
                reply = self.request(target, authorization=authorization)
                self.assertApiError(reply, 401, "UNAUTHORIZED")
                self.assertTrue(reply.headers["WWW-Authenticate"].startswith("Digest "))

    def test_the_log_holds_no_credential(self):
        target = f"/api/atlas/v2/orgs/{ORG}?pretty=true"
        authorization = digest_authorization(OWNER, self.nonce(), "GET", target)
        logged = json.dumps(self.request(target, authorization=authorization).fields)
        for secret in (authorization.split('response="')[1][:32], OWNER[1], "nonce"):
            self.assertNotIn(secret, logged)
        self.assertIn("pretty=true", logged)

    # --- Versions -----------------------------------------------------------------------------

    def test_a_version_the_resource_lacks_is_not_acceptable(self):
        target = f"/api/atlas/v2/groups/{PROJECT}/accessList"
        for version in (None, "2024-08-05", "2025-01-01", "preview"):
            with self.subTest(version=version):
                reply = self.get(target, version=version)
                self.assertApiError(reply, 406, "INVALID_VERSION_DATE")
                self.assertEqual({"detail": "Invalid accept header or version date.", "error": 406,
                                  "errorCode": "INVALID_VERSION_DATE", "parameters": [],
                                  "reason": "Not Acceptable"}, reply.body)

    def test_each_version_the_spec_lists_is_served(self):
        for version in ("2023-01-01", "2023-02-01", "2024-08-05"):
            with self.subTest(version=version):
                reply = self.get(f"/api/atlas/v2/groups/{PROJECT}/clusters", version=version)
                self.assertEqual(200, reply.status)
                self.assertEqual(f"application/vnd.atlas.{version}+json;charset=utf-8",
                                 reply.headers["Content-Type"])
        old = self.get(f"/api/atlas/v2/groups/{PROJECT}/clusters/prod/processArgs", version="2023-01-01")
        self.assertEqual("Thu, 01 Jul 2027 00:00:00 GMT", old.headers["Sunset"])
        self.assertIn("failIndexKeyTooLong", old.body)
        current = self.get(f"/api/atlas/v2/groups/{PROJECT}/clusters/prod/processArgs", version="2024-08-05")
        self.assertNotIn("Sunset", current.headers)
        self.assertEqual("TLS1_2", current.body["minimumEnabledTlsProtocol"])

    def test_a_gone_version_is_gone(self):
        self.profile["atlas"]["faults"] = {"gone_versions": ["2023-01-01"]}
        reply = self.get(f"/api/atlas/v2/groups/{PROJECT}/clusters/prod/processArgs")
        self.assertApiError(reply, 410, "VERSION_GONE")
        self.assertEqual("Gone", reply.body["reason"])

    # --- Pages --------------------------------------------------------------------------------

    def test_pages_clamped_by_the_lab_are_read_to_the_end(self):
        self.profile["atlas"]["max_items_per_page"] = 1
        seen, page = [], 1
        while True:
            reply = self.get(f"/api/atlas/v2/groups/{PROJECT}/accessList?pageNum={page}&itemsPerPage=100")
            self.assertEqual(3, reply.body["totalCount"])
            self.assertLessEqual(len(reply.body["results"]), 1)
            if not reply.body["results"]:
                break
            seen += reply.body["results"]
            page += 1
        self.assertEqual(["0.0.0.0/0", "10.0.0.0/8", "203.0.113.7"],
                         [e.get("cidrBlock") or e["ipAddress"] for e in seen])
        self.assertEqual(4, page)
        self.assertEqual({PROJECT}, {e["groupId"] for e in seen})
        self.assertEqual([{"href": f"https://127.0.0.1:1/api/atlas/v2/groups/{PROJECT}/accessList"
                                   "?includeCount=true&pageNum=4&itemsPerPage=1", "rel": "self"}],
                         reply.body["links"])

    def test_include_count_false_leaves_the_count_out(self):
        reply = self.get(f"/api/atlas/v2/orgs/{ORG}/groups?includeCount=false")
        self.assertEqual(["payments", "analytics"], [g["name"] for g in reply.body["results"]])
        self.assertNotIn("totalCount", reply.body)

    def test_page_parameters_out_of_range_are_bad_requests(self):
        for query in ("itemsPerPage=501", "itemsPerPage=0", "pageNum=0", "pageNum=x", "includeCount=maybe"):
            with self.subTest(query):
                self.assertApiError(self.get(f"/api/atlas/v2/groups/{PROJECT}/accessList?{query}"),
                                    400, "VALIDATION_ERROR")

    # --- Roles, lookups, refusals ------------------------------------------------------------

    def test_a_project_read_only_key_reads_but_cannot_see_the_audit_log(self):
        self.assertEqual(200, self.get(f"/api/atlas/v2/groups/{PROJECT}/accessList", key=READER).status)
        refused = self.get(f"/api/atlas/v2/groups/{PROJECT}/auditLog", key=READER)
        self.assertApiError(refused, 401, "USER_UNAUTHORIZED")
        self.assertNotIn("WWW-Authenticate", refused.headers)
        self.assertApiError(self.get(f"/api/atlas/v2/orgs/{ORG}", key=READER), 401, "USER_UNAUTHORIZED")
        self.assertEqual({"auditAuthorizationSuccess": False, "configurationType": "NONE", "enabled": False},
                         self.get(f"/api/atlas/v2/groups/{PROJECT}/auditLog").body)

    def test_unknown_things_are_not_found(self):
        cases = [(f"/api/atlas/v2/groups/{'0' * 24}", "GROUP_NOT_FOUND"),
                 (f"/api/atlas/v2/orgs/{'0' * 24}/settings", "ORG_NOT_FOUND"),
                 (f"/api/atlas/v2/groups/{PROJECT}/clusters/nope/processArgs", "CLUSTER_NOT_FOUND"),
                 (f"/api/atlas/v2/groups/{PROJECT}/clusters/prod/backup/schedule", "BACKUP_CONFIG_NOT_FOUND"),
                 (f"/api/atlas/v2/groups/{PROJECT}/teams", "RESOURCE_NOT_FOUND")]
        for target, code in cases:
            with self.subTest(code):
                self.assertApiError(self.get(target), 404, code)

    def test_bare_arrays_and_provider_names(self):
        base = f"/api/atlas/v2/groups/{PROJECT}"
        self.assertEqual([], self.get(f"{base}/customDBRoles/roles").body)
        self.assertEqual([], self.get(f"{base}/privateEndpoint/AZURE/endpointService").body)
        self.assertApiError(self.get(f"{base}/privateEndpoint/IBM/endpointService"), 400, "VALIDATION_ERROR")
        self.assertApiError(self.get(f"{base}/peers?providerName=IBM"), 400, "VALIDATION_ERROR")
        self.assertEqual(0, self.get(f"{base}/peers").body["totalCount"])

    def test_anything_but_get_is_refused_before_any_other_check_and_logged(self):
        for method in ("POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"):
            with self.subTest(method):
                reply = self.request(f"/api/atlas/v2/groups/{PROJECT}/accessList", method=method)
                self.assertApiError(reply, 405, "METHOD_NOT_ALLOWED")
                self.assertEqual("GET", reply.headers["Allow"])
                self.assertEqual("atlas", reply.fields["service"])

    def test_rate_limited_calls_get_429_then_the_answer(self):
        self.profile["atlas"]["faults"] = {"rate_limited_calls": 2, "retry_after": "7"}
        target = f"/api/atlas/v2/groups/{PROJECT}/accessList"
        for _ in range(2):
            limited = self.get(target)
            self.assertApiError(limited, 429, "RATE_LIMITED")
            self.assertEqual("7", limited.headers["Retry-After"])
            self.assertEqual("0", limited.headers["RateLimit-Remaining"])
            self.assertIn("RateLimit-Limit", limited.headers)
        self.assertEqual(200, self.get(target).status)
        self.assertApiError(self.get(target + "?pageNum=2"), 429, "RATE_LIMITED")  # counted per query

    # --- Service accounts ---------------------------------------------------------------------

    def token_request(self, client=ACCOUNT, body=b"grant_type=client_credentials",
                      content_type="application/x-www-form-urlencoded", method="POST"):
        basic = base64.b64encode(f"{client[0]}:{client[1]}".encode()).decode()
        return self.request(atlas_api.TOKEN_PATH, method=method, version=None, authorization=f"Basic {basic}",
                            body=body, content_type=content_type)

    def test_a_token_is_issued_used_and_expires(self):
        issued = self.token_request()
        self.assertEqual(200, issued.status)
        self.assertEqual({"expires_in": TOKEN_LIFETIME_S, "token_type": "Bearer"},
                         {k: v for k, v in issued.body.items() if k != "access_token"})
        self.assertEqual("no-store", issued.headers["Cache-Control"])
        self.assertEqual({"service": "atlas", "auth": "basic", "query": None}, issued.fields)
        bearer = "Bearer " + issued.body["access_token"]
        target = f"/api/atlas/v2/groups/{PROJECT}/accessList"
        used = self.request(target, authorization=bearer)
        self.assertEqual(200, used.status)
        self.assertEqual("bearer", used.fields["auth"])
        self.assertApiError(self.request(f"/api/atlas/v2/groups/{PROJECT}/auditLog", authorization=bearer),
                            401, "USER_UNAUTHORIZED")
        self.clock.now += TOKEN_LIFETIME_S
        expired = self.request(target, authorization=bearer)
        self.assertApiError(expired, 401, "UNAUTHORIZED")
        self.assertEqual(["Digest", "Bearer"],
                         [v.split()[0] for k, v in expired.header_list if k == "WWW-Authenticate"])
        self.assertIn(("WWW-Authenticate", 'Bearer error="invalid_token"'), expired.header_list)

    def test_the_token_endpoint_refuses_as_rfc_6749_says(self):
        cases = [(self.token_request(client=(ACCOUNT[0], "wrong")), 401, "invalid_client"),
                 (self.token_request(client=("mdb_sa_id_unknown", ACCOUNT[1])), 401, "invalid_client"),
                 (self.token_request(body=b"grant_type=password"), 400, "unsupported_grant_type"),
                 (self.token_request(body=b""), 400, "invalid_request"),
                 (self.token_request(content_type="application/json"), 400, "invalid_request"),
                 (self.token_request(method="GET"), 405, "invalid_request")]
        for reply, status, error in cases:
            with self.subTest(error=error, status=status):
                self.assertEqual((status, {"error": error}), (reply.status, reply.body))
                self.assertEqual(error, reply.fields["error"])


    def test_every_authorized_cluster_is_listed_with_its_authentication_and_tls(self):
        self.profile["atlas"]["projects"][0]["clusterSecurity"] = {
            self.profile["atlas"]["projects"][0]["clusters"][0]["name"]: {"sslEnabled": False}}
        reply = self.get("/api/atlas/v2/clusters")
        self.assertEqual(200, reply.status, reply.body)
        self.assertEqual(1, reply.body["totalCount"])
        group = reply.body["results"][0]
        self.assertEqual(PROJECT, group["groupId"])
        cluster = group["clusters"][0]
        self.assertEqual((True, False), (cluster["authEnabled"], cluster["sslEnabled"]))
        self.assertIn(cluster["type"], ("REPLICA_SET", "SHARDED_CLUSTER"))


class FixtureTest(unittest.TestCase):
    """fixtures/cloud/atlas-lab.json answers every endpoint for its own API key."""

    def test_every_endpoint_answers_the_demo_profile(self):
        profile = json.loads((Path(__file__).parents[2] / "fixtures/cloud/atlas-lab.json").read_text())
        atlas = profile["atlas"]
        key = (atlas["api_keys"][0]["public_key"], atlas["api_keys"][0]["private_key"])
        org, project = atlas["organizations"][0]["id"], atlas["projects"][0]["id"]
        state = atlas_api.State()
        targets = [f"/orgs/{org}", f"/orgs/{org}/settings", f"/orgs/{org}/groups", f"/groups/{project}"] + [
            f"/groups/{project}/{path}" for path in (
                "accessList", "clusters", "clusters/payments-prod/processArgs",
                "clusters/payments-prod/backup/schedule", "encryptionAtRest", "auditLog", "databaseUsers",
                "customDBRoles/roles", "userSecurity", "privateEndpoint/AWS/endpointService", "peers")] + [
            "/clusters"]
        answers = {}
        for target in targets:
            target = atlas_api.API_PREFIX + target
            headers = {"Accept": "application/vnd.atlas.2023-01-01+json"}
            _, _, challenge, _ = atlas_api.handle(profile, "GET", target, headers, b"", state)
            challenge = dict(challenge)["WWW-Authenticate"].partition(" ")[2]
            nonce = atlas_api.parse_auth_params(challenge)["nonce"]
            headers["Authorization"] = digest_authorization(key, nonce, "GET", target)
            status, body, _, _ = atlas_api.handle(profile, "GET", target, headers, b"", state)
            self.assertEqual(200, status, (target, body))
            answers[target.rsplit(project, 1)[-1]] = body
        process_args = answers["/clusters/payments-prod/processArgs"]
        self.assertEqual(("TLS1_0", True), (process_args["minimumEnabledTlsProtocol"],
                                            process_args["javascriptEnabled"]))
        self.assertEqual(["0.0.0.0/0", "203.0.113.10/32", "198.51.100.0/24"],
                         [e["cidrBlock"] for e in answers["/accessList"]["results"]])


class MergedProfilesTest(unittest.TestCase):
    def test_profiles_given_together_are_merged_and_may_not_overlap(self):
        with tempfile.TemporaryDirectory() as scratch:
            paths = [Path(scratch) / name for name in ("a.json", "b.json", "c.json")]
            paths[0].write_text(json.dumps({"description": "a", "atlas": {"api_keys": []}}))
            paths[1].write_text(json.dumps({"description": "b", "tencentcloud": {"regions": {}}}))
            paths[2].write_text(json.dumps({"atlas": {}}))
            self.assertEqual({"description": "b", "atlas": {"api_keys": []}, "tencentcloud": {"regions": {}}},
                             control_plane._merged_profiles(paths[:2]))
            with self.assertRaisesRegex(SystemExit, "'atlas'"):
                control_plane._merged_profiles([paths[0], paths[2]])


class PlacedInstancesTest(unittest.TestCase):
    def test_an_instance_is_described_at_the_address_given_and_its_groups_admit_its_port(self):
        profile = {"tencentcloud": {"regions": {"ap-guangzhou": {
            "instances": [{"InstanceId": "cmgo-1", "Vip": "10.0.0.21", "Vport": 27017}],
            "instance_security_groups": {"cmgo-1": [{"Inbound": [
                {"PortRange": "27017", "CidrIp": "0.0.0.0/0"},
                {"PortRange": "22", "CidrIp": "10.0.0.0/8"}]}]}}}}}
        control_plane._place_instances(profile, ["cmgo-1=127.0.0.1:40123"])
        region = profile["tencentcloud"]["regions"]["ap-guangzhou"]
        self.assertEqual(("127.0.0.1", 40123), (region["instances"][0]["Vip"],
                                                region["instances"][0]["Vport"]))
        self.assertEqual(["40123", "22"], [rule["PortRange"] for rule in
                                           region["instance_security_groups"]["cmgo-1"][0]["Inbound"]])
        for wrong in ("cmgo-2=127.0.0.1:1", "cmgo-1=127.0.0.1", "cmgo-1"):
            with self.assertRaisesRegex(SystemExit, "--instance-vip"):
                control_plane._place_instances(profile, [wrong])


class ControlPlaneTest(unittest.TestCase):
    """control_plane.py serving the Atlas and Tencent profiles together, read over HTTPS."""

    ROOT = Path(__file__).resolve().parents[2]

    @classmethod
    def setUpClass(cls):
        cls.directory = Path(tempfile.mkdtemp(prefix="mongoscan-control-plane-"))
        cls.addClassCleanup(shutil.rmtree, cls.directory, ignore_errors=True)
        cls.cert_dir = shared_cert_dir()
        ready = cls.directory / "ready.json"
        cls.log = cls.directory / "requests.jsonl"
        cls.process = subprocess.Popen(
            [sys.executable, str(cls.ROOT / "tests/lab/control_plane.py"), "--ready-file", str(ready),
             "--log", str(cls.log), "--cert-dir", str(cls.cert_dir),
             "--profile", str(cls.ROOT / "fixtures/cloud/atlas-lab.json"),
             "--profile", str(cls.ROOT / "fixtures/cloud/tencent-lab.json")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        cls.addClassCleanup(cls.stop)
        deadline = time.monotonic() + 15
        while not ready.exists():
            if cls.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"control plane not ready: {cls.process.stderr.read().decode()}")
            time.sleep(0.02)
        cls.endpoint = json.loads(ready.read_text())["endpoint"]
        cls.profile = json.loads((cls.ROOT / "fixtures/cloud/atlas-lab.json").read_text())["atlas"]

    @classmethod
    def stop(cls):
        cls.process.send_signal(signal.SIGTERM)
        cls.process.wait(5)
        cls.process.stderr.close()

    def opener(self):
        """urllib with its own HTTPDigestAuthHandler (independent of the lab's arithmetic), trusting
        the lab CA."""
        key = self.profile["api_keys"][0]
        passwords = urllib.request.HTTPPasswordMgrWithDefaultRealm()
        passwords.add_password(None, self.endpoint, key["public_key"], key["private_key"])
        context = ssl.create_default_context(cafile=str(self.cert_dir / "ca.pem"))
        return urllib.request.build_opener(urllib.request.HTTPSHandler(context=context),
                                           urllib.request.HTTPDigestAuthHandler(passwords))

    def test_urllib_reads_clusters_with_digest_and_the_log_shows_the_exchange(self):
        project = self.profile["projects"][0]["id"]
        target = f"/api/atlas/v2/groups/{project}/clusters?itemsPerPage=1"
        request = urllib.request.Request(self.endpoint + target,
                                         headers={"Accept": "application/vnd.atlas.2024-08-05+json"})
        with self.opener().open(request, timeout=5) as response:
            body = json.load(response)
            self.assertEqual("application/vnd.atlas.2024-08-05+json;charset=utf-8",
                             response.headers["Content-Type"])
        self.assertEqual(2, body["totalCount"])
        self.assertEqual(["payments-prod"], [c["name"] for c in body["results"]])
        with self.assertRaises(urllib.error.HTTPError) as refused:
            self.opener().open(urllib.request.Request(self.endpoint + target, method="DELETE"), timeout=5)
        self.assertEqual(405, refused.exception.code)
        refused.exception.close()
        entries = [json.loads(line) for line in self.log.read_text().splitlines()]
        atlas = [e for e in entries if e.get("service") == "atlas"]
        self.assertEqual([("GET", 401, "none"), ("GET", 200, "digest"), ("DELETE", 405, "none")],
                         [(e["method"], e["status"], e["auth"]) for e in atlas])
        self.assertEqual({f"/api/atlas/v2/groups/{project}/clusters"}, {e["path"] for e in atlas})
        self.assertEqual("itemsPerPage=1", atlas[1]["query"])
        self.assertEqual("2024-08-05", atlas[1]["version"])
        self.assertNotIn(self.profile["api_keys"][0]["private_key"], self.log.read_text())


if __name__ == "__main__":
    unittest.main()
