// mongosh (--nodb --file): the fidelity battery (what test_fidelity.py's pymongo_facts reads) and the
// shell helpers an operator runs. The connection strings come from the environment, so no password
// is on a command line: MONGOSH_LAB_URI (with the user), MONGOSH_LAB_ANONYMOUS_URI (without), and
// MONGOSH_LAB_FIND ("db.collection", a collection with more documents than the batch size).
// Prints one JSON document.
const anonymous = new Mongo(process.env.MONGOSH_LAB_ANONYMOUS_URI);
let enforced;
try {
  const reply = anonymous.getDB("admin").runCommand({ listDatabases: 1, nameOnly: true });
  enforced = reply.ok !== 1 && reply.code === 13;
} catch (error) {
  enforced = error.code === 13;
}
anonymous.close();

const connection = new Mongo(process.env.MONGOSH_LAB_URI);
const admin = connection.getDB("admin");
const status = admin.runCommand({ connectionStatus: 1 });
const facts = {
  enforced,
  version: admin.version(),
  roles: status.authInfo.authenticatedUserRoles.map((r) => `${r.role}@${r.db}`).sort(),
};
const result = { facts };
if (process.env.MONGOSH_LAB_FIND) {
  const [dbName, collection] = process.env.MONGOSH_LAB_FIND.split(".");
  const hostInfo = admin.hostInfo();
  const currentOp = admin.currentOp();
  const serverStatus = admin.serverStatus();
  const documents = connection.getDB(dbName).getCollection(collection).find().batchSize(7).toArray();
  result.helpers = {
    hostname: hostInfo.system.hostname,
    currentOpCommands: currentOp.inprog.map((op) => Object.keys(op.command)[0]),
    serverStatusSections: ["security", "transportSecurity", "opcounters", "connections"]
      .filter((name) => name in serverStatus),
    found: documents.length,
    distinctIds: new Set(documents.map((d) => String(d._id))).size,
  };
}
connection.close();
print(JSON.stringify(result));
