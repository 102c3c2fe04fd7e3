#!/usr/bin/python3
"""The lab: a MongoDB-compatible test deployment on 127.0.0.1, described by a profile.

  lab.py --profile NAME|PATH [--profile ...] --ready-file F [--latency-ms N] [--log F]
         [--cert-dir D] [--advertise-host NAME] [--bind-host IP]

Once every node listens, writes {"nodes": ["127.0.0.1:port", ...]} to F (atomically); a sharded
cluster adds "components" and, with a VIP, "vip" (README.md). Several --profile serve independent
deployments side by side (none of them a sharded cluster), and add "deployments": each one's
setName and nodes, in the order given (a bench's hundreds of replica sets in a few processes). Logs every
command received as one JSON line to --log (default F.commands.jsonl). Stops on SIGTERM or SIGINT,
removes F and exits 0. Exits 2 if the deployment cannot start. See README.md.
"""

import argparse
import asyncio
import json
import os
import resource
import signal
import sys
from pathlib import Path


def _load_driver_errors_alone():
    """Debian's bson.json_util (pymongo 3.11), which reads profiles, imports pymongo.errors, and
    importing that module the usual way first runs the driver's __init__: the whole driver with
    pyOpenSSL and cryptography, 0.15 CPU s of a lab start's 0.5, and make test starts hundreds of
    labs. The lab serves; it never uses the driver. So the same errors.py is loaded under its own
    name beforehand, and json_util finds it there; the package pymongo stays unimported."""
    import importlib.util
    if "pymongo" in sys.modules or "pymongo.errors" in sys.modules:
        return
    driver = importlib.util.find_spec("pymongo")
    if driver is None or not driver.submodule_search_locations:
        return
    spec = importlib.util.spec_from_file_location(
        "pymongo.errors", Path(driver.submodule_search_locations[0]) / "errors.py")
    errors = importlib.util.module_from_spec(spec)
    sys.modules["pymongo.errors"] = errors
    spec.loader.exec_module(errors)


_load_driver_errors_alone()

import profiles  # noqa: E402 (after the driver's errors, above)
import tls  # noqa: E402
from cluster import Cluster  # noqa: E402
from command_log import CommandLog  # noqa: E402
from deployment import Deployment  # noqa: E402
from node import DownNode, HttpInterface, NodeServer, bind, listen, reserve  # noqa: E402
from vip import Vip  # noqa: E402


def _arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", required=True, action="append",
                        help="profile name in fixtures/lab, or a path; repeat it to serve several "
                             "deployments side by side (none a sharded cluster)")
    parser.add_argument("--ready-file", required=True, type=Path)
    parser.add_argument("--latency-ms", type=int, default=0, help="delay every reply by N ms")
    parser.add_argument("--advertise-host", default="127.0.0.1",
                        help="the host name members are known by (hello, replSetGetStatus, the ready "
                             "file); nodes still listen on --bind-host")
    parser.add_argument("--bind-host", default="127.0.0.1",
                        help="the IPv4 address nodes listen on: 127.0.0.1, or an address a test gave "
                             "the loopback interface of a network namespace it made")
    parser.add_argument("--log", type=Path, help="command log (default: <ready-file>.commands.jsonl)")
    parser.add_argument("--cert-dir", type=Path,
                        help="test certificates, made there if missing (default: <ready-file dir>/certs)")
    return parser.parse_args(argv)


def _write_ready_file(path, ready):
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(ready) + "\n")
    os.replace(temporary, path)


async def _serve(servers, ready_file, ready):
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stopping.set)
    tasks = [asyncio.create_task(server.serve()) for server in servers]
    await asyncio.sleep(0)  # let every accept loop start
    _write_ready_file(ready_file, ready)
    await stopping.wait()
    await asyncio.gather(*(server.stop() for server in servers))
    await asyncio.gather(*tasks, return_exceptions=True)


def _component_profiles(profile):
    """The profiles whose nodes the lab binds: a cluster's components in order, else the profile."""
    if profile.topology == profiles.SHARDED_CLUSTER:
        return [component.profile for component in profile.components]
    return [profile]


_HTTP_PORT_ATTEMPTS = 20


def _bind_nodes(profile, host):
    """The profile's node sockets in order, and with the legacy HTTP interface each node's socket on
    its port + 1000, bound together: the OS picks a node's port and another process may hold the
    one 1000 above it, so such a node is bound again on another port (a fixed port cannot move)."""
    nodes, http = [], []
    for spec in profile.nodes:
        for attempt in range(_HTTP_PORT_ATTEMPTS):
            sock = bind(spec, host)
            if not profile.http_interface:
                break
            try:
                http.append(listen(sock.getsockname()[1] + HttpInterface.PORT_OFFSET, host))
                break
            except OSError:
                sock.close()
                if spec.port or attempt == _HTTP_PORT_ATTEMPTS - 1:
                    raise
        nodes.append(sock)
    return nodes, http


def _node_servers(deployment, sockets, http_sockets, args, log, cert_dir, contexts):
    """One server per node, and per HTTP interface socket; the TLS context is made once per distinct
    TLS setting (contexts caches)."""
    servers = []
    for node, sock in zip(deployment.nodes, sockets):
        if node.is_down:
            servers.append(DownNode(sock))
            continue
        settings = deployment.profile.tls_for(node.spec)
        if settings not in contexts:
            contexts[settings] = tls.server_context(settings, cert_dir, args.advertise_host)
        servers.append(NodeServer(deployment, node, sock, settings.mode, contexts[settings], log,
                                  args.latency_ms / 1000))
    servers += [HttpInterface(sock) for sock in http_sockets]
    return servers


def _load_balancer_servers(mongos, args, log, cert_dir, contexts):
    """Each mongos's load balancer port (loadBalancerPort, load_balancer.py): a second free port with
    the node's TLS setting; a mongos that is down only reserves it. Returns (servers, sockets)."""
    servers, sockets = [], []
    for node in mongos.nodes:
        sock = reserve(0, args.bind_host) if node.is_down else listen(0, args.bind_host)
        node.load_balancer_port = sock.getsockname()[1]
        sockets.append(sock)
        if node.is_down:
            servers.append(DownNode(sock))
            continue
        settings = mongos.profile.tls_for(node.spec)
        if settings not in contexts:
            contexts[settings] = tls.server_context(settings, cert_dir)
        servers.append(NodeServer(mongos, node, sock, settings.mode, contexts[settings], log,
                                  args.latency_ms / 1000, from_load_balancer=True))
    return servers, sockets


def _ready_side_by_side(loaded, addresses):
    """The ready file's content for several deployments: every node, then each deployment's."""
    return {"nodes": [address for deployment in addresses for address in deployment],
            "deployments": [{"setName": profile.set_name, "nodes": deployment_addresses}
                            for profile, deployment_addresses in zip(loaded, addresses)]}


def _ready(profile, addresses, vip_address, load_balancer_ports=None):
    """The ready file's content: every node; a cluster's components; its VIP, if any, and the mongos's
    load balancer ports behind a load-balanced VIP (mongos address -> host:port)."""
    ready = {"nodes": [address for component in addresses for address in component]}
    if profile.topology == profiles.SHARDED_CLUSTER:
        ready["components"] = [
            {"name": c.name, "kind": c.kind, **({"setName": c.profile.set_name} if c.kind != "mongos" else {}),
             "nodes": component_addresses}
            for c, component_addresses in zip(profile.components, addresses)]
    if vip_address:
        ready["vip"] = vip_address
    if load_balancer_ports:
        ready["load_balancer_ports"] = load_balancer_ports
    return ready


def _raise_open_file_limit():
    """Soft RLIMIT_NOFILE up to the hard limit: a large cluster (300 nodes) and its clients' connections
    need more descriptors than the usual soft 1024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _start_side_by_side(args):
    """Several profiles: each its own deployment, none linked to another; returns what _start does."""
    loaded = [profiles.load(name) for name in args.profile]
    if any(profile.topology == profiles.SHARDED_CLUSTER for profile in loaded):
        raise profiles.ProfileError("a sharded cluster is served alone: give it as the only --profile")
    _raise_open_file_limit()
    cert_dir = args.cert_dir or args.ready_file.parent / "certs"
    if any(profile.uses_tls for profile in loaded):
        tls.make_certificates(cert_dir)
    bound = [_bind_nodes(profile, args.bind_host) for profile in loaded]
    addresses = [[f"{args.advertise_host}:{sock.getsockname()[1]}" for sock in nodes] for nodes, _ in bound]
    log = CommandLog(args.log or args.ready_file.with_name(args.ready_file.name + ".commands.jsonl"))
    contexts = {}
    servers = [server for profile, deployment_addresses, (nodes, http) in zip(loaded, addresses, bound)
               for server in _node_servers(Deployment(profile, deployment_addresses), nodes, http,
                                           args, log, cert_dir, contexts)]
    return servers, _ready_side_by_side(loaded, addresses), log


def _start(args):
    """Loads the profile and binds every node (and the VIP); returns (servers, ready file content,
    command log)."""
    if len(args.profile) > 1:
        return _start_side_by_side(args)
    profile = profiles.load(args.profile[0])
    _raise_open_file_limit()
    cert_dir = args.cert_dir or args.ready_file.parent / "certs"
    if profile.uses_tls:
        tls.make_certificates(cert_dir)
    bound = [_bind_nodes(p, args.bind_host) for p in _component_profiles(profile)]
    sockets = [nodes for nodes, _ in bound]
    addresses = [[f"{args.advertise_host}:{sock.getsockname()[1]}" for sock in component]
                 for component in sockets]
    if profile.topology == profiles.SHARDED_CLUSTER:
        deployments = Cluster(profile, addresses).deployments
    else:
        deployments = [Deployment(profile, addresses[0])]
    log = CommandLog(args.log or args.ready_file.with_name(args.ready_file.name + ".commands.jsonl"))
    contexts = {}
    servers = [server for deployment, (component, http) in zip(deployments, bound)
               for server in _node_servers(deployment, component, http, args, log, cert_dir, contexts)]
    vip_address, load_balancer_ports = None, None
    if profile.topology == profiles.SHARDED_CLUSTER and profile.vip:
        backends = sockets[0]
        if profile.vip_load_balanced:
            lb_servers, backends = _load_balancer_servers(deployments[0], args, log, cert_dir, contexts)
            servers += lb_servers
            load_balancer_ports = {node.address: f"{args.advertise_host}:{node.load_balancer_port}"
                                   for node in deployments[0].nodes}
        vip_sock = listen(0, args.bind_host)
        servers.append(Vip(vip_sock, [sock.getsockname()[:2] for sock in backends],
                           proxy_protocol=profile.vip_load_balanced))
        vip_address = f"{args.advertise_host}:{vip_sock.getsockname()[1]}"
    return servers, _ready(profile, addresses, vip_address, load_balancer_ports), log


def _new_event_loop():
    """uvloop's event loop where it is installed (Debian's python3-uvloop; make deps installs it),
    else asyncio's. The lab stands in for servers that would run on other machines, yet shares the
    scanner's cores: asyncio's own loop and TLS transport cost it a fifth more CPU (64 TLS nodes
    scanned three times at --concurrency 32: 1.59 against 1.24 CPU s, 2026-12-01), which a fleet
    bench on two cores charges to the scan. The protocol it serves is the same either way."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def main(argv=None):
    args = _arguments(argv)
    try:
        servers, ready, log = _start(args)
    except (profiles.ProfileError, OSError, RuntimeError, ValueError) as error:
        print(f"lab: cannot start profile {', '.join(args.profile)}: {error}", file=sys.stderr)
        return 2
    try:
        with asyncio.Runner(loop_factory=_new_event_loop) as runner:
            runner.run(_serve(servers, args.ready_file, ready))
    finally:
        log.close()
        args.ready_file.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
