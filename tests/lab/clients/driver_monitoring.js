// The Node driver's default server monitoring (streaming hello where the server offers it) against
// a deployment for a while. Input (stdin, JSON): {uri, seconds}. Output (stdout, JSON): counts of the
// SDAM and pool events that mean a member was dropped, and how the driver monitored.
"use strict";
const fs = require("fs");
const { MongoClient } = require("mongodb");

async function main() {
  const input = JSON.parse(fs.readFileSync(0, "utf8"));
  const client = new MongoClient(input.uri, { serverSelectionTimeoutMS: 10000 });
  const counts = { serverHeartbeatSucceeded: 0, awaitedHeartbeats: 0, serverHeartbeatFailed: 0,
                   connectionPoolCleared: 0, failures: [] };
  client.on("serverHeartbeatSucceeded", (event) => {
    counts.serverHeartbeatSucceeded += 1;
    if (event.awaited) counts.awaitedHeartbeats += 1;
  });
  client.on("serverHeartbeatFailed", (event) => {
    counts.serverHeartbeatFailed += 1;
    counts.failures.push(`${event.connectionId}: ${event.failure && event.failure.message}`);
  });
  client.on("connectionPoolCleared", (event) => {
    counts.connectionPoolCleared += 1;
    counts.failures.push(`pool cleared ${event.address}`);
  });
  await client.connect();
  await client.db("admin").command({ ping: 1 });
  await new Promise((resolve) => setTimeout(resolve, input.seconds * 1000));
  await client.close();
  process.stdout.write(JSON.stringify(counts));
}

main().catch((error) => { process.stderr.write(`${error.name}: ${error.message}\n`); process.exit(1); });
