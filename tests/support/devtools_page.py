#!/usr/bin/env python3
"""Drives one page in headless Chromium over the DevTools protocol, for the browser tests.

Usage: devtools_page.py --chromium PATH --url URL [--width W --height H] < steps.json

Chromium runs with --remote-debugging-pipe: it reads protocol messages from fd 3 and writes them
to fd 4, each a JSON object ended by a NUL byte, so the standard library is enough. The steps are a
JSON array, run in order on the loaded page; stdout gets {"results": [...]}, one result per step:

  {"evaluate": "JS expression"}  the expression's value (promises awaited, returned by value)
  {"click": "CSS selector"}      scrolls the element into view and presses and releases the left
                                 mouse button at its centre, as a user would; the result says where
                                 and whether the element was the one under the pointer
  {"screenshot": "path.png"}     the whole page as PNG, written atomically; result: path and size;
                                 with "max_height": H, only its top H pixels (a long report's
                                 whole page takes Chromium minutes on a loaded machine)
  {"emulate": {"media": "print", "width": W}}  lays the page out for that CSS media type at that
                                 width (in CSS pixels) for the steps that follow; result: null
  {"pdf": "path.pdf"}            the page printed as the print dialog would, on A4 (210 x 297 mm)
                                 with the page's own @page margins, written atomically; result: path
  {"load": "URL"}                loads another page in the same browser, on the screen it started
                                 with (media and width as given on the command line); result: null

Exit status 0 when every step ran, 1 with a message on stderr otherwise.
"""

import argparse
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

# Flags for a machine with no network (see the project README): no background connections.
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--remote-debugging-pipe",
]
# Chromium's ends of the pipe, fixed by --remote-debugging-pipe.
CHROMIUM_READ_FD, CHROMIUM_WRITE_FD = 3, 4
# How long one command or awaited event may take. Per command, not per page: on a loaded 2-core
# machine (make test runs six tests at once) one page of the demo's report took over a minute to
# load, lay out and screenshot in all, each command well within this.
TIMEOUT_SECONDS = 90
A4_INCHES = (210 / 25.4, 297 / 25.4)


class ProtocolError(Exception):
    pass


class DevToolsPipe:
    """One browser over --remote-debugging-pipe; commands are answered in order of their ids."""

    def __init__(self, chromium, profile_dir, width, height):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # Above 4, so that moving them onto 3 and 4 in the child cannot clobber one another.
        high_read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
        high_write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
        os.close(to_browser_read)
        os.close(from_browser_write)

        # Popen closes every other descriptor after preexec_fn has run; pass_fds keeps 3 and 4.
        def give_pipe_to_chromium():
            os.dup2(high_read, CHROMIUM_READ_FD)
            os.dup2(high_write, CHROMIUM_WRITE_FD)

        self._process = subprocess.Popen(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile_dir}",
             f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            pass_fds=(CHROMIUM_READ_FD, CHROMIUM_WRITE_FD), preexec_fn=give_pipe_to_chromium)
        os.close(high_read)
        os.close(high_write)
        self._buffer = b""
        self._next_id = 0
        self._events = []
        self._deadline = time.monotonic() + TIMEOUT_SECONDS
        self._waiting_for = "start"

    def _start_waiting(self, what):
        self._deadline = time.monotonic() + TIMEOUT_SECONDS
        self._waiting_for = what

    def _read_message(self):
        while b"\0" not in self._buffer:
            remaining = self._deadline - time.monotonic()
            if remaining <= 0:
                raise ProtocolError(f"timed out after {TIMEOUT_SECONDS} s waiting for Chromium's "
                                    f"{self._waiting_for}")
            ready, _, _ = select.select([self._from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise ProtocolError("Chromium closed the pipe: " + self._stderr_tail())
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _stderr_tail(self):
        if self._process.poll() is None:
            return "(still running)"
        return self._process.stderr.read().decode(errors="replace")[-2000:]

    def send(self, method, params=None, session=None):
        """Sends a command and returns its result; events that arrive meanwhile are kept."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        self._start_waiting(f"reply to {method}")
        while True:
            reply = self._read_message()
            if reply.get("id") != self._next_id:
                self._events.append(reply)
                continue
            if "error" in reply:
                raise ProtocolError(f"{method}: {reply['error']}")
            return reply.get("result", {})

    def wait_for_event(self, method, session):
        self._start_waiting(f"event {method}")
        while True:
            for i, event in enumerate(self._events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self._events.pop(i)
            self._events.append(self._read_message())

    def close(self):
        try:
            self.send("Browser.close")
        except (ProtocolError, OSError):
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


class Page:
    def __init__(self, browser, width, height):
        self._browser = browser
        self._width = width
        self._height = height
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = browser.send("Target.attachToTarget",
                                     {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def load_on_first_screen(self, url):
        """Loads url laid out as the first page was: screen media at the starting width."""
        self.emulate("", self._width)
        self.load(url)

    def send(self, method, params=None):
        return self._browser.send(method, params, self._session)

    def load(self, url):
        reply = self.send("Page.navigate", {"url": url})
        if reply.get("errorText"):
            raise ProtocolError(f"cannot load {url}: {reply['errorText']}")
        self._browser.wait_for_event("Page.loadEventFired", self._session)

    def evaluate(self, expression):
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                               "awaitPromise": True})
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise ProtocolError(f"{expression!r} threw {text}")
        return reply["result"].get("value")

    def click(self, selector):
        where = self.evaluate(f"""(() => {{
            const element = document.querySelector({json.dumps(selector)});
            if (!element) return null;
            element.scrollIntoView({{block: "center", inline: "nearest"}});
            const box = element.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {{x, y, hit: hit !== null && (hit === element || element.contains(hit))}};
        }})()""")
        if where is None:
            raise ProtocolError(f"click: nothing matches {selector}")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": where["x"], "y": where["y"],
                                                   "button": "left", "clickCount": 1})
        return where

    def screenshot(self, path, max_height=None):
        size = self.send("Page.getLayoutMetrics")["cssContentSize"]
        width, height = int(size["width"]), int(size["height"])
        if max_height is not None:
            height = min(height, max_height)
        shot = self.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        _write_atomically(path, base64.b64decode(shot["data"]), ".png")
        return {"path": os.path.abspath(path), "width": width, "height": height}

    def emulate(self, media, width):
        self.send("Emulation.setEmulatedMedia", {"media": media})
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": self._height, "deviceScaleFactor": 1, "mobile": False})

    def pdf(self, path):
        # Page.printToPDF takes inches; backgrounds print as the browser's print dialog would with
        # "Background graphics" off, so the page must read in black on white.
        printed = self.send("Page.printToPDF", {
            "paperWidth": A4_INCHES[0], "paperHeight": A4_INCHES[1], "preferCSSPageSize": False,
            "printBackground": False, "marginTop": 0, "marginBottom": 0, "marginLeft": 0,
            "marginRight": 0})
        _write_atomically(path, base64.b64decode(printed["data"]), ".pdf")
        return {"path": os.path.abspath(path)}


def _write_atomically(path, data, suffix):
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    # Written aside and renamed: two test runs may write the same artifact at once.
    with tempfile.NamedTemporaryFile(dir=directory, suffix=suffix, delete=False) as out:
        out.write(data)
    os.chmod(out.name, 0o644)
    os.replace(out.name, path)


def run_step(page, step):
    if "evaluate" in step:
        return page.evaluate(step["evaluate"])
    if "click" in step:
        return page.click(step["click"])
    if "screenshot" in step:
        return page.screenshot(step["screenshot"], step.get("max_height"))
    if "emulate" in step:
        return page.emulate(step["emulate"]["media"], step["emulate"]["width"])
    if "pdf" in step:
        return page.pdf(step["pdf"])
    if "load" in step:
        return page.load_on_first_screen(step["load"])
    raise ProtocolError(f"unknown step {step}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--url", required=True)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    steps = json.load(sys.stdin)

    profile = tempfile.mkdtemp(prefix="mongoscan-chromium-")
    browser = None
    try:
        browser = DevToolsPipe(args.chromium, profile, args.width, args.height)
        page = Page(browser, args.width, args.height)
        page.load(args.url)
        results = [run_step(page, step) for step in steps]
    except (ProtocolError, OSError, json.JSONDecodeError) as error:
        print(f"devtools_page: {error}", file=sys.stderr)
        return 1
    finally:
        if browser is not None:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    json.dump({"results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
