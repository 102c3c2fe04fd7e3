"""Runs lab.py as a child process for the Python tests and stops it again, also when a test fails."""

import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LAB = Path(__file__).resolve().with_name("lab.py")
READY_TIMEOUT_S = 15
STOP_TIMEOUT_S = 5

_shared_cert_dir = None


def shared_cert_dir():
    """One certificate directory for every lab this test process starts (made once, ~2 s)."""
    global _shared_cert_dir
    if _shared_cert_dir is None:
        _shared_cert_dir = Path(tempfile.mkdtemp(prefix="mongoscan-lab-certs-"))
        atexit.register(shutil.rmtree, _shared_cert_dir, ignore_errors=True)
    return _shared_cert_dir


class LabProcess:
    """A running lab: start() waits for the ready file; stop() sends SIGTERM and returns the exit code."""

    def __init__(self, profile, latency_ms=0, more_profiles=()):
        """more_profiles: deployments served side by side with `profile` (lab.py's repeated --profile)."""
        self.profile = profile
        self.more_profiles = list(more_profiles)
        self.latency_ms = latency_ms
        self.directory = Path(tempfile.mkdtemp(prefix=f"mongoscan-lab-{Path(profile).stem}-"))
        self.ready_file = self.directory / "ready.json"
        self.log_file = self.directory / "commands.jsonl"
        self.cert_dir = shared_cert_dir()
        self.nodes = []
        self.ready = {}
        self._process = None
        self._stderr = None

    def start(self):
        self._stderr = open(self.directory / "stderr.txt", "w+")
        self._process = subprocess.Popen(
            [sys.executable, str(LAB), "--profile", self.profile,
             *(argument for more in self.more_profiles for argument in ("--profile", more)),
             "--ready-file", str(self.ready_file), "--log", str(self.log_file),
             "--cert-dir", str(self.cert_dir), "--latency-ms", str(self.latency_ms)],
            stdout=subprocess.DEVNULL, stderr=self._stderr, start_new_session=True)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while not self.ready_file.exists():
            if self._process.poll() is not None:
                raise RuntimeError(f"lab {self.profile} exited with {self._process.returncode}: "
                                   f"{self.stderr()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"lab {self.profile} not ready after {READY_TIMEOUT_S} s: {self.stderr()}")
            time.sleep(0.02)
        self.ready = json.loads(self.ready_file.read_text())
        self.nodes = self.ready["nodes"]
        return self

    def stop(self):
        """Stops the lab (SIGKILL after STOP_TIMEOUT_S) and returns its exit code."""
        if self._process is None:
            return None
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                os.killpg(self._process.pid, signal.SIGKILL)
                self._process.wait()
        return self._process.returncode

    def remove(self):
        if self._stderr is not None:
            self._stderr.close()
        shutil.rmtree(self.directory, ignore_errors=True)

    def stderr(self):
        self._stderr.flush()
        self._stderr.seek(0)
        return self._stderr.read().strip()

    def host_port(self, index=0):
        host, port = self.nodes[index].rsplit(":", 1)
        return host, int(port)

    def commands(self):
        """The command log so far, one dict per command."""
        if not self.log_file.exists():
            return []
        return [json.loads(line) for line in self.log_file.read_text().splitlines() if line]

    def commands_after(self, before, *, until, timeout_s=10.0):
        """The log's entries past the first `before`, once `until(names)` holds for their command
        names or `timeout_s` has passed: the lab logs what a client sends after the client has
        moved on (endSessions on close), later still on a loaded machine."""
        deadline = time.monotonic() + timeout_s
        while True:
            entries = self.commands()[before:]
            if until([entry["command"] for entry in entries]) or time.monotonic() >= deadline:
                return entries
            time.sleep(0.05)


def start_for_class(test_class, profile, **options):
    """Starts a lab in setUpClass and registers its stop as a class cleanup."""
    lab = LabProcess(profile, **options)
    test_class.addClassCleanup(lab.remove)
    test_class.addClassCleanup(lab.stop)
    return lab.start()
