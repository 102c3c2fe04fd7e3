#!/usr/bin/python3
"""Writes a sharded_cluster profile of any size for the benchmark, made from fixtures/lab/sharded.json:

  bench_cluster.py --shards N [--mongos 4] [--config-servers 3] [--members 3] --out F

The result has --mongos mongos behind the VIP, the config server set cfg (primary and secondaries)
with sharded.json's cluster users, and N shards shard0..shard<N-1>, each a primary and secondaries
(--members in all, 8.0.12) holding shard0's shard-local users, so the scanner's one account logs in
everywhere; requireTLS (valid certificate) and SCRAM on every node, keyFile everywhere, sharded.json's
staleMongos. Serve it with lab.py --profile F (README.md, "Sharded clusters").
"""

import argparse
import copy
import json
import sys
from pathlib import Path

import profiles

TEMPLATE = profiles.PROFILE_DIR / "sharded.json"


def _set_nodes(version, members):
    return [{"role": "primary", "version": version}] + \
        [{"role": "secondary", "version": version} for _ in range(members - 1)]


def cluster(shards, mongos, config_servers, members):
    """The profile as a JSON-ready dict."""
    template = json.loads(TEMPLATE.read_text())
    version = template["mongos"]["nodes"][0]["version"]
    raw = copy.deepcopy(template)
    raw["description"] = (f"Benchmark cluster: {mongos} mongos behind a VIP, config set cfg of {config_servers}, "
                          f"{shards} shards of {members}; requireTLS, SCRAM, keyFile (from sharded.json).")
    raw["mongos"]["nodes"] = [{"role": "mongos", "version": version} for _ in range(mongos)]
    raw["configServers"]["nodes"] = _set_nodes(version, config_servers)
    shard_template = next(s for s in template["shards"] if s.get("users"))
    raw["shards"] = []
    for index in range(shards):
        shard = copy.deepcopy(shard_template)
        shard_id = f"shard{index}"
        shard.update({"_id": shard_id, "setName": shard_id, "nodes": _set_nodes(version, members)})
        shard["cmdLineOpts"]["parsed"]["replication"]["replSetName"] = shard_id
        raw["shards"].append(shard)
    return raw


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shards", type=int, required=True)
    parser.add_argument("--mongos", type=int, default=4)
    parser.add_argument("--config-servers", type=int, default=3)
    parser.add_argument("--members", type=int, default=3, help="members of each shard's replica set")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if min(args.shards, args.mongos, args.config_servers, args.members) < 1:
        parser.error("every count is at least 1")
    args.out.write_text(json.dumps(cluster(args.shards, args.mongos, args.config_servers, args.members)) + "\n")
    profiles.load(str(args.out))  # checks what was written
    return 0


if __name__ == "__main__":
    sys.exit(main())
