"""The hostile faults (hostile.py) with raw sockets and pymongo: each node breaks the protocol the way
README.md says, and only that node.

Run: /usr/bin/python3 -m unittest discover -s tests/lab
"""

import base64
import socket
import unittest

import bson
import pymongo
from pymongo.errors import OperationFailure

import hostile
import wire
from lab_process import start_for_class
from test_wire import op_msg, profile_file, read_exactly, read_reply

TIMEOUT_S = 5
PASSWORD = "Hostile!Lab-Passw0rd#2024"
HELLO = {"hello": 1, "$db": "admin"}
# One mongos per fault of hostile.FAULTS but hello_10000_hosts (which needs a replica set), plus a
# sound one; every mongos has the user.
MONGOS_FAULTS = [(), *[(fault,) for fault in hostile.FAULTS if fault != hostile.HELLO_10000_HOSTS]]


class HostileTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        profile = {
            "topology": "sharded",
            "nodes": [{"role": "mongos", "version": "7.0.9", "faults": list(faults)}
                      for faults in MONGOS_FAULTS],
            "users": [{"user": "scanner", "db": "admin", "password": PASSWORD,
                       "roles": [{"role": "clusterMonitor", "db": "admin"}]}],
            "cmdLineOpts": {"argv": ["/usr/bin/mongos"], "parsed": {"security": {"authorization": "enabled"}}},
        }
        cls.lab = start_for_class(cls, profile_file(cls, profile))

    def connect(self, fault, timeout=TIMEOUT_S):
        index = MONGOS_FAULTS.index((fault,) if fault else ())
        sock = socket.create_connection(self.lab.host_port(index), timeout=timeout)
        self.addCleanup(sock.close)
        return sock

    def header_after_hello(self, fault):
        sock = self.connect(fault)
        sock.sendall(op_msg(HELLO))
        return sock, wire.HEADER.unpack(read_exactly(sock, wire.HEADER_SIZE))

    def sasl_start(self, fault):
        sock = self.connect(fault)
        payload = b"n,,n=scanner,r=clientNonce0123456789"
        sock.sendall(op_msg({"saslStart": 1, "mechanism": "SCRAM-SHA-256", "payload": payload,
                             "$db": "admin"}))
        return read_reply(sock)[3]

    def test_a_node_without_a_fault_answers_soundly(self):
        sock = self.connect(None)
        sock.sendall(op_msg(HELLO))
        self.assertEqual(48_000_000, read_reply(sock)[3]["maxMessageSizeBytes"])

    def test_accept_then_silence_never_answers(self):
        sock = self.connect(hostile.ACCEPT_THEN_SILENCE, timeout=0.5)
        sock.sendall(op_msg(HELLO))
        with self.assertRaises(socket.timeout):
            sock.recv(1)

    def test_tls_garbage_answers_a_client_hello_with_ascii(self):
        sock = self.connect(hostile.TLS_GARBAGE)
        sock.sendall(b"\x16\x03\x01\x00\x05hello")
        self.assertEqual(hostile.TLS_GARBAGE_BYTES, read_exactly(sock, len(hostile.TLS_GARBAGE_BYTES)))

    def test_message_length_faults_rewrite_the_header(self):
        for fault, length in [(hostile.NEGATIVE_MESSAGE_LENGTH, -1),
                              (hostile.OVERSIZE_MESSAGE_LENGTH, 0x7FFFFFFF),
                              (hostile.STALLED_FRAME, 48_000_000),
                              (hostile.ENDLESS_STREAM, 48_000_000)]:
            with self.subTest(fault):
                _, header = self.header_after_hello(fault)
                self.assertEqual((length, 7, wire.OP_MSG), (header[0], header[2], header[3]))  # responseTo 7

    def test_stalled_frame_sends_less_than_it_announces_and_waits(self):
        sock, _ = self.header_after_hello(hostile.STALLED_FRAME)
        sock.settimeout(0.5)
        received = b""
        with self.assertRaises(socket.timeout):
            while True:
                received += sock.recv(65536)
        self.assertLess(len(received), 10_000)

    def test_endless_stream_keeps_sending(self):
        sock, _ = self.header_after_hello(hostile.ENDLESS_STREAM)
        self.assertEqual(b"\xee" * 1_000_000, read_exactly(sock, 1_000_000))

    def test_truncated_frame_sends_half_and_closes(self):
        sock, (length, *_) = self.header_after_hello(hostile.TRUNCATED_FRAME)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
        self.assertEqual(length // 2, wire.HEADER_SIZE + len(received))

    def test_invalid_bson_has_an_unknown_element_type(self):
        sock, (length, *_) = self.header_after_hello(hostile.INVALID_BSON)
        body = read_exactly(sock, length - wire.HEADER_SIZE)
        self.assertEqual(hostile.UNKNOWN_BSON_TYPE, body[5 + 4])
        with self.assertRaises(bson.errors.InvalidBSON):
            bson.decode(body[5:])

    def test_deep_nesting_nests_200_documents_under_the_reply(self):
        sock = self.connect(hostile.DEEP_NESTING)
        sock.sendall(op_msg(HELLO))
        document, depth = read_reply(sock)[3], 0
        while "nested" in document:
            document, depth = document["nested"], depth + 1
        self.assertEqual(200, depth)

    def test_slow_bytes_sends_one_byte_at_a_time(self):
        sock = self.connect(hostile.SLOW_BYTES, timeout=0.5)
        sock.sendall(op_msg(HELLO))
        self.assertEqual(1, len(sock.recv(65536)))
        with self.assertRaises(socket.timeout):
            sock.recv(65536)

    def test_huge_max_message_size_then_replies_announcing_1_9_gb(self):
        sock = self.connect(hostile.HUGE_MAX_MESSAGE_SIZE)
        sock.sendall(op_msg(HELLO))
        self.assertEqual(2_000_000_000, read_reply(sock)[3]["maxMessageSizeBytes"])
        sock.sendall(op_msg({"ping": 1, "$db": "admin"}))
        self.assertEqual(1_900_000_000, wire.HEADER.unpack(read_exactly(sock, wire.HEADER_SIZE))[0])

    def test_scram_iteration_count_faults_announce_their_count(self):
        for fault, count in hostile.SCRAM_ITERATION_COUNTS.items():
            with self.subTest(fault):
                server_first = self.sasl_start(fault)["payload"]
                self.assertTrue(server_first.endswith(b",i=%d" % count), server_first)
        self.assertTrue(self.sasl_start(None)["payload"].endswith(b",i=15000"))

    def test_wrong_server_signature_is_caught_by_a_real_driver(self):
        host, port = self.lab.host_port(MONGOS_FAULTS.index((hostile.WRONG_SERVER_SIGNATURE,)))
        client = pymongo.MongoClient(host, port, directConnection=True, serverSelectionTimeoutMS=5000,
                                     username="scanner", password=PASSWORD, authSource="admin",
                                     authMechanism="SCRAM-SHA-256")
        self.addCleanup(client.close)
        with self.assertRaisesRegex(OperationFailure, "invalid signature"):
            client.admin.command("ping")

    def test_rewrite_server_final_flips_the_signature_only_under_the_fault(self):
        final = b"v=" + base64.b64encode(bytes(32))
        flipped = hostile.rewrite_server_final(final, (hostile.WRONG_SERVER_SIGNATURE,))
        self.assertEqual(b"\xff" + bytes(31), base64.b64decode(flipped[2:]))
        self.assertEqual(final, hostile.rewrite_server_final(final, ()))


class PhantomHostsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        profile = {"topology": "replica_set", "setName": "rs0",
                   "nodes": [{"role": "primary", "version": "7.0.9", "faults": [hostile.HELLO_10000_HOSTS]},
                             {"role": "secondary", "version": "7.0.9"}]}
        cls.lab = start_for_class(cls, profile_file(cls, profile))

    def test_hello_lists_10000_more_hosts_on_other_loopback_addresses(self):
        with socket.create_connection(self.lab.host_port(0), timeout=TIMEOUT_S) as sock:
            sock.sendall(op_msg(HELLO))
            hosts = read_reply(sock)[3]["hosts"]
        self.assertEqual(self.lab.nodes, hosts[:2])
        phantoms = hosts[2:]
        self.assertEqual(10_000, len(set(phantoms)))
        port = self.lab.nodes[0].rsplit(":", 1)[1]
        for host in phantoms:
            address, phantom_port = host.rsplit(":", 1)
            self.assertTrue(address.startswith("127.") and address != "127.0.0.1", host)
            self.assertEqual(port, phantom_port)
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.2", int(port)), timeout=TIMEOUT_S).close()


if __name__ == "__main__":
    unittest.main()
