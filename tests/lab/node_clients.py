"""The official Node driver and mongosh as lab clients: installs the versions pinned in
clients/package.json with npm into a directory outside the repository, and runs the scripts in
clients/ with them.

The directory is MONGOSCAN_NODE_CLIENTS_DIR, else mongoscan-lab/node-clients in the user's cache
directory ($XDG_CACHE_HOME, else ~/.cache), so that every build and checkout on the machine shares one
install. An install whose versions match the pins is reused; concurrent runs install one at a time.
unavailable() says why the clients cannot run (no node or npm, or the install failed), so that a test
can skip saying so.
"""

import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path

CLIENTS = Path(__file__).resolve().with_name("clients")
PINS = json.loads((CLIENTS / "package.json").read_text())["dependencies"]
INSTALL_TIMEOUT_S = 600

_install_error = None
_installed = False


def install_dir():
    if os.environ.get("MONGOSCAN_NODE_CLIENTS_DIR"):
        return Path(os.environ["MONGOSCAN_NODE_CLIENTS_DIR"])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "mongoscan-lab" / "node-clients"


def _installed_versions(directory):
    versions = {}
    for name in PINS:
        manifest = directory / "node_modules" / name / "package.json"
        if manifest.exists():
            versions[name] = json.loads(manifest.read_text()).get("version")
    return versions


def _install():
    global _install_error, _installed
    if _installed or _install_error:
        return
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        _install_error = "node and npm are not on the PATH (Debian: apt-get install nodejs npm; `make deps`)"
        return
    directory = install_dir()
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if _installed_versions(directory) != PINS:
            _install_error = _npm_install(npm, directory)
            if _install_error:
                return
    _installed = True


def _npm_install(npm, directory):
    """Installs the pins into directory; None on success, else why it failed."""
    shutil.copy(CLIENTS / "package.json", directory / "package.json")
    try:
        result = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-package-lock"],
                                cwd=directory, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"npm install in {directory} took over {INSTALL_TIMEOUT_S} s"
    if result.returncode != 0 or _installed_versions(directory) != PINS:
        return f"npm install in {directory} failed: {result.stderr.strip()[-500:]}"
    return None


def unavailable():
    """None when the pinned clients are installed (installing them on first use), else the reason."""
    _install()
    return _install_error


def _environment(extra):
    return dict(os.environ, NODE_PATH=str(install_dir() / "node_modules"), **extra)


def run_driver(script, request, timeout_s):
    """Runs clients/<script> with node, request (a dict, JSON on stdin); returns its JSON output."""
    result = subprocess.run(["node", str(CLIENTS / script)], input=json.dumps(request),
                            capture_output=True, text=True, timeout=timeout_s, env=_environment({}))
    if result.returncode != 0:
        raise AssertionError(f"{script} exited {result.returncode}: {result.stderr.strip()[-2000:]}")
    return json.loads(result.stdout)


def run_mongosh(script, environment, timeout_s):
    """Runs mongosh --nodb on clients/<script> with environment added; returns the JSON it prints.
    Traffic stays on loopback: --quiet skips the update check and telemetry is off
    (cli-repl.js: fetchMongoshUpdateUrl, forceDisableTelemetry); its logs go to a HOME of its own."""
    mongosh = install_dir() / "node_modules" / ".bin" / "mongosh"
    home = install_dir() / "home"
    home.mkdir(exist_ok=True)
    result = subprocess.run([str(mongosh), "--nodb", "--quiet", "--norc", "--file", str(CLIENTS / script)],
                            capture_output=True, text=True, timeout=timeout_s,
                            env=_environment(dict(environment, HOME=str(home),
                                                  MONGOSH_FORCE_DISABLE_TELEMETRY_FOR_TESTING="1")))
    if result.returncode != 0:
        raise AssertionError(f"mongosh {script} exited {result.returncode}: {result.stderr.strip()[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])
