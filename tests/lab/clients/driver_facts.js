// The fidelity battery with the official Node driver: what test_fidelity.py's pymongo_facts reads.
// Input (stdin, JSON): {host, port, user, password, authSource, tlsCAFile|null}. Output (stdout,
// JSON): {enforced, version, roles, protocol}. The password is never printed.
"use strict";
const fs = require("fs");
const tls = require("tls");
const { MongoClient, MongoServerError } = require("mongodb");

async function enforced(base, options) {
  const anonymous = new MongoClient(base, options);
  try {
    await anonymous.db("admin").command({ listDatabases: 1, nameOnly: true });
    return false;
  } catch (error) {
    if (error instanceof MongoServerError) return error.code === 13;
    throw error;
  } finally {
    await anonymous.close();
  }
}

function protocol(input) {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: input.host, port: input.port, ca: fs.readFileSync(input.tlsCAFile),
                                 servername: input.host === "127.0.0.1" ? undefined : input.host });
    socket.once("secureConnect", () => { const name = socket.getProtocol(); socket.end(); resolve(name); });
    socket.once("error", reject);
  });
}

async function main() {
  const input = JSON.parse(fs.readFileSync(0, "utf8"));
  const base = `mongodb://${input.host}:${input.port}/`;
  const options = { directConnection: true, serverSelectionTimeoutMS: 5000 };
  if (input.tlsCAFile) Object.assign(options, { tls: true, tlsCAFile: input.tlsCAFile });
  const facts = { enforced: await enforced(base, options), roles: null, protocol: null };
  // zlib, as pymongo in test_fidelity.py: the driver compresses its requests (OP_COMPRESSED).
  const client = new MongoClient(base, { ...options, compressors: ["zlib"], authSource: input.authSource,
                                         auth: { username: input.user, password: input.password } });
  try {
    const admin = client.db("admin");
    facts.version = (await admin.command({ buildInfo: 1 })).version;
    const status = await admin.command({ connectionStatus: 1 });
    facts.roles = status.authInfo.authenticatedUserRoles.map((r) => `${r.role}@${r.db}`).sort();
  } finally {
    await client.close();
  }
  if (input.tlsCAFile) facts.protocol = await protocol(input);
  process.stdout.write(JSON.stringify(facts));
}

main().catch((error) => { process.stderr.write(`${error.name}: ${error.message}\n`); process.exit(1); });
