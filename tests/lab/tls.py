"""Test certificates (made with the openssl CLI at test time) and the lab's server TLS contexts.

make_certificates(dir) writes, once per directory (later only the variants it lacks):
  ca.pem, ca.key                 the lab CA that signs everything below except the self-signed one
  server-<variant>.pem           certificate + private key, for each of SERVER_CERTIFICATES
  server-<variant>@<host>.pem    the same variant also naming an advertised host (server_context)
  client.pem                     CA-signed client certificate + key, subject CLIENT_SUBJECT (X.509 auth)
  untrusted-client.pem           a self-signed client certificate the lab's CA does not vouch for
"""

import contextlib
import fcntl
import ipaddress
import os
import secrets
import shutil
import ssl
import subprocess
import tempfile
import time
from pathlib import Path

# Server certificate variants a profile can choose with tls.certificate.
SERVER_CERTIFICATES = ("valid", "expired", "expiring-soon", "self-signed", "wrong-name", "weak-key",
                       "small-ec", "sha1")
CLIENT_SUBJECT = "CN=scanner,OU=Ops,O=mongoscan-lab"  # RFC 2253 form, as MONGODB-X509 reports it
TLS_VERSIONS = {
    "TLSv1": ssl.TLSVersion.TLSv1,
    "TLSv1.1": ssl.TLSVersion.TLSv1_1,
    "TLSv1.2": ssl.TLSVersion.TLSv1_2,
    "TLSv1.3": ssl.TLSVersion.TLSv1_3,
}
CLIENT_CERTIFICATE_MODES = ("none", "optional", "required")

_COMPLETE_MARKER = ".complete"
_REMADE_DAILY = ("server-expiring-soon",)
_ONE_DAY_S = 24 * 3600
_SERVER_NAMES = "DNS:localhost,IP:127.0.0.1"
_NAMED_HOSTS = ("localhost", "127.0.0.1")
_CA_CONFIG = """\
[ ca ]
default_ca = lab_ca
[ lab_ca ]
database = {dir}/index.txt
new_certs_dir = {dir}
serial = {dir}/serial
default_md = sha256
policy = any_name
unique_subject = no
[ any_name ]
commonName = optional
organizationName = optional
organizationalUnitName = optional
"""
# name -> (subject, key (`openssl genpkey` arguments), signed by the CA, `openssl ca` arguments
#          (validity, digest), subjectAltName, extended key usage)
_VALID = ("-days", "365")
_RSA_2048 = ("-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048")
_RSA_1024 = ("-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024")
# P-224: 112-bit security, below the 256-bit curves TLS-003 asks for. It has no TLS 1.3 signature
# algorithm, so a server with it negotiates TLS 1.2, and only with clients that list the curve.
_EC_P224 = ("-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-224")
_CERTIFICATES = {
    "server-valid": ("/O=mongoscan-lab/CN=localhost", _RSA_2048, True, _VALID, _SERVER_NAMES,
                     "serverAuth"),
    "server-expired": ("/O=mongoscan-lab/CN=localhost", _RSA_2048, True,
                       ("-startdate", "20200101000000Z", "-enddate", "20210101000000Z"),
                       _SERVER_NAMES, "serverAuth"),
    "server-expiring-soon": ("/O=mongoscan-lab/CN=localhost", _RSA_2048, True, ("-days", "10"),
                             _SERVER_NAMES, "serverAuth"),
    "server-self-signed": ("/O=mongoscan-lab/CN=localhost", _RSA_2048, False, _VALID, _SERVER_NAMES,
                           "serverAuth"),
    "server-wrong-name": ("/O=mongoscan-lab/CN=wrong.example.test", _RSA_2048, True, _VALID,
                          "DNS:wrong.example.test", "serverAuth"),
    "server-weak-key": ("/O=mongoscan-lab/CN=localhost", _RSA_1024, True, _VALID, _SERVER_NAMES,
                        "serverAuth"),
    "server-small-ec": ("/O=mongoscan-lab/CN=localhost", _EC_P224, True, _VALID, _SERVER_NAMES,
                        "serverAuth"),
    "server-sha1": ("/O=mongoscan-lab/CN=localhost", _RSA_2048, True, (*_VALID, "-md", "sha1"),
                    _SERVER_NAMES, "serverAuth"),
    "client": ("/O=mongoscan-lab/OU=Ops/CN=scanner", _RSA_2048, True, _VALID, None, "clientAuth"),
    "untrusted-client": ("/O=mongoscan-lab/OU=Ops/CN=scanner", _RSA_2048, False, _VALID, None,
                         "clientAuth"),
}


def _openssl(*args, cwd):
    result = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"openssl {args[0]} failed: {result.stderr.strip()}")


def _extensions(san, usage):
    lines = ["basicConstraints=CA:FALSE", f"extendedKeyUsage={usage}"]
    if san:
        lines.append(f"subjectAltName={san}")
    return "\n".join(lines) + "\n"


def _make_certificate(work, name, spec):
    subject, key_arguments, ca_signed, ca_arguments, san, usage = spec
    key, pem = work / f"{name}.key", work / f"{name}.crt"
    (work / f"{name}.ext").write_text(_extensions(san, usage))
    _openssl("genpkey", *key_arguments, "-out", str(key), cwd=work)
    if ca_signed:
        _openssl("req", "-new", "-key", str(key), "-subj", subject, "-out", f"{name}.csr", cwd=work)
        _openssl("ca", "-batch", "-notext", "-preserveDN", "-config", "ca.cnf", "-cert", "ca.pem",
                 "-keyfile", "ca.key", "-in", f"{name}.csr", "-out", str(pem), "-extfile",
                 f"{name}.ext", *ca_arguments, cwd=work)
    else:
        _openssl("req", "-x509", "-new", "-key", str(key), "-subj", subject, "-out", str(pem),
                 "-days", "365", "-addext", f"extendedKeyUsage={usage}",
                 *(("-addext", f"subjectAltName={san}") if san else ()), cwd=work)
    return pem.read_text() + key.read_text()


def _missing(directory):
    """The certificates of _CERTIFICATES not in directory yet (a directory made by an older lab
    lacks the variants added since), and those whose validity has drifted (server-expiring-soon
    is remade after a day, so that it keeps about 10 days left and never expires in place)."""
    if not (directory / _COMPLETE_MARKER).exists():
        return dict(_CERTIFICATES)
    missing = {}
    for name, spec in _CERTIFICATES.items():
        path = directory / f"{name}.pem"
        drifted = (name in _REMADE_DAILY and path.exists()
                   and time.time() - path.stat().st_mtime > _ONE_DAY_S)
        if drifted or not path.exists():
            missing[name] = spec
    return missing


def make_certificates(directory):
    """Creates the certificate set in directory unless it is already complete; safe to call from
    several processes at once (an exclusive lock serialises them). A complete directory that lacks
    newer variants gets them, signed by its existing CA."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        missing = _missing(directory)
        if not missing:
            return
        keep_ca = len(missing) < len(_CERTIFICATES)
        serial = 1000 + len(_CERTIFICATES) - len(missing)
        with _signing_workspace(directory, serial, keep_ca) as work:
            for name, spec in missing.items():
                (directory / f"{name}.pem").write_text(_make_certificate(work, name, spec))
            if not keep_ca:
                for name in ("ca.pem", "ca.key"):
                    os.replace(work / name, directory / name)
        (directory / _COMPLETE_MARKER).write_text("")


@contextlib.contextmanager
def _signing_workspace(directory, serial, keep_ca):
    """A scratch directory inside directory set up for `openssl ca`: its config, index, serial (hex
    digits) and the directory's CA (keep_ca) or a new one."""
    with tempfile.TemporaryDirectory(dir=directory) as scratch:
        work = Path(scratch)
        (work / "ca.cnf").write_text(_CA_CONFIG.format(dir=work))
        (work / "index.txt").write_text("")
        (work / "serial").write_text(f"{serial}\n")
        if keep_ca:
            for name in ("ca.pem", "ca.key"):
                shutil.copy(directory / name, work / name)
        else:
            _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key",
                     "-out", "ca.pem", "-days", "3650", "-subj", "/O=mongoscan-lab/CN=mongoscan lab CA",
                     "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=work)
        yield work


def server_certificate(directory, variant, host):
    """The PEM file of server certificate `variant` for nodes known as `host`: the shared file when
    it names host already, or names another host on purpose (wrong-name); else a copy that also names
    host (DNS or IP), signed by its CA and remade whenever the shared file is. The directory must be
    complete (make_certificates); safe across processes."""
    directory = Path(directory)
    name = f"server-{variant}"
    subject, key, ca_signed, validity, san, usage = _CERTIFICATES[name]
    if host in _NAMED_HOSTS or san != _SERVER_NAMES:
        return directory / f"{name}.pem"
    shared, path = directory / f"{name}.pem", directory / f"{name}@{host}.pem"
    with open(directory / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists() or path.stat().st_mtime < shared.stat().st_mtime:
            spec = (subject, key, ca_signed, validity, f"{san},{_san_entry(host)}", usage)
            with _signing_workspace(directory, secrets.token_hex(8), keep_ca=True) as work:
                path.write_text(_make_certificate(work, name, spec))
    return path


def _san_entry(host):
    try:
        ipaddress.ip_address(host)
        return f"IP:{host}"
    except ValueError:
        return f"DNS:{host}"


def server_context(tls, cert_dir, host="127.0.0.1"):
    """An SSLContext for a profile's tls block (TlsSpec) of nodes known as host (server_certificate);
    None when TLS is disabled."""
    if tls.mode == "disabled":
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    legacy = tls.min_version in ("TLSv1", "TLSv1.1")
    if tls.certificate in ("weak-key", "sha1") or legacy or tls.ciphers:
        # OpenSSL's default security level refuses 1024-bit keys, SHA-1 signatures, TLS < 1.2 and
        # the weak cipher classes: lower it only here.
        context.set_ciphers(f"{tls.ciphers or 'DEFAULT'}:@SECLEVEL=0")
    context.load_cert_chain(server_certificate(cert_dir, tls.certificate, host))
    context.minimum_version = TLS_VERSIONS[tls.min_version]
    if tls.max_version:
        context.maximum_version = TLS_VERSIONS[tls.max_version]
    if tls.client_certificates != "none":
        context.load_verify_locations(Path(cert_dir) / "ca.pem")
        context.verify_mode = (ssl.CERT_REQUIRED if tls.client_certificates == "required"
                               else ssl.CERT_OPTIONAL)
    return context


_RFC2253_NAMES = {
    "countryName": "C", "stateOrProvinceName": "ST", "localityName": "L", "organizationName": "O",
    "organizationalUnitName": "OU", "commonName": "CN", "streetAddress": "STREET",
    "domainComponent": "DC", "userId": "UID",
}


def _rfc2253_escape(value):
    escaped = "".join("\\" + c if c in ',+"\\<>;' else c for c in value)
    if escaped.startswith((" ", "#")):
        escaped = "\\" + escaped
    if escaped.endswith(" ") and not escaped.endswith("\\ "):
        escaped = escaped[:-1] + "\\ "
    return escaped


def subject_rfc2253(peer_certificate):
    """The subject of a verified peer certificate (ssl getpeercert() dict) in RFC 2253 form: last
    RDN first, as MongoDB names X.509 users."""
    rdns = []
    for rdn in reversed(peer_certificate.get("subject", ())):
        rdns.append("+".join(f"{_RFC2253_NAMES.get(name, name)}={_rfc2253_escape(value)}"
                             for name, value in rdn))
    return ",".join(rdns)
