"""The deployment's databases: the profile's, plus admin, config and local with their usual system
collections, and each collection's documents: the profile's literal ones, then the generated ones,
made on first use (generator.py) and kept with their BSON sizes."""

import datetime
from dataclasses import dataclass

import bson

import generator

_SYSTEM_DATABASES = ("admin", "config", "local")


@dataclass(frozen=True)
class Contents:
    documents: tuple  # in insertion order; handlers must not modify them
    sizes: tuple      # the BSON size of each document, in bytes


def _implicit_collections(profile, has_users, db):
    names = {"admin": ["system.version"], "config": ["system.sessions"], "local": ["startup_log"]}[db]
    if db == "admin" and has_users:
        names.append("system.users")
    if db == "admin" and profile.custom_roles:
        names.append("system.roles")
    return [{"name": name} for name in names]


class Databases:
    def __init__(self, profile, has_users, live=None):
        """live: {(db, collection): a function returning its documents}, read anew on every use (the
        cluster's config.mongos and config.shards)."""
        self._live = dict(live or {})
        listing = {}
        for db in profile.databases:
            listing[db["name"]] = {"collections": list(db.get("collections", [])),
                                   "sizeOnDisk": db.get("sizeOnDisk")}
        for name in _SYSTEM_DATABASES:
            entry = listing.setdefault(name, {"collections": [], "sizeOnDisk": None})
            listed = {c["name"] for c in entry["collections"]}
            entry["collections"] += [c for c in _implicit_collections(profile, has_users, name)
                                     if c["name"] not in listed]
        for db, name in self._live:
            entry = listing.setdefault(db, {"collections": [], "sizeOnDisk": None})
            if all(c["name"] != name for c in entry["collections"]):
                entry["collections"].append({"name": name})
        for entry in listing.values():
            if entry["sizeOnDisk"] is None:
                entry["sizeOnDisk"] = 8192 + 4096 * len(entry["collections"])
        self._listing = dict(sorted(listing.items()))
        self._entries = {}  # (db, name) -> the collection's entry, the first of that name
        for db, entry in self._listing.items():
            for collection in entry["collections"]:
                self._entries.setdefault((db, collection["name"]), collection)
        self._contents = {}

    def listing(self):
        """name -> {"sizeOnDisk", "collections"}, sorted by name. Read only."""
        return self._listing

    def collections(self, db):
        """The profile's entries for db's collections ({name, type?, options?, ...}); [] if none."""
        return self._listing.get(db, {"collections": []})["collections"]

    def collection(self, db, name):
        return self._entries.get((db, name))

    def contents(self, db, name):
        """The collection's documents and their sizes; empty for a collection that does not exist."""
        key = (db, name)
        if key in self._live:
            documents = self._live[key]()
            return Contents(tuple(documents), tuple(len(bson.encode(d)) for d in documents))
        if key not in self._contents:
            collection = self.collection(db, name) or {}
            documents = list(collection.get("documents", []))
            if "generate" in collection:
                documents += generator.generate(collection["generate"], f"{db}.{name}",
                                                datetime.datetime.now(datetime.timezone.utc))
            self._contents[key] = Contents(tuple(documents),
                                           tuple(len(bson.encode(d)) for d in documents))
        return self._contents[key]
