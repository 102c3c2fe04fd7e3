"""The lab at the wire level, with raw sockets: framing, legacy opcodes, malformed messages, TLS
sorting, latency, faults and shutdown.

Run: /usr/bin/python3 -m unittest discover -s tests/lab
"""

import json
import shutil
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import warnings
import zlib
from pathlib import Path

import bson

import reference_replies
import wire
from lab_process import LAB, LabProcess, start_for_class

TIMEOUT_S = 5


def op_msg(body, flags=0, request_id=7, sections=None):
    payload = struct.pack("<I", flags) + (sections if sections is not None else b"\x00" + bson.encode(body))
    return wire.HEADER.pack(wire.HEADER_SIZE + len(payload), request_id, 0, wire.OP_MSG) + payload


def op_query(namespace, query, number_to_return=-1, request_id=9):
    payload = (struct.pack("<i", 0) + namespace.encode() + b"\x00" + struct.pack("<ii", 0, number_to_return)
               + bson.encode(query))
    return wire.HEADER.pack(wire.HEADER_SIZE + len(payload), request_id, 0, wire.OP_QUERY) + payload


def read_exactly(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def read_reply(sock):
    """(opcode, responseTo, flags, document) of the next OP_MSG or OP_REPLY."""
    length, _, response_to, opcode = wire.HEADER.unpack(read_exactly(sock, wire.HEADER_SIZE))
    body = read_exactly(sock, length - wire.HEADER_SIZE)
    if opcode == wire.OP_MSG:
        return opcode, response_to, struct.unpack_from("<I", body)[0], bson.decode(body[5:])
    flags, _cursor, _start, returned = struct.unpack_from("<iqii", body)
    assert returned == 1
    return opcode, response_to, flags, bson.decode(body[20:])


def is_closed(sock):
    """True if the peer closes without sending anything."""
    try:
        return sock.recv(1) == b""
    except ConnectionError:
        return True


class WireTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.lab = start_for_class(cls, "open")

    def connect(self):
        sock = socket.create_connection(self.lab.host_port(), timeout=TIMEOUT_S)
        self.addCleanup(sock.close)
        return sock

    def exchange(self, message):
        sock = self.connect()
        sock.sendall(message)
        return read_reply(sock)

    def test_op_msg_reply_answers_the_request(self):
        opcode, response_to, flags, reply = self.exchange(op_msg({"ping": 1, "$db": "admin"}, request_id=42))
        self.assertEqual((wire.OP_MSG, 42, 0, {"ok": 1.0}), (opcode, response_to, flags, reply))

    def test_op_query_is_master_gets_an_op_reply(self):
        opcode, response_to, flags, reply = self.exchange(
            op_query("admin.$cmd", {"isMaster": 1, "helloOk": True, "compression": []}))
        self.assertEqual((wire.OP_REPLY, 9, 8), (opcode, response_to, flags))
        self.assertEqual(["helloOk", "ismaster"], list(reply)[:2])
        if reference_replies.available():
            reference = reference_replies.load("isMaster-opquery-handshake.json", "reply")
            self.assertEqual([], reference_replies.shape_differences(reply, reference))

    def test_legacy_op_query_errors(self):
        cases = [
            (op_query("admin.$cmd", {"listDatabases": 1}), "unsupportedCommand"),
            (op_query("admin.$cmd", {"ismaster": 1}, number_to_return=0), "badNumberToReturn"),
            (op_query("test.coll", {"a": 1}), "nonCommandNamespace"),
        ]
        for message, name in cases:
            with self.subTest(name):
                opcode, _, _, reply = self.exchange(message)
                self.assertEqual(wire.OP_REPLY, opcode)
                if reference_replies.available():
                    expected = reference_replies.load("error-opquery-legacy.json", name, "reply")
                    self.assertEqual(expected, reply)

    def test_op_msg_errors(self):
        _, _, _, reply = self.exchange(op_msg({"ping": 1}))
        self.assertEqual(40571, reply["code"])
        if reference_replies.available():
            self.assertEqual(reference_replies.load("opmsg-framing.json", "dollarDb", "reply"), reply)
        two_bodies = b"\x00" + bson.encode({"ping": 1, "$db": "admin"}) + b"\x00" + bson.encode({"a": 1})
        self.assertEqual(40430, self.exchange(op_msg(None, sections=two_bodies))[3]["code"])
        self.assertEqual(40432, self.exchange(op_msg(None, sections=b"\x05"))[3]["code"])

    def test_document_sequences_are_accepted(self):
        documents = bson.encode({"x": 1}) + bson.encode({"x": 2})
        sequence = b"documents\x00" + documents
        sections = (b"\x00" + bson.encode({"ping": 1, "$db": "admin"}) + b"\x01"
                    + struct.pack("<i", 4 + len(sequence)) + sequence)
        self.assertEqual({"ok": 1.0}, self.exchange(op_msg(None, sections=sections))[3])

    def test_crc32c_matches_the_rfc_3720_check_value(self):
        self.assertEqual(0xE3069283, wire.crc32c(b"123456789"))

    def test_a_right_checksum_is_answered_a_wrong_one_closes_the_connection(self):
        # op_msg.cpp (OpMsg::parse): ChecksumMismatch 288, a ConnectionFatalMessageParseError.
        message = op_msg({"ping": 1, "$db": "admin"}, flags=wire.CHECKSUM_PRESENT)
        message = struct.pack("<i", len(message) + 4) + message[4:]
        checksum = wire.crc32c(message)
        self.assertEqual({"ok": 1.0}, self.exchange(message + struct.pack("<I", checksum))[3])
        sock = self.connect()
        sock.sendall(message + struct.pack("<I", checksum ^ 1))
        self.assertTrue(is_closed(sock))

    def test_more_to_come_gets_no_reply(self):
        sock = self.connect()
        sock.sendall(op_msg({"ping": 1, "$db": "admin"}, flags=wire.MORE_TO_COME, request_id=1))
        sock.sendall(op_msg({"ping": 1, "$db": "admin"}, request_id=2))
        self.assertEqual(2, read_reply(sock)[1])

    def read_streamed(self, sock):
        """(requestID, responseTo, flags, document) of the next OP_MSG."""
        length, request_id, response_to, _ = wire.HEADER.unpack(read_exactly(sock, wire.HEADER_SIZE))
        body = read_exactly(sock, length - wire.HEADER_SIZE)
        return request_id, response_to, struct.unpack_from("<I", body)[0], bson.decode(body[5:])

    def test_exhaust_hello_streams_a_reply_every_max_await_time(self):
        # replication_info.cpp (CmdHello::run, opCtx->isExhaust()): setNextInvocation, so every reply
        # has moreToCome and answers the one before it (makeExhaustMessage).
        sock = self.connect()
        sock.sendall(op_msg({"hello": 1, "$db": "admin"}, request_id=10))
        topology_version = read_reply(sock)[3]["topologyVersion"]
        awaitable = {"hello": 1, "topologyVersion": topology_version, "maxAwaitTimeMS": 300, "$db": "admin"}
        sent = time.monotonic()
        sock.sendall(op_msg(awaitable, flags=wire.EXHAUST_ALLOWED, request_id=11))
        answered = 11
        for _ in range(3):
            request_id, response_to, flags, reply = self.read_streamed(sock)
            self.assertEqual((answered, wire.MORE_TO_COME, 1.0), (response_to, flags, reply["ok"]))
            self.assertEqual(topology_version, reply["topologyVersion"])
            answered = request_id
        # Each reply waits maxAwaitTimeMS: three take 0.9 s at least, counted from the request (a
        # reader slowed by a loaded machine can only see them later, never sooner).
        self.assertGreaterEqual(time.monotonic() - sent, 0.85)

    def test_exhaust_hello_with_a_stale_topology_version_answers_at_once_then_waits(self):
        sock = self.connect()
        stale = {"processId": bson.ObjectId(), "counter": bson.Int64(0)}
        # A second's wait, so that "at once" and "after the wait" stay apart on a loaded machine;
        # times count from the request (a slowed reader sees replies later, never sooner).
        sent = time.monotonic()
        sock.sendall(op_msg({"hello": 1, "topologyVersion": stale, "maxAwaitTimeMS": 1000, "$db": "admin"},
                            flags=wire.EXHAUST_ALLOWED))
        _, _, flags, first = self.read_streamed(sock)
        self.assertEqual(wire.MORE_TO_COME, flags)
        self.assertLess(time.monotonic() - sent, 0.7)
        _, _, flags, second = self.read_streamed(sock)
        self.assertEqual(wire.MORE_TO_COME, flags)
        self.assertEqual(first["topologyVersion"], second["topologyVersion"])
        self.assertGreaterEqual(time.monotonic() - sent, 0.95)

    def test_exhaust_hello_without_max_await_time_is_51756_and_ends(self):
        _, _, flags, reply = self.exchange(op_msg({"hello": 1, "$db": "admin"}, flags=wire.EXHAUST_ALLOWED))
        self.assertEqual((0, 51756), (flags, reply["code"]))
        self.assertEqual("An isMaster or hello request with exhaust must specify 'maxAwaitTimeMS'",
                         reply["errmsg"])

    def test_exhaust_flag_on_other_commands_gets_one_reply(self):
        _, _, flags, reply = self.exchange(op_msg({"ping": 1, "$db": "admin"}, flags=wire.EXHAUST_ALLOWED))
        self.assertEqual((0, {"ok": 1.0}), (flags, reply))

    def test_api_strict_refuses_commands_outside_api_version_1(self):
        # service_entry_point_common.cpp (initializeAPIParameters): APIStrictError 323.
        strict = {"apiVersion": "1", "apiStrict": True, "$db": "admin"}
        reply = self.exchange(op_msg({"buildInfo": 1, **strict}))[3]
        self.assertEqual((0.0, 323, "APIStrictError"), (reply["ok"], reply["code"], reply["codeName"]))
        self.assertTrue(reply["errmsg"].startswith(
            "Provided apiStrict:true, but the command buildInfo is not in API Version 1."))
        self.assertEqual(1.0, self.exchange(op_msg({"ping": 1, **strict}))[3]["ok"])
        self.assertEqual(1.0, self.exchange(op_msg({"buildInfo": 1, **strict, "apiStrict": False}))[3]["ok"])
        self.assertEqual(4886600, self.exchange(op_msg({"ping": 1, "apiStrict": True, "$db": "admin"}))[3]["code"])

    def test_fatal_messages_close_the_connection(self):
        fatal = {
            "length below 16": struct.pack("<iiii", 8, 1, 0, wire.OP_MSG),
            "length above the maximum":
                struct.pack("<iiii", wire.MAX_MESSAGE_SIZE_BYTES + 1, 1, 0, wire.OP_MSG),
            "illegal flag bit": op_msg({"ping": 1, "$db": "admin"}, flags=1 << 4),
            "OP_INSERT": wire.HEADER.pack(20, 1, 0, 2002) + b"\x00" * 4,
        }
        for name, message in fatal.items():
            with self.subTest(name):
                sock = self.connect()
                sock.sendall(message)
                self.assertTrue(is_closed(sock))

    def test_compression_is_negotiated_then_compressed_requests_get_compressed_replies(self):
        sock = self.connect()
        sock.sendall(op_msg({"hello": 1, "compression": ["zstd", "zlib"], "$db": "admin"}))
        _, _, _, hello = read_reply(sock)
        self.assertEqual(["zstd", "zlib"], hello["compression"])  # 7.0 enables all three by default
        self.assertEqual("readOnly", list(hello)[list(hello).index("compression") - 1])
        plain = op_msg({"ping": 1, "$db": "admin"}, request_id=11)
        body = plain[wire.HEADER_SIZE:]
        packed = wire.COMPRESSED_HEADER.pack(wire.OP_MSG, len(body), 2) + zlib.compress(body)
        sock.sendall(wire.HEADER.pack(wire.HEADER_SIZE + len(packed), 11, 0, wire.OP_COMPRESSED) + packed)
        length, _, response_to, opcode = wire.HEADER.unpack(read_exactly(sock, wire.HEADER_SIZE))
        payload = read_exactly(sock, length - wire.HEADER_SIZE)
        self.assertEqual((wire.OP_COMPRESSED, 11), (opcode, response_to))
        original, size, compressor_id = wire.COMPRESSED_HEADER.unpack_from(payload)
        reply = zlib.decompress(payload[wire.COMPRESSED_HEADER.size:])
        self.assertEqual((wire.OP_MSG, len(reply), 2), (original, size, compressor_id))
        self.assertEqual({"ok": 1.0}, bson.decode(reply[5:]))

    def test_snappy_and_zstd_requests_are_answered_in_kind(self):
        # What the Node driver and mongosh negotiate with a 7.0 server (default snappy,zstd,zlib).
        import snappy
        import zstandard
        codecs = {"snappy": (1, snappy.compress, snappy.uncompress),
                  "zstd": (3, zstandard.ZstdCompressor().compress, zstandard.ZstdDecompressor().decompress)}
        for name, (compressor_id, pack, unpack) in codecs.items():
            with self.subTest(compressor=name):
                sock = self.connect()
                sock.sendall(op_msg({"hello": 1, "compression": [name], "$db": "admin"}))
                self.assertEqual([name], read_reply(sock)[3]["compression"])
                body = op_msg({"ping": 1, "$db": "admin"}, request_id=12)[wire.HEADER_SIZE:]
                packed = wire.COMPRESSED_HEADER.pack(wire.OP_MSG, len(body), compressor_id) + pack(body)
                sock.sendall(wire.HEADER.pack(wire.HEADER_SIZE + len(packed), 12, 0, wire.OP_COMPRESSED) + packed)
                length, _, response_to, opcode = wire.HEADER.unpack(read_exactly(sock, wire.HEADER_SIZE))
                payload = read_exactly(sock, length - wire.HEADER_SIZE)
                self.assertEqual((wire.OP_COMPRESSED, 12), (opcode, response_to))
                _, size, reply_id = wire.COMPRESSED_HEADER.unpack_from(payload)
                reply = unpack(payload[wire.COMPRESSED_HEADER.size:])
                self.assertEqual((compressor_id, size), (reply_id, len(reply)))
                self.assertEqual({"ok": 1.0}, bson.decode(reply[5:]))

    def test_no_compression_field_without_a_common_compressor(self):
        for offered in ([], ["lz4"]):
            with self.subTest(offered=offered):
                _, _, _, hello = self.exchange(op_msg({"hello": 1, "compression": offered, "$db": "admin"}))
                self.assertNotIn("compression", hello)

    def test_a_compressor_that_was_not_negotiated_closes_the_connection(self):
        sock = self.connect()
        body = op_msg({"ping": 1, "$db": "admin"})[wire.HEADER_SIZE:]
        packed = wire.COMPRESSED_HEADER.pack(wire.OP_MSG, len(body), 2) + zlib.compress(body)
        sock.sendall(wire.HEADER.pack(wire.HEADER_SIZE + len(packed), 3, 0, wire.OP_COMPRESSED) + packed)
        self.assertTrue(is_closed(sock))

    def test_http_get_gets_the_http_reply(self):
        sock = self.connect()
        sock.sendall(b"GET / HTTP/1.0\r\n\r\n")
        received = b""
        while chunk := sock.recv(4096):
            received += chunk
        self.assertEqual(wire.HTTP_REPLY, received)
        if reference_replies.available():
            reference = reference_replies.load("http-on-mongo-port.json", "rawResponse")
            self.assertEqual(reference.encode(), received)


class TlsSortingTest(unittest.TestCase):
    """requireTLS closes plaintext; a weak-key lab serves TLS 1.0 with a 1024-bit key."""

    @classmethod
    def setUpClass(cls):
        cls.hardened = start_for_class(cls, "hardened")
        cls.weak = start_for_class(cls, "weak-tls")

    def test_require_tls_closes_plaintext(self):
        with socket.create_connection(self.hardened.host_port(), timeout=TIMEOUT_S) as sock:
            sock.sendall(op_msg({"ping": 1, "$db": "admin"}))
            self.assertTrue(is_closed(sock))

    def test_tls_with_the_lab_ca(self):
        context = ssl.create_default_context(cafile=str(self.hardened.cert_dir / "ca.pem"))
        with socket.create_connection(self.hardened.host_port(), timeout=TIMEOUT_S) as raw:
            with context.wrap_socket(raw, server_hostname="localhost") as sock:
                sock.sendall(op_msg({"ping": 1, "$db": "admin"}))
                self.assertEqual({"ok": 1.0}, read_reply(sock)[3])

    def test_weak_tls_accepts_tls_1_0_with_a_1024_bit_key(self):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # TLS 1.0 is what this test is about
            context.minimum_version = context.maximum_version = ssl.TLSVersion.TLSv1
        with socket.create_connection(self.weak.host_port(), timeout=TIMEOUT_S) as raw:
            with context.wrap_socket(raw) as sock:
                self.assertEqual("TLSv1", sock.version())
                certificate = sock.getpeercert(binary_form=True)
        text = subprocess.run(["openssl", "x509", "-inform", "DER", "-noout", "-text"], input=certificate,
                              capture_output=True, check=True).stdout.decode()
        self.assertIn("Public-Key: (1024 bit)", text)


class TlsVariantsTest(unittest.TestCase):
    """The tls-* profiles: a weak cipher list on request, a SHA-1 signed certificate, a P-224 key."""

    @classmethod
    def setUpClass(cls):
        cls.weak_cipher = start_for_class(cls, "tls-weak-cipher")
        cls.sha1 = start_for_class(cls, "tls-sha1")
        cls.small_ec = start_for_class(cls, "tls-small-ec")

    def unverified_client(self, ciphers="DEFAULT:@SECLEVEL=0"):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        context.set_ciphers(ciphers)
        return context

    def test_weak_cipher_profile_negotiates_a_null_cipher(self):
        context = self.unverified_client("eNULL:@SECLEVEL=0")
        context.maximum_version = ssl.TLSVersion.TLSv1_2
        with socket.create_connection(self.weak_cipher.host_port(), timeout=TIMEOUT_S) as raw:
            with context.wrap_socket(raw) as sock:
                self.assertIn("NULL", sock.cipher()[0])

    def test_sha1_profile_serves_a_sha1_signed_certificate(self):
        with socket.create_connection(self.sha1.host_port(), timeout=TIMEOUT_S) as raw:
            with self.unverified_client().wrap_socket(raw) as sock:
                certificate = sock.getpeercert(binary_form=True)
        text = subprocess.run(["openssl", "x509", "-inform", "DER", "-noout", "-text"], input=certificate,
                              capture_output=True, check=True).stdout.decode()
        self.assertIn("Signature Algorithm: sha1WithRSAEncryption", text)

    def s_client(self, lab, groups):
        """openssl s_client's output for one handshake offering `groups` (Python's ssl module
        cannot choose a client's groups)."""
        host, port = lab.host_port()
        return subprocess.run(["openssl", "s_client", "-connect", f"{host}:{port}", "-groups", groups],
                              input="", capture_output=True, text=True, timeout=TIMEOUT_S).stdout

    def test_small_ec_profile_serves_a_p224_key_only_to_clients_listing_the_curve(self):
        listed = self.s_client(self.small_ec, "X25519:P-256:P-224")
        self.assertIn("Server public key is 224 bit", listed)
        self.assertIn("Protocol  : TLSv1.2", listed)
        self.assertNotIn("Server public key", self.s_client(self.small_ec, "X25519:P-256"))


class LifecycleTest(unittest.TestCase):
    def start(self, profile, **options):
        lab = LabProcess(profile, **options)
        self.addCleanup(lab.remove)
        self.addCleanup(lab.stop)
        return lab.start()

    def test_sigterm_stops_cleanly(self):
        lab = self.start("open")
        self.assertEqual(0, lab.stop())
        self.assertFalse(lab.ready_file.exists())
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection(lab.host_port(), timeout=TIMEOUT_S).close()

    def test_latency_delays_each_reply_but_connections_run_concurrently(self):
        lab = self.start("open", latency_ms=300)
        elapsed = []

        def ping():
            with socket.create_connection(lab.host_port(), timeout=TIMEOUT_S) as sock:
                start = time.monotonic()
                sock.sendall(op_msg({"ping": 1, "$db": "admin"}))
                read_reply(sock)
                elapsed.append(time.monotonic() - start)

        started = time.monotonic()
        threads = [threading.Thread(target=ping) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(8, len(elapsed))
        self.assertGreaterEqual(min(elapsed), 0.29)
        # One after another they take 8 x 0.3 s; a quarter off that leaves room for a loaded
        # machine and still fails if the lab answers one connection at a time.
        self.assertLess(time.monotonic() - started, 8 * 0.3 * 0.75)

    def test_no_reply_fault_reads_and_logs_but_never_answers(self):
        profile = self.start_profile_file({"nodes": [{"role": "standalone", "version": "7.0.9",
                                                      "faults": ["no_reply"]}]})
        lab = self.start(str(profile))
        with socket.create_connection(lab.host_port(), timeout=0.5) as sock:
            sock.sendall(op_msg({"ping": 1, "$db": "admin"}))
            with self.assertRaises(socket.timeout):
                sock.recv(1)
        self.assertEqual(["ping"], [entry["command"] for entry in lab.commands()])

    def start_profile_file(self, profile):
        directory = Path(tempfile.mkdtemp(prefix="mongoscan-lab-profile-"))
        self.addCleanup(shutil.rmtree, directory, ignore_errors=True)
        path = directory / "custom.json"
        path.write_text(json.dumps(profile))
        return path

    def test_unknown_profile_exits_2_with_a_message(self):
        result = subprocess.run([sys.executable, str(LAB), "--profile", "no-such-profile", "--ready-file",
                                 "/nonexistent/ready.json"], capture_output=True, text=True, timeout=30)
        self.assertEqual(2, result.returncode)
        self.assertIn("no-such-profile", result.stderr)


def profile_file(test_class, profile):
    """profile written to a temporary file removed with the class; its path."""
    directory = Path(tempfile.mkdtemp(prefix="mongoscan-lab-profile-"))
    test_class.addClassCleanup(shutil.rmtree, directory, ignore_errors=True)
    path = directory / "profile.json"
    path.write_text(json.dumps(profile))
    return str(path)


# A replica set without authorization whose collections are generated: 7 MB documents and small ones.
CURSOR_PROFILE = {
    "topology": "replica_set",
    "setName": "rs0",
    "nodes": [{"role": "primary", "version": "7.0.14"}, {"role": "secondary", "version": "7.0.14"},
              {"role": "arbiter", "version": "7.0.14"}],
    "databases": [{"name": "shop", "collections": [
        {"name": "big", "generate": {"count": 3, "fields": {"payload": {"binary": {"bytes": 7000000}}}}},
        {"name": "small", "generate": {"count": 5, "fields": {"n": {"int": {"min": 1, "max": 9}}}}},
        {"name": "recent", "type": "view", "options": {"viewOn": "small", "pipeline": []}}]}],
}


class LabConversation:
    """One raw connection to a lab node: hello first (with or without helloOk), then commands."""

    def __init__(self, test, lab, index, hello_ok=True):
        self.sock = socket.create_connection(lab.host_port(index), timeout=TIMEOUT_S)
        test.addCleanup(self.sock.close)
        self.run("admin", {"hello": 1, **({"helloOk": True} if hello_ok else {})})

    def run(self, db, command):
        self.sock.sendall(op_msg({**command, "$db": db}))
        return read_reply(self.sock)[3]


class SecondaryReadTest(unittest.TestCase):
    """Members that are not primary run opt-in commands (AllowedOnSecondary::kOptIn) only for a
    $readPreference other than primary, or on local."""

    OPT_IN = [("admin", {"listDatabases": 1, "nameOnly": True}), ("shop", {"listCollections": 1}),
              ("shop", {"find": "small"}), ("admin", {"usersInfo": 1}), ("admin", {"rolesInfo": 1}),
              ("shop", {"aggregate": "small", "pipeline": [{"$sample": {"size": 1}}], "cursor": {}})]
    ALWAYS = [("admin", {"ping": 1}), ("admin", {"buildInfo": 1}), ("shop", {"dbStats": 1}),
              ("admin", {"serverStatus": 1}), ("admin", {"replSetGetStatus": 1}),
              ("admin", {"getCmdLineOpts": 1}), ("admin", {"connectionStatus": 1})]

    @classmethod
    def setUpClass(cls):
        cls.lab = start_for_class(cls, profile_file(cls, CURSOR_PROFILE))

    def test_opt_in_commands_need_a_read_preference_other_than_primary(self):
        for index in (1, 2):  # the secondary and the arbiter
            conversation = LabConversation(self, self.lab, index)
            for db, command in self.OPT_IN:
                with self.subTest(node=index, command=next(iter(command))):
                    for read_preference in (None, {"mode": "primary"}):
                        sent = command if read_preference is None else {**command, "$readPreference": read_preference}
                        reply = conversation.run(db, sent)
                        self.assertEqual((0.0, 13435, "NotPrimaryNoSecondaryOk", "not primary and secondaryOk=false"),
                                         (reply["ok"], reply.get("code"), reply.get("codeName"), reply.get("errmsg")))
                    for mode in ("secondaryPreferred", "primaryPreferred"):
                        reply = conversation.run(db, {**command, "$readPreference": {"mode": mode}})
                        self.assertEqual(1.0, reply["ok"], reply)
        primary = LabConversation(self, self.lab, 0)
        for db, command in self.OPT_IN:
            self.assertEqual(1.0, primary.run(db, command)["ok"])

    def test_without_hello_ok_the_server_keeps_the_old_wording(self):
        reply = LabConversation(self, self.lab, 1, hello_ok=False).run("admin", {"listDatabases": 1})
        self.assertEqual((13435, "not master and slaveOk=false"), (reply["code"], reply["errmsg"]))

    def test_always_allowed_commands_and_the_local_database_need_none(self):
        conversation = LabConversation(self, self.lab, 1)
        for db, command in self.ALWAYS + [("local", {"listCollections": 1})]:
            with self.subTest(command=next(iter(command))):
                self.assertEqual(1.0, conversation.run(db, command)["ok"])


class CursorTest(unittest.TestCase):
    """aggregate batches as the server cuts them, getMore and killCursors; maxTimeMS checks."""

    MAX_BSON = 16 * 1024 * 1024

    @classmethod
    def setUpClass(cls):
        cls.lab = start_for_class(cls, profile_file(cls, CURSOR_PROFILE))

    def conversation(self):
        return LabConversation(self, self.lab, 0)

    def test_a_batch_stops_below_16_mib_and_get_more_returns_the_rest(self):
        conversation = self.conversation()
        conversation.sock.sendall(op_msg({"aggregate": "big", "pipeline": [{"$sample": {"size": 3}}],
                                          "cursor": {}, "maxTimeMS": 60000, "$db": "shop"}))
        length, _, _, _ = wire.HEADER.unpack(read_exactly(conversation.sock, wire.HEADER_SIZE))
        first = bson.decode(read_exactly(conversation.sock, length - wire.HEADER_SIZE)[5:])
        self.assertLessEqual(length, self.MAX_BSON + 16 * 1024)
        self.assertEqual(2, len(first["cursor"]["firstBatch"]), "a third 7 MB document would pass 16 MiB")
        cursor_id = first["cursor"]["id"]
        self.assertIsInstance(cursor_id, bson.Int64)
        self.assertNotEqual(0, cursor_id)
        more = conversation.run("shop", {"getMore": cursor_id, "collection": "big"})
        self.assertEqual((1, 0, "shop.big"), (len(more["cursor"]["nextBatch"]), more["cursor"]["id"],
                                              more["cursor"]["ns"]))
        self.assertEqual(43, conversation.run("shop", {"getMore": cursor_id, "collection": "big"})["code"])

    def test_a_batch_that_reaches_batch_size_leaves_the_cursor_open(self):
        conversation = self.conversation()
        reply = conversation.run("shop", {"aggregate": "small", "pipeline": [{"$sample": {"size": 5}}],
                                          "cursor": {"batchSize": 5}})
        self.assertEqual(5, len(reply["cursor"]["firstBatch"]))
        cursor_id = reply["cursor"]["id"]
        self.assertNotEqual(0, cursor_id, "the server does not look ahead")
        killed = conversation.run("shop", {"killCursors": "small", "cursors": [cursor_id]})
        self.assertEqual(([cursor_id], []), (killed["cursorsKilled"], killed["cursorsNotFound"]))
        reply = conversation.run("shop", {"aggregate": "small", "pipeline": [{"$sample": {"size": 5}}],
                                          "cursor": {"batchSize": 6}})
        self.assertEqual((5, 0), (len(reply["cursor"]["firstBatch"]), reply["cursor"]["id"]))

    def test_coll_stats_on_a_view_and_aggregate_errors(self):
        conversation = self.conversation()
        reply = conversation.run("shop", {"aggregate": "recent", "pipeline": [{"$collStats": {"storageStats": {}}}],
                                          "cursor": {}})
        self.assertEqual((166, "Namespace shop.recent is a view, not a collection"), (reply["code"], reply["errmsg"]))
        for pipeline, code in (([{"$sample": {"size": -1}}], 28747), ([{"$sample": {}}], 28749),
                               ([{"$collStats": None}], 5447000), ([{"$match": {}, "$sort": {}}], 40323)):
            with self.subTest(pipeline=pipeline):
                self.assertEqual(code, conversation.run("shop", {"aggregate": "small", "pipeline": pipeline,
                                                                 "cursor": {}})["code"])

    def test_max_time_ms(self):
        conversation = self.conversation()
        for value, errmsg in ((-1, "-1 value for maxTimeMS is out of range [0, 2147483647]"),
                              ("1", "maxTimeMS must be a number"), (1.5, "maxTimeMS has non-integral value")):
            with self.subTest(value=value):
                reply = conversation.run("admin", {"ping": 1, "maxTimeMS": value})
                self.assertEqual((2, "BadValue", errmsg), (reply["code"], reply["codeName"], reply["errmsg"]))
        self.assertEqual(1.0, conversation.run("admin", {"ping": 1, "maxTimeMS": 0})["ok"])


if __name__ == "__main__":
    unittest.main()
