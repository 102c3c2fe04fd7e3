#!/usr/bin/python3
"""Writes the seed corpus of every fuzz harness (tests/fuzz/*_fuzz.cpp) into OUT/<harness>/, from the
repository's test data and, when present, the shared folder's specification tests and server
replies (MONGOSCAN_SHARED_DIR; said and skipped when absent). Nothing is copied into the repository.

Usage: seed_corpus.py OUT"""

import datetime
import hashlib
import json
import os
import shutil
import struct
import sys
from pathlib import Path

import bson
from bson import Binary, Code, Decimal128, Int64, MaxKey, MinKey, ObjectId, Regex, Timestamp
from bson import json_util

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("MONGOSCAN_SHARED_DIR", REPO.parent / "shared"))

# The file names of config_text_scan_fuzz.cpp's kPaths, in the same order: the first input byte.
CONFIG_PATHS = [
    "app.yaml", "app.properties", ".env", "settings.ini", "config.toml",
    "web.config", "pom.xml", "app.conf", "deploy.sh", "Dockerfile",
    "app.json", "index.js", "App.java", "main.py", "main.go",
    "main.tf", "README.md", "app.php", "Program.cs", "deploy.ps1",
    "values.yaml.j2", "prod.tfvars", "setup.cmd", "app.rb", "main.rs",
]


def shared(part):
    path = SHARED / part
    if not path.exists():
        print(f"seed_corpus: {path} absent, its seeds skipped")
        return None
    return path


class Corpus:
    def __init__(self, out):
        self.out = Path(out)
        self.counts = {}

    def add(self, harness, data):
        if isinstance(data, str):
            data = data.encode()
        folder = self.out / harness
        if harness not in self.counts:
            shutil.rmtree(folder, ignore_errors=True)  # seeds of an earlier run
        folder.mkdir(parents=True, exist_ok=True)
        (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
        self.counts[harness] = self.counts.get(harness, 0) + 1


def bson_documents():
    """Documents from the lab fixtures, one of every BSON type, and the shared server replies."""
    documents = []
    for path in sorted((REPO / "fixtures" / "lab").glob("*.json")):
        documents.append(json_util.loads(path.read_text()))
    documents.append({
        "double": 1.5, "string": "caf\u00e9", "document": {"a": 1}, "array": [1, "two", None],
        "binary": Binary(b"\x00\x01", 0), "old_binary": Binary(b"xyz", 2), "uuid": Binary(b"0" * 16, 4),
        "undefined": json_util.loads('{"u": {"$undefined": true}}')["u"], "oid": ObjectId(b"0123456789ab"),
        "bool": True, "date": datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone.utc), "null": None,
        "regex": Regex("^a.*", "im"), "dbpointer": json_util.loads(
            '{"p": {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "0123456789abcdef01234567"}}}}')["p"],
        "code": Code("f()"), "symbol": json_util.loads('{"s": {"$symbol": "sym"}}')["s"],
        "code_w_scope": Code("g(x)", {"x": 1}), "int32": 7, "timestamp": Timestamp(1700000000, 3),
        "int64": Int64(1 << 40), "decimal": Decimal128("-1.00E-8"), "min": MinKey(), "max": MaxKey(),
    })
    replies = shared("server-replies")
    if replies:
        for path in sorted(replies.glob("*.json")):
            try:
                loaded = json_util.loads(path.read_text())
            except ValueError:
                continue
            if isinstance(loaded, dict):
                documents.extend(value for value in loaded.values() if isinstance(value, dict))
    return [bson.encode(document) for document in documents if document]


def frame(op_code, payload, response_to=1):
    return struct.pack("<iiii", 16 + len(payload), 7, response_to, op_code) + payload


def wire_messages(documents):
    """OP_MSG (one kind-0 section; also with a kind-1 sequence) and OP_REPLY around each document,
    after the harness's steering byte 0x01 (messageLength rewritten to the real size)."""
    for document in documents:
        yield b"\x01" + frame(2013, struct.pack("<I", 0) + b"\x00" + document)
        sequence = b"docs\x00" + document
        yield b"\x01" + frame(2013, struct.pack("<I", 0) + b"\x00" + documents[0] + b"\x01" +
                              struct.pack("<i", 4 + len(sequence)) + sequence)
        yield b"\x01" + frame(1, struct.pack("<iqii", 8, 0, 0, 1) + document)


def uris():
    found = []
    for path in sorted((REPO / "fixtures" / "uris").glob("*.txt")):
        found += [line.strip() for line in path.read_text().splitlines()
                  if line.strip() and not line.startswith("#")]
    for folder in ("spec-tests/connection-string", "spec-tests/auth/legacy"):
        tests = shared(folder)
        if tests:
            for path in sorted(tests.glob("*.json")):
                found += [test["uri"] for test in json.loads(path.read_text())["tests"]
                          if isinstance(test.get("uri"), str)]
    return found


def with_marker(uri):
    """The URI with its password, or else its first secret option value, replaced by the harness's
    \\x01 secret marker; None when it has neither."""
    scheme_end = uri.find("://") + 3
    at = uri.rfind("@", 0, uri.find("/", scheme_end) if "/" in uri[scheme_end:] else len(uri))
    colon = uri.find(":", scheme_end)
    if scheme_end < colon < at:
        return uri[:colon + 1] + "\x01" + uri[at:]
    for key in ("AWS_SESSION_TOKEN:", "Password="):
        start = uri.find(key)
        if start >= 0:
            start += len(key)
            end = min([i for i in (uri.find("&", start), uri.find(",", start)) if i >= 0] or [len(uri)])
            return uri[:start] + "\x01" + uri[end:]
    return None


def scram_conversations():
    """RFC 5802 section 5 (SCRAM-SHA-1) and RFC 7677 section 3 (SCRAM-SHA-256), as in
    tests/scanner/auth/scram_test.cpp, and a few server errors."""
    sha1_first = "r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096"
    sha256_first = ("r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
                    "s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096")
    yield b"\x00" + f"{sha1_first}\0v=rmF9pqV8S7suAoZWja4dJRkFsKQ=".encode()
    yield b"\x01" + f"{sha256_first}\0v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=".encode()
    yield b"\x01" + f"{sha256_first}\0e=invalid-proof".encode()
    yield b"\x01" + sha256_first.replace("i=4096", "i=10000,m=ext").encode()


def config_files():
    for path in sorted((REPO / "fixtures").rglob("*")):
        if not path.is_file() or path.stat().st_size > 64 * 1024:
            continue
        name = path.name
        matches = [i for i, candidate in enumerate(CONFIG_PATHS)
                   if name == candidate or Path(candidate).suffix == path.suffix != ""]
        yield bytes([matches[0] if matches else CONFIG_PATHS.index("app.json")]) + path.read_bytes()


def ignore_inputs():
    configs = REPO / "fixtures" / "configs"
    paths = "\n".join(sorted(str(p.relative_to(configs)) + ("/" if p.is_dir() else "")
                             for p in configs.rglob("*")))
    for ignore_file in [configs / ".mongoscanignore", REPO / ".gitignore"]:
        if ignore_file.exists():
            yield ignore_file.read_bytes() + b"\0" + paths.encode()
    yield b"*.log\n!keep.log\n/build/\ndocs/**/*.md\n\\#literal\n[a-c]?.txt\n\0a.log\nkeep.log\nbuild/\n" \
          b"docs/x/y/z.md\n#literal\nb1.txt\n"


HCL_SAMPLES = [
    'resource "aws_security_group" "db" {\n  ingress {\n    from_port   = 27017\n    to_port     = 27017\n'
    '    protocol    = "tcp"\n    cidr_blocks = var.allowed\n  }\n}\n',
    'variable "allowed" {\n  default = ["0.0.0.0/0", "::/0"]\n}\nlocals { office = "203.0.113.0/24" }\n',
    'x = { a = [1, 2.5e3, -1, true, null], "b": "${var.c}/%{ if d }e%{ endif }" }\n',
    'p = <<-EOT\n    one ${two}\n  EOT\nq = concat(var.a, [for c in var.b : c if c != ""])\n',
    '# c\n// c\n/* c */ r "t" n { a = "\\u00e9\\n" }\n',
]


def hcl_files():
    """Terraform files of the repository's fixtures, and a sample of every construct."""
    files = [path.read_bytes() for path in sorted((REPO / "fixtures").rglob("*.tf"))]
    return files + [sample.encode() for sample in HCL_SAMPLES]


INFRA_SAMPLES = [
    "services:\n  db:\n    image: mongo:7\n    network_mode: host\n    command: --port 27018 --bind_ip 127.0.0.1\n",
    "services:\n  db:\n    ports:\n      - \"[::1]:27017:27017\"\n      - target: 27017\n        host_ip: 0.0.0.0\n",
    "Parameters:\n  P: {Type: String, Default: 0.0.0.0/0}\nResources:\n  L:\n"
    "    Type: AWS::ElasticLoadBalancingV2::Listener\n    Properties: {LoadBalancerArn: !Ref N, Port: !Ref P}\n"
    "  N:\n    Type: AWS::ElasticLoadBalancingV2::LoadBalancer\n",
    "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Service\n  metadata: &m {name: a}\n"
    "  spec: {type: NodePort, ports: [{port: 27017, nodePort: 30017}]}\n",
    '[{"name": "r", "direction": "Inbound", "access": "Allow", "protocol": "*", '
    '"destinationPortRanges": ["27017-27019"], "sourceAddressPrefix": "*"}]',
    '{"format_version": "1.2", "planned_values": {"root_module": {"resources": [{"mode": "managed", '
    '"type": "aws_security_group", "address": "a.b", "values": {"ingress": [{"protocol": "-1"}]}}]}}}',
    '{"resource": {"aws_security_group": {"db": {"dynamic": {"ingress": {"for_each": [27017], '
    '"content": {"from_port": "${ingress.value}", "protocol": "tcp", "cidr_blocks": ["::/0"]}}}}}}}',
]


def infra_files():
    """The YAML, JSON and config files of fixtures/infra, and a sample of each reader's constructs."""
    files = [path.read_bytes() for path in sorted((REPO / "fixtures" / "infra").rglob("*"))
             if path.is_file() and path.suffix in (".yaml", ".yml", ".json", ".conf")
             and path.name != "expected.json"]
    return files + [sample.encode() for sample in INFRA_SAMPLES]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    corpus = Corpus(sys.argv[1])
    documents = bson_documents()
    for document in documents:
        corpus.add("bson_fuzz", document)
    for message in wire_messages(documents):
        corpus.add("wire_message_fuzz", message)
    for uri in uris():
        corpus.add("uri_fuzz", uri)
        marked = with_marker(uri)
        if marked:
            for place in range(6):
                corpus.add("uri_redaction_fuzz", bytes([place]) + marked.encode())
    for conversation in scram_conversations():
        corpus.add("scram_fuzz", conversation)
    for config in config_files():
        corpus.add("config_text_scan_fuzz", config)
    for ignore in ignore_inputs():
        corpus.add("ignore_rules_fuzz", ignore)
    for hcl in hcl_files():
        corpus.add("hcl_fuzz", hcl)
    for infra in infra_files():
        corpus.add("infra_fuzz", infra)
    for path in sorted((REPO / "fixtures" / "policy").glob("*.json")):
        corpus.add("policy_fuzz", path.read_bytes())
    corpus.add("policy_fuzz", b'{"workload": "core", "administrators": ["ops"]}')
    for audit_filter in (b'{ atype: { $in: [ "createCollection", "dropCollection" ] } }',
                         b"{$or: [{atype: 'authenticate', result: NumberInt(18)}, {atype: /^create/}]}",
                         b'{"users.user": {"$ne": "svc"}, "$nor": [{"atype": "authCheck"}]}', b"{}"):
        corpus.add("audit_filter_fuzz", audit_filter)
    corpus.add("acceptance_file_fuzz", (REPO / "fixtures" / "accept.yaml").read_bytes())
    corpus.add("acceptance_file_fuzz",
               b"acceptances:\n  - {check: CONN-*, subject: 'mongodb://u:pw@h/?authMechanismProperties="
               b"AWS_SESSION_TOKEN:t', reason: r, expires: 2026-12-31}\n")
    corpus.add("acceptance_file_fuzz", b"acceptances:\n  - check: A-1\n    expires: 2026-13-01\n")
    corpus.add("project_config_fuzz", b"fail-on: high\nconfig-path: [., ../shared]\nno-probe: true\n")
    corpus.add("project_config_fuzz", b"report:\n  - sarif:out.sarif\n  - html:out.html\n")
    corpus.add("project_config_fuzz", b"uris: mongodb://u:Pl4nted-Config-Pw@h/\n")
    corpus.add("project_config_fuzz", b"fail-on: \"\"\nfail-on: low\n")
    corpus.add("project_config_fuzz", b"[" * 600 + b"\n")
    corpus.add("inventory_file_fuzz", (REPO / "fixtures" / "inventory.yaml").read_bytes())
    corpus.add("inventory_file_fuzz",
               b"environments:\n  - name: a\n    targets: [mongodb://h]\n    password: \"\"\n"
               b"    password: Pl4nted-Inventory-Pw\n")
    corpus.add("inventory_file_fuzz",
               b"environments:\n  - {name: a, targets: [mongodb://h], tags: {t: x}}\n"
               b"environments:\n  - {name: b, config_paths: [x]}\n")
    for path in sorted((REPO / "tests" / "reports" / "golden").glob("*.json")):
        corpus.add("json_report_fuzz", path.read_bytes())
    corpus.add("json_report_fuzz", b'{"schema_version": 1, "tool": {"name": "mongoscan"}}')
    sha = "0123456789abcdef" * 4
    corpus.add("manifest_fuzz",
               '{"manifest_version": 1, "tool": {"name": "mongoscan", "version": "0.1.0"}, '
               f'"catalogue_sha256": "{sha}", "scan": {{"started_at": "2026-11-26T10:00:00.000Z", '
               '"finished_at": "2026-11-26T10:00:01.000Z"}, "inventory_sha256": "' + sha + '", '
               '"scanning_host": "scanner-1", "files": [{"path": "report.sarif", "sha256": "'
               + sha + '", "bytes": 7}, {"path": "report.html", "sha256": "' + sha +
               '", "bytes": 0}]}\n')
    corpus.add("manifest_fuzz", '{"manifest_version": 1, "files": [{"path": "../x"}]}')
    # tencent_replies_fuzz: the reader's number, then a Response object from the cloud fixtures.
    for path in sorted((REPO / "fixtures" / "cloud").glob("*.json")):
        for region in json.loads(path.read_text()).get("tencentcloud", {}).get("regions", {}).values():
            for instance in region.get("instances", []):
                corpus.add("tencent_replies_fuzz", b"\0" + json.dumps(instance).encode())
            for groups in region.get("instance_security_groups", {}).values():
                corpus.add("tencent_replies_fuzz", b"\1" + json.dumps({"Groups": groups}).encode())
            for nodes in region.get("instance_nodes", {}).values():
                corpus.add("tencent_replies_fuzz", b"\2" + json.dumps(nodes).encode())
            for status in region.get("instance_ssl", {}).values():
                corpus.add("tencent_replies_fuzz", b"\3" + json.dumps({"Status": status}).encode())
            corpus.add("tencent_replies_fuzz", b"\4" + json.dumps(
                [{"InstanceId": i, "AuditStatus": "ON"} for i in region.get("audited_instances", [])]).encode())
            corpus.add("tencent_replies_fuzz", b"\5" + json.dumps({"BackupSaveTime": 7}).encode())
            corpus.add("tencent_replies_fuzz", b"\6" + json.dumps(
                {"Users": [{"UserName": "mongouser", "AuthRole": [{"Mask": 3, "NameSpace": "*"}]}]}).encode())
    # atlas_replies_fuzz: the reader's number (see the harness), then one reply from the fixtures.
    for path in sorted((REPO / "fixtures" / "cloud").glob("*.json")):
        atlas = json.loads(path.read_text()).get("atlas", {})

        def add_atlas(reader, reply):
            corpus.add("atlas_replies_fuzz", bytes([reader]) + json.dumps(reply).encode())

        for organization in atlas.get("organizations", []):
            add_atlas(10, organization)
            add_atlas(11, organization.get("settings", {}))
        for project in atlas.get("projects", []):
            add_atlas(0, project)
            for entry in project.get("accessList", []):
                add_atlas(1, entry)
            for cluster in project.get("clusters", []):
                add_atlas(2, cluster)
            for arguments in project.get("processArgs", {}).values():
                add_atlas(3, arguments)
            for schedule in project.get("backupSchedules", {}).values():
                add_atlas(4, schedule)
            for reader, key in ((5, "auditLog"), (6, "encryptionAtRest"), (9, "userSecurity")):
                if key in project:
                    add_atlas(reader, project[key])
            for user in project.get("databaseUsers", []):
                add_atlas(7, user)
            add_atlas(8, project.get("customDBRoles", []))
    for harness, count in sorted(corpus.counts.items()):
        print(f"seed_corpus: {harness}: {count} seeds")


if __name__ == "__main__":
    main()
