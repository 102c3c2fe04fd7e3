"""The server defaults table the checks read (checks/data/server-defaults.json, compiled into
mongoscan by checks/server/server_defaults.cpp), read here with the same selection rules so that the
lab answers with the defaults the checks assume."""

import json
from pathlib import Path

import versions

TABLE = Path(__file__).resolve().parents[2] / "checks" / "data" / "server-defaults.json"

_entries = json.loads(TABLE.read_text(encoding="utf-8"))["defaults"]

PARAMETER_PREFIX = "setParameter."


def entry(setting, version, configured=None):
    """The entry for setting at version ("7.0.9") as ServerDefaults::find chooses it: of the entries
    whose `when` the configured values meet (those replacing the unconditional ones), the latest
    `since` not above the version. None: no default at that version."""
    configured = configured or {}
    matching = [e for e in _entries if e["setting"] == setting]

    def meets(e):
        return all(configured.get(key) == value for key, value in e.get("when", {}).items())

    conditional = any(e.get("when") and meets(e) for e in matching)
    candidates = [e for e in matching if bool(e.get("when")) == conditional and meets(e)]
    applying = [e for e in candidates if versions.parse(e["since"]) <= versions.parse(version)]
    return max(applying, key=lambda e: versions.parse(e["since"])) if applying else None


def value(setting, version, configured=None):
    """The default value of setting at version; None where the table has none."""
    found = entry(setting, version, configured)
    return found["value"] if found else None


def parameters(version, enterprise):
    """getParameter's defaults at version: every setParameter entry the version (and the edition)
    has, by parameter name."""
    names = sorted({e["setting"] for e in _entries if e["setting"].startswith(PARAMETER_PREFIX)})
    values = {}
    for setting in names:
        found = entry(setting, version)
        if found and (enterprise or not found.get("enterprise", False)):
            values[setting[len(PARAMETER_PREFIX):]] = found["value"]
    return values


def compressors(version):
    """net.compression.compressors by default at version, as a list ([] for "disabled")."""
    configured = value("net.compression.compressors", version) or "disabled"
    return [name for name in configured.split(",") if name not in ("", "disabled")]


# The lowest protocol each TLS version name leaves enabled when it is the highest one disabled.
_ABOVE_DISABLED = {"TLS1_0": "TLSv1.1", "TLS1_1": "TLSv1.2", "TLS1_2": "TLSv1.3"}


def tls_min_version(version):
    """The lowest TLS version a server accepts with net.tls.disabledProtocols unset."""
    disabled = value("net.tls.disabledProtocols", version)
    if not disabled:
        return "TLSv1"
    return _ABOVE_DISABLED[sorted(disabled.split(","))[-1]]
