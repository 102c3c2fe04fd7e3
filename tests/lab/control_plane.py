"""The lab's control plane: an HTTPS server on 127.0.0.1 that stands in for the cloud APIs mongoscan
reads (see README.md, "The control plane"), and serves the behaviours the HTTP client is tested
against under /behaviour/.

  control_plane.py --ready-file F [--profile PATH]... [--cert-dir D] [--log F] [--latency-ms N]

Writes {"endpoint": "https://127.0.0.1:PORT"} to F when it listens; logs every request, one JSON
object per line, to --log (default F.requests.jsonl): method, path, status, and what the provider's
module adds (service, action, region, auth, version, query, error). No header value and no body is
logged, so no signature, token or secret can be."""

import argparse
import gzip
import json
import os
import signal
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import atlas_api
import tencent_api
import tls


def _arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ready-file", required=True, type=Path)
    parser.add_argument("--profile", type=Path, action="append", default=[],
                        help="a control-plane profile (fixtures/cloud/); repeat it to serve several, "
                             "whose top-level keys are merged")
    parser.add_argument("--cert-dir", type=Path,
                        help="test certificates, made there if missing (default: <ready-file dir>/certs)")
    parser.add_argument("--log", type=Path)
    parser.add_argument("--latency-ms", type=int, default=0)
    parser.add_argument("--instance-vip", action="append", default=[], metavar="ID=HOST:PORT",
                        help="describe TencentDB instance ID at HOST:PORT (Vip, Vport): a lab "
                             "deployment, so that the scan joins the instance to its nodes")
    return parser.parse_args(argv)


class RequestLog:
    """One JSON object per request, appended under a lock (the server is threaded)."""

    def __init__(self, path):
        self._file = open(path, "a", encoding="utf-8")
        self._lock = threading.Lock()

    def write(self, entry):
        with self._lock:
            self._file.write(json.dumps(entry, sort_keys=True) + "\n")
            self._file.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mongoscan-lab"
    # The headers and the body leave in separate writes: with Nagle's algorithm the body would wait
    # for the client's delayed ACK of the headers (some 40 ms) on every kept-alive connection.
    disable_nagle_algorithm = True

    def log_message(self, format, *args):  # the request log replaces http.server's stderr lines
        pass

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _send(self, status, body, headers=(), **fields):
        """Logs the request, then answers it: a test that has the answer finds it in the log."""
        self._log(status, **fields)
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return status

    def _log(self, status, **fields):
        entry = {"method": self.command, "path": urlsplit(self.path).path, "status": status,
                 "client_port": self.client_address[1],
                 "time": time.time()}
        entry.update({key: value for key, value in fields.items() if value is not None})
        self.server.request_log.write(entry)

    def do_GET(self):
        self._dispatch()

    def do_POST(self):
        self._dispatch()

    def do_PUT(self):
        self._dispatch()

    def do_DELETE(self):
        self._dispatch()

    def do_PATCH(self):
        self._dispatch()

    def do_HEAD(self):
        self._dispatch()

    def do_OPTIONS(self):
        self._dispatch()

    def _dispatch(self):
        if self.server.latency:
            time.sleep(self.server.latency)
        body = self._body()
        path = urlsplit(self.path).path
        if path.startswith("/behaviour/"):
            self._behaviour(path, parse_qs(urlsplit(self.path).query), body)
        elif path.startswith(atlas_api.API_PREFIX + "/") or path == atlas_api.TOKEN_PATH:
            status, reply, headers, fields = atlas_api.handle(self.server.profile, self.command, self.path,
                                                              self.headers, body, self.server.atlas_state)
            self._send(status, reply, headers, **fields)
        elif self.command == "POST" and self.headers.get("X-TC-Action"):
            status, reply, fields = tencent_api.handle(self.server.profile, self.headers, body,
                                                       self.server.tencent_state)
            self._send(status, reply, [("Content-Type", "application/json")], **fields)
        else:
            self._send(404, {"error": "no such path"})

    def _behaviour(self, path, query, body):
        """What the HTTP client's tests need: echo, sizes, redirects, stalls, statuses, gzip."""
        name = path[len("/behaviour/"):]
        if name == "echo":
            return self._send(200, {"method": self.command, "body": body.decode(errors="replace"),
                                    "headers": {k.lower(): v for k, v in self.headers.items()
                                                if k.lower() not in ("authorization", "x-tc-token")}})
        if name == "bytes":
            return self._send(200, b"x" * int(query["n"][0]))
        if name == "gzip-bomb":
            # A small compressed body that expands to n bytes.
            return self._send(200, gzip.compress(b"\0" * int(query["n"][0])),
                              [("Content-Encoding", "gzip")])
        if name == "redirect":
            target = query["to"][0]
            return self._send(int(query.get("code", ["302"])[0]), b"", [("Location", target)])
        if name == "stall":
            time.sleep(float(query.get("seconds", ["30"])[0]))
            return self._send(200, b"late")
        if name == "status":
            headers = [("Retry-After", query["retry_after"][0])] if "retry_after" in query else []
            return self._send(int(query["code"][0]), {"status": int(query["code"][0])}, headers)
        if name.startswith("webhook/"):
            # A chat webhook: records what was posted, answering 503 to the first `fail` posts to
            # this path and 200 ("ok", as Slack does) after.
            with self.server.webhook_lock:
                posts = self.server.webhook_posts.get(name, 0) + 1
                self.server.webhook_posts[name] = posts
            code = 503 if posts <= int(query.get("fail", ["0"])[0]) else 200
            return self._send(code, b"ok" if code == 200 else b"busy",
                              webhook_body=body.decode(errors="replace"),
                              content_type=self.headers.get("Content-Type"))
        return self._send(404, {"error": "no such behaviour"})


class ControlPlaneServer(ThreadingHTTPServer):
    """A thread per connection, with a listen backlog for many clients connecting at once (the
    standard library's is 5)."""
    request_queue_size = 128
    daemon_threads = True


def _write_ready_file(path, ready):
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(ready) + "\n")
    os.replace(temporary, path)


def _merged_profiles(paths):
    """The top-level keys of every profile in one; two profiles naming the same key (other than
    "description") is an error, not a silent override."""
    profile = {}
    for path in paths:
        for key, value in json.loads(path.read_text()).items():
            if key in profile and key != "description":
                raise SystemExit(f"control_plane.py: {path} sets '{key}', which an earlier profile set")
            profile[key] = value
    return profile


def _place_instances(profile, placements):
    """Sets the Vip and Vport of each named TencentDB instance, and the port its own security
    groups' rules admit where they admitted the old Vport (an instance listening on another port
    is admitted there); an unknown id is an error."""
    for placement in placements:
        instance_id, _, address = placement.partition("=")
        host, _, port = address.rpartition(":")
        regions = profile.get("tencentcloud", {}).get("regions", {}).values()
        found = [(instance, region) for region in regions for instance in region.get("instances", [])
                 if instance["InstanceId"] == instance_id]
        if not found or not host or not port.isdigit():
            raise SystemExit(f"control_plane.py: --instance-vip {placement}: no such instance or "
                             "not ID=HOST:PORT")
        for instance, region in found:
            old_port = str(instance["Vport"])
            instance["Vip"], instance["Vport"] = host, int(port)
            for group in region.get("instance_security_groups", {}).get(instance_id, []):
                for rule in group.get("Inbound", []):
                    if rule.get("PortRange") == old_port:
                        rule["PortRange"] = port


def main(argv):
    args = _arguments(argv)
    cert_dir = args.cert_dir or args.ready_file.parent / "certs"
    tls.make_certificates(cert_dir)
    profile = _merged_profiles(args.profile)
    _place_instances(profile, args.instance_vip)
    server = ControlPlaneServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(Path(cert_dir) / "server-valid.pem")
    # The handshake runs in each connection's own thread, on its first read, not in the one thread
    # that accepts: many clients connecting at once are not served one handshake at a time.
    server.socket = context.wrap_socket(server.socket, server_side=True,
                                        do_handshake_on_connect=False)
    server.profile = profile
    server.tencent_state = tencent_api.State()
    server.webhook_posts = {}
    server.webhook_lock = threading.Lock()
    server.atlas_state = atlas_api.State()
    server.latency = args.latency_ms / 1000
    server.request_log = RequestLog(args.log or args.ready_file.with_name(
        args.ready_file.name + ".requests.jsonl"))

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    _write_ready_file(args.ready_file, {"endpoint": f"https://127.0.0.1:{server.server_address[1]}"})
    server.serve_forever()
    args.ready_file.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
