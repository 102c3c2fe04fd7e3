#include "scanner/config_scan/config_text_scan.h"

#include <gtest/gtest.h>

#include "scanner/config_scan/candidate_rules.h"

namespace mongoscan {
namespace config_text_scan_test {
namespace {

// One expected credential: where it starts, its kind and key, and the password (compared, never
// printed: a failing test names the location only).
struct Expected {
  int line;
  int column;
  CredentialHit::Kind kind;
  std::string key;
  std::string password;
};

void expect_hits(std::string_view path, std::string_view text,
                 const std::vector<Expected>& expected) {
  const TextScan scan = scan_config_text(path, text);
  ASSERT_EQ(scan.credentials.size(), expected.size()) << path;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const CredentialHit& hit = scan.credentials[i];
    const std::string where = std::string(path) + " hit " + std::to_string(i);
    EXPECT_EQ(hit.location.line, expected[i].line) << where;
    EXPECT_EQ(hit.location.column, expected[i].column) << where;
    EXPECT_EQ(hit.kind, expected[i].kind) << where;
    EXPECT_EQ(hit.key, expected[i].key) << where;
    EXPECT_TRUE(hit.password.reveal() == expected[i].password) << where << ": password differs";
  }
}

void expect_dropped(std::string_view path, std::string_view text, std::string_view rule) {
  const TextScan scan = scan_config_text(path, text);
  EXPECT_TRUE(scan.credentials.empty()) << path << ": " << text.size() << " bytes reported";
  EXPECT_TRUE(scan.suppressed_by_rule.contains(std::string(rule))) << path << ": no " << rule;
}

using Kind = CredentialHit::Kind;

TEST(ConfigTextScan, UriPasswordsIncludingAnUnencodedAtAndPercentEncoding) {
  expect_hits(
      "app.yaml",
      "db:\n  uri: mongodb://app:p@ss@db1:27017,db2:27017/orders?replicaSet=rs0\n"
      "  other: \"mongodb+srv://svc:Tq8%23vLm2@orders.prod.acme.io/x\"\n",
      {{2, 22, Kind::uri_password, "", "p@ss"}, {3, 29, Kind::uri_password, "", "Tq8#vLm2"}});
}

TEST(ConfigTextScan, CosmosUriEndsUserInfoBeforeTheQuery) {
  expect_hits(
      "appsettings.json",
      R"({"Mongo": "mongodb://acct:QmFzZTY0/+==@acct.mongo.cosmos.azure.com:10255/?ssl=true&appName=@acct@"})",
      {{1, 27, Kind::uri_password, "", "QmFzZTY0/+=="}});
}

TEST(ConfigTextScan, XmlEntitiesAreDecodedInConnectionStrings) {
  const TextScan scan = scan_config_text(
      "beans.xml", "<uri>mongodb://h1:27017/?replicaSet=rs0&amp;w=majority</uri>\n");
  ASSERT_EQ(scan.connection_strings.size(), 1u);
  EXPECT_EQ(scan.connection_strings[0].text.reveal(),
            "mongodb://h1:27017/?replicaSet=rs0&w=majority");
  EXPECT_EQ(scan.connection_strings[0].places.at(0).column, 6);
}

TEST(ConfigTextScan, ARepeatedConnectionStringIsOneWithItsFirstPlaces) {
  std::string text;
  for (int i = 0; i < 12; ++i) text += "uri: mongodb://h1/app\nother: mongodb://h2/app\n";
  const TextScan scan = scan_config_text("values.yaml", text);
  ASSERT_EQ(scan.connection_strings.size(), 2u);
  const FoundConnectionString& first = scan.connection_strings[0];
  EXPECT_EQ(first.text.reveal(), "mongodb://h1/app");
  EXPECT_EQ(first.occurrences, 12u);
  ASSERT_EQ(first.places.size(), FoundConnectionString::kPlacesKept);
  EXPECT_EQ(first.places.front().line, 1);
  EXPECT_EQ(first.places.back().line, 19) << "the first ten places, in text order";
  EXPECT_EQ(scan.connection_strings[1].places.front().line, 2);
}

// Issue 36 item 1: inside quotes closed on its line a space is part of the string; without the
// closing quote the string ends at the space as before.
TEST(ConfigTextScan, ASpaceInsideAQuotedConnectionStringDoesNotEndIt) {
  const TextScan quoted = scan_config_text(
      "app.env",
      "MONGO_URL=\"mongodb://app:Sx7-Real-pw2@db1,db2/app?appName=My App&authSource=admin\"\n");
  ASSERT_EQ(quoted.connection_strings.size(), 1u);
  EXPECT_EQ(quoted.connection_strings[0].text.reveal(),
            "mongodb://app:Sx7-Real-pw2@db1,db2/app?appName=My App&authSource=admin");
  const TextScan unclosed =
      scan_config_text("notes.txt", "see \"mongodb://db1/app?appName=x and more\n");
  ASSERT_EQ(unclosed.connection_strings.size(), 1u);
  EXPECT_EQ(unclosed.connection_strings[0].text.reveal(), "mongodb://db1/app?appName=x");
}

// Issue 36 item 1: TLS switched on beside a connection string (a tool's --tls, a tls or ssl key
// set to true within three lines) is recorded with the string; anything else is not.
TEST(ConfigTextScan, TlsSwitchedOnBesideAConnectionStringIsRecorded) {
  const auto around = [](std::string_view path, std::string_view text) {
    const TextScan scan = scan_config_text(path, text);
    return scan.connection_strings.empty() ? std::string("(none)")
                                           : scan.connection_strings[0].tls_around;
  };
  EXPECT_EQ(around("run.sh", "mongosh \"mongodb://db1.acme.io/app\" --tls --quiet\n"),
            "--tls on the same line");
  EXPECT_EQ(around("application.properties",
                   "spring.data.mongodb.uri=mongodb://db1.acme.io/app\n"
                   "spring.data.mongodb.ssl.enabled=true\n"),
            "ssl.enabled=true nearby");
  EXPECT_EQ(around("values.yaml", "mongo:\n  tls: true\n  uri: mongodb://db1.acme.io/app\n"),
            "tls: true nearby");
  EXPECT_EQ(around("values.yaml", "mongo:\n  tls: false\n  uri: mongodb://db1.acme.io/app\n"), "");
  EXPECT_EQ(around("values.yaml", "disable_ssl: true\nuri: mongodb://db1.acme.io/app\n"), "");
  EXPECT_EQ(around("run.sh", "mongosh mongodb://db1.acme.io/app --tlsCAFile ca.pem\n"), "");
  EXPECT_EQ(around("values.yaml", "tls: true\n\n\n\n\nuri: mongodb://db1.acme.io/app\n"), "");
}

// Issue 36 item 1, seen in Parse Server and Nightscout: a query string built in code, the branches
// of a conditional and an optional type are no key and value.
TEST(ConfigTextScan, CodeThatOnlyResemblesAKeyAndValueIsNone) {
  EXPECT_TRUE(
      scan_config_text("vkontakte.js", "const url = base + '&client_secret=' +\n  params.secret;\n")
          .credentials.empty());
  EXPECT_TRUE(scan_config_text("clock.html", "src += '&secret=' + secret;\n").credentials.empty());
  EXPECT_TRUE(scan_config_text("run.js", "log(`Result: ${ok ? 'PASS' : 'FAIL'} done`);\n")
                  .credentials.empty());
  expect_dropped("index.js", "  choosePassword: ?string;\n", "reference-or-call");
  // A key inside a literal whose value is a literal of its own is still one.
  EXPECT_EQ(
      scan_config_text("a.js", "const q = \"secret='Kq7-In-Quotes-1'\";\n").credentials.size(), 1u);
}

// Issue 36 item 1, seen in the Atlas Terraform provider: a shell variable's expansion, a list of
// attribute names and a value naming what goes there are no credentials; a call's first argument
// and its value still are.
TEST(ConfigTextScan, ExpansionsNameListsAndSlotDescriptionsAreNoCredentials) {
  expect_dropped("upload-sbom.sh", "docker run -v \"$PWD:/pwd\" \\\n  image\n",
                 "not-a-credential-key");
  EXPECT_TRUE(scan_config_text("resource.go",
                               "  \"PROMETHEUS\": {\"user_name\", \"password\", \"service\"},\n")
                  .credentials.empty());
  EXPECT_TRUE(scan_config_text("schema.go", "Allowed: []string{\"password\", \"username\"},\n")
                  .credentials.empty());
  expect_dropped("variables.tf",
                 "variable \"client_secret\" {\n  default = \"Azure Client Secret\"\n}\n",
                 "literal-placeholder");
  // Seen in Parse Server's README and the Atlas provider's Go: an address under a password key,
  // a sentence inside a string of code.
  expect_dropped("README.md", "    choosePassword: \"http://yourapp.com/choosePassword\",\n",
                 "url-value");
  EXPECT_TRUE(scan_config_text("validator.go",
                               "return \"for credentials: `access_key_id` and `secret` only\"\n")
                  .credentials.empty());
  EXPECT_EQ(scan_config_text("client.go", "body := `{\"password\": \"Kq7-Json-In-Go-1\"}`\n")
                .credentials.size(),
            1u);
  EXPECT_EQ(scan_config_text("Test.java", "env.put(\"MONGO_PASSWORD\", \"Kq7-Put-Arg-1\");\n")
                .credentials.size(),
            1u);
}

// Issue 36 item 1, seen in mongoose's doc comments and a Vagrantfile: a short value, or a password
// to this machine, on a comment line of source code is a usage example; a longer one commented
// out is still a password.
TEST(ConfigTextScan, ExamplesInCodeCommentsAreNoCredentials) {
  expect_dropped("connection.js",
                 " *     mongoose.createConnection('mongodb://val:psw@127.0.0.1:27017/mydb');\n",
                 "documentation-example");
  expect_dropped("query.js", " *     await User.create({ name: 'John', password: 'secret' })\n",
                 "documentation-example");
  expect_dropped("Vagrantfile", "#   chef.json = { :mysql_password => \"foo\" }\n",
                 "documentation-example");
  EXPECT_EQ(
      scan_config_text("db.js", "// const password = 'Kq7-Commented-Out-1';\n").credentials.size(),
      1u);
  EXPECT_EQ(scan_config_text("db.js", "const password = 'psw';\n").credentials.size(), 1u);
  EXPECT_EQ(scan_config_text("app.yaml", "# password: foo\n").credentials.size(), 1u);
  // A connection string in a code comment is no string in use: not judged.
  EXPECT_TRUE(
      scan_config_text("mongoose.js", " *     const uri = 'mongodb://nonexistent.domain:27000';\n")
          .connection_strings.empty());
  EXPECT_EQ(scan_config_text("app.js", "const uri = 'mongodb://db1.acme.io:27017/app';\n")
                .connection_strings.size(),
            1u);
}

// Issue 36 item 1, seen in mongoose and Nightscout: a string joined to more in code, a host named
// not to exist, a password a test sends to be refused and a name written where the value goes.
TEST(ConfigTextScan, FragmentsMissingHostsRefusedPasswordsAndNamesAreNoneToJudge) {
  for (std::string_view text :
       {"const uri = 'mongodb+srv://u:badpw@cluster0-OMITTED.mongodb.net/' +\n  'test';\n",
        "await mongoose.connect('mongodb://doesnt.exist:27017/test');\n",
        "const uri = 'mongodb://baddomain:27017/test';\n"}) {
    const TextScan scan = scan_config_text("connection.test.js", text);
    EXPECT_TRUE(scan.connection_strings.empty()) << text;
    EXPECT_TRUE(scan.suppressed_by_rule.contains("not-a-connection-string")) << text;
  }
  expect_dropped("runner.js", "axios.post(url, entry, {headers: {'api-secret': 'incorrect' }});\n",
                 "literal-placeholder");
  expect_dropped("websocket.js", "  secret: 'secret_hash',\n", "literal-placeholder");
  // Seen in Parse Server's changelog and mongoose's guides.
  EXPECT_TRUE(scan_config_text("CHANGELOG.md",
                               "* Clear sessions when updating the passwords ([#3289](x), thanks)\n"
                               "* Skip authData validation if it hasn't changed, thanks to A\n")
                  .credentials.empty());
  expect_dropped("guide.md", "connect('mongodb://user:pass@127.0.0.1:port/database');\n",
                 "documentation-example");
  expect_dropped("migrating.md", "createConnection(`mongodb://aaron:psw@${host}/fake`);\n",
                 "documentation-example");
  EXPECT_EQ(scan_config_text("a.js", "const uri = 'mongodb://db1.acme.io/app';\n")
                .connection_strings.size(),
            1u);
}

// Issue 36 item 1: a made-up port marks an example; a slot for the host is no connection string,
// though a password written beside it is still one.
TEST(ConfigTextScan, ImpossiblePortsAndHostSlots) {
  expect_dropped("docker-compose.yml",
                 "# Something like mongodb://sally:Kq7sallypass@ds099999.mongolab.com:99999/ns\n",
                 "documentation-example");
  const TextScan slot = scan_config_text(
      "README.md", "uri=mongodb://app:Kq7-Real-Slot-1@<cluster end point>:27017/?ssl=true\n");
  EXPECT_TRUE(slot.connection_strings.empty());
  EXPECT_EQ(slot.credentials.size(), 1u);
  EXPECT_TRUE(
      scan_config_text("a.env", "URI=mongodb://${HOST}:27017/app\n").connection_strings.empty());
}

// Issue 36 item 1: the scheme named in a sentence, or followed by dots, is no connection string.
TEST(ConfigTextScan, ProseAndEllipsesAfterTheSchemeAreNoConnectionStrings) {
  for (std::string_view text :
       {"The chart accepts mongodb://connection strings for databases.\n",
        "Use `mongodb://....` to connect.\n", "Pass mongodb://… as MONGO_URL.\n"}) {
    const TextScan scan = scan_config_text("README.md", text);
    EXPECT_TRUE(scan.connection_strings.empty()) << text;
    EXPECT_TRUE(scan.suppressed_by_rule.contains("not-a-connection-string")) << text;
  }
  // A host of that name with a path or credentials is a host, and so is an IPv6 literal.
  EXPECT_EQ(scan_config_text("a.yml", "uri: mongodb://connection/app\n").connection_strings.size(),
            1u);
  EXPECT_EQ(
      scan_config_text("a.yml", "uri: mongodb://u:p@[::1]:27017/app\n").connection_strings.size(),
      1u);
}

// Issue 36 item 1: style sheets' custom properties and quoted switches are no passwords.
TEST(ConfigTextScan, CssCustomPropertiesAndQuotedSwitchesAreNoPasswords) {
  expect_dropped("theme.css", ":root { --pass: #2e7d32; --password-strength: 4px; }\n",
                 "css-custom-property");
  expect_dropped("docker-compose.yml", "    environment:\n      ALLOW_EMPTY_PASSWORD: \"true\"\n",
                 "boolean-flag");
  // An option given with a space or '=' is still one.
  const TextScan option =
      scan_config_text("run.sh", "mongodump --password=Kq7-Dump-Pw1 --out /b\n");
  ASSERT_EQ(option.credentials.size(), 1u);
  EXPECT_EQ(option.credentials[0].kind, Kind::cli_argument);
}

// Issue 36: a connection string is read whole: a JSON-escaped '&' (\u0026) or '/' (\/) is part
// of it and is decoded; an escaped quote ends it; one cut at the scan's window is no connection
// string to judge (its missing options would be judged absent), though its password still is.
TEST(ConfigTextScan, AConnectionStringIsReadWholeAndAFragmentIsNotOne) {
  const TextScan json = scan_config_text(
      "deploy.json", "{\"uri\": \"mongodb://h1,h2\\/app?replicaSet=rs0\\u0026w=majority\"}\n");
  ASSERT_EQ(json.connection_strings.size(), 1u);
  EXPECT_EQ(json.connection_strings[0].text.reveal(),
            "mongodb://h1,h2/app?replicaSet=rs0&w=majority");

  const TextScan quoted = scan_config_text(
      "tasks.json", "{\"cmd\": \"mongosh \\\"mongodb://h1/?tls=true\\\" --eval 1\"}\n");
  ASSERT_EQ(quoted.connection_strings.size(), 1u);
  EXPECT_EQ(quoted.connection_strings[0].text.reveal(), "mongodb://h1/?tls=true");

  const std::string cut =
      "x: mongodb://app:Kd9-Cut-Pw@h1/?appName=" + std::string(5000, 'a') + "\n";
  const TextScan fragment = scan_config_text("app.yaml", cut);
  EXPECT_TRUE(fragment.connection_strings.empty());
  EXPECT_EQ(fragment.credentials.size(), 1u) << "the password is judged all the same";
}

TEST(ConfigTextScan, CredentialKeysInEachFormat) {
  expect_hits("application.properties", "spring.data.mongodb.password=Kd93hQwz1Lr\n",
              {{1, 30, Kind::credential_key, "spring.data.mongodb.password", "Kd93hQwz1Lr"}});
  expect_hits(".env", "MONGO_INITDB_ROOT_PASSWORD=\"Zx8!pQ2m\" # root\n",
              {{1, 29, Kind::credential_key, "MONGO_INITDB_ROOT_PASSWORD", "Zx8!pQ2m"}});
  expect_hits("run.sh", "export db_pass=Hq7kLm2x; mongosh\n",
              {{1, 16, Kind::credential_key, "db_pass", "Hq7kLm2x"}});
  expect_hits("config.toml", "[mongo]\npassword = 'Rt5$wq9Lp'\n",
              {{2, 13, Kind::credential_key, "password", "Rt5$wq9Lp"}});
  expect_hits("Main.java", "  String dbPassword = \"Jv8&nB3q\";\n",
              {{1, 24, Kind::credential_key, "dbPassword", "Jv8&nB3q"}});
  expect_hits("main.go", "cred := options.Credential{Username: \"u\", Password: \"Go7*mK2z\"}\n",
              {{1, 54, Kind::credential_key, "Password", "Go7*mK2z"}});
  expect_hits("app.php", "$config['password'] = 'Ph9^zL3w';\n",
              {{1, 24, Kind::credential_key, "password", "Ph9^zL3w"}});
  expect_hits("db.rb", "  :password => 'Rb4%kT8q',\n",
              {{1, 17, Kind::credential_key, "password", "Rb4%kT8q"}});
}

TEST(ConfigTextScan, XmlElementsAndNameValueAttributes) {
  expect_hits("beans.xml",
              "<property name=\"password\" value=\"Xm1!aQ9z\"/>\n"
              "<add key=\"MongoPassword\" value=\"Ns2@cW8r\" />\n"
              "<password>El3#vR7t</password>\n",
              {{1, 34, Kind::credential_key, "password", "Xm1!aQ9z"},
               {2, 33, Kind::credential_key, "MongoPassword", "Ns2@cW8r"},
               {3, 11, Kind::credential_key, "password", "El3#vR7t"}});
}

TEST(ConfigTextScan, SpringCredentialAttributeHoldsUserPasswordAtDatabase) {
  expect_hits("mongo.xml", "<mongo:mongo-client credential=\"orders:Sp5$kQ1m@db_orders\"/>\n",
              {{1, 40, Kind::credential_key, "credential", "Sp5$kQ1m"}});
}

TEST(ConfigTextScan, KubernetesNameValuePairReportsTheValueLine) {
  expect_hits("deploy.yaml",
              "        env:\n"
              "          - name: MONGO_PASSWORD\n"
              "            value: \"K8s!vQ2z\"\n"
              "          - name: MONGO_ADMIN_PASSWORD\n"
              "            valueFrom:\n"
              "              secretKeyRef: {name: mongo, key: password}\n",
              {{3, 21, Kind::credential_key, "MONGO_PASSWORD", "K8s!vQ2z"}});
}

TEST(ConfigTextScan, DriverCallsAndCommandLines) {
  expect_hits(
      "Db.java",
      "MongoCredential c = MongoCredential.createScramSha256Credential(user, \"admin\", "
      "\"Dc7&pW2q\".toCharArray());\n",
      {{1, 81, Kind::driver_argument, "MongoCredential.createScramSha256Credential", "Dc7&pW2q"}});
  expect_hits("backup.sh",
              "mongosh --quiet -u admin -p 'Cl9!rT4x' admin\nmongodump --password=Cd3*vB8n\n"
              "mongosh -u admin -p\n",
              {{1, 30, Kind::cli_argument, "-p", "Cl9!rT4x"},
               {2, 22, Kind::cli_argument, "--password", "Cd3*vB8n"}});
  expect_hits("client.py", "MongoClient(host, username=\"app\", password=\"Py6#xN1v\")\n",
              {{1, 45, Kind::credential_key, "password", "Py6#xN1v"}});
}

// Keys are measured sixteen bytes at a time: keys of every length around that, with the value
// right after, ending in a credential word or in another word, and a tool name cut by the end.
TEST(ConfigTextScan, KeysOfEveryLengthAreMeasuredWhole) {
  for (std::size_t prefix = 0; prefix <= 40; ++prefix) {
    const std::string key = std::string(prefix, 'a') + (prefix % 2 ? "_" : ".") + "db-Password";
    const std::string where = "key of " + std::to_string(key.size()) + " bytes";
    expect_hits("app.env", key + "=Kq7!vR2m\n",
                {{1, static_cast<int>(key.size()) + 2, Kind::credential_key, key, "Kq7!vR2m"}});
    expect_dropped("app.env", key + "Hash=Kq7!vR2m\n", "not-a-credential-key");
    const TextScan tool = scan_config_text("run.sh", std::string(prefix, ' ') + "mongosh_x");
    EXPECT_TRUE(tool.credentials.empty()) << where;
  }
}

TEST(ConfigTextScan, NonEmptyTemplateDefaultIsHardcoded) {
  expect_hits("application.yml", "password: ${MONGO_PASSWORD:Df4!mQ8z}\n",
              {{1, 28, Kind::credential_key, "password", "Df4!mQ8z"}});
  expect_dropped("application.yml", "password: ${MONGO_PASSWORD:}\n", "placeholder-template");
  // The default's column is its own, even when its text also occurs in the name.
  expect_hits("app.ini", "password = \"${X:X}\"\n", {{1, 17, Kind::credential_key, "password", "X"}});
}

// A template default ends on its own line: `${PASS:` there is unfinished, and the `}` on the next
// line is no password.
TEST(ConfigTextScan, AnUnfinishedTemplateOnItsLineHasNoDefault) {
  for (const char* path : {"a.env", "a.yml", "a.ini", "a.conf", "a.py"}) {
    const TextScan scan = scan_config_text(path, "password = ${PASS:\n}\nPASSWORD=${PASS:\n}\n");
    EXPECT_TRUE(scan.credentials.empty()) << path << ": " << scan.credentials.size() << " hits";
  }
}

// Past the per-kind limit credentials are only counted: a file of a million `password=x` lines
// costs a count, not a million findings.
TEST(ConfigTextScan, CredentialsPastTheLimitPerKindAreCountedNotKept) {
  std::string text;
  for (int i = 0; i < 10; ++i) text += "password=Pw" + std::to_string(i) + "!secretZ\n";
  text += "mongodb://app:Uri1!secretQ@db1.acme.io/app\n";
  const TextScan scan = scan_config_text("a.env", text, TextScanLimits{3});
  ASSERT_EQ(scan.credentials.size(), 4u);
  EXPECT_EQ(scan.credentials[0].location.line, 1);
  EXPECT_EQ(scan.credentials[2].location.line, 3);
  EXPECT_EQ(scan.credentials[3].kind, Kind::uri_password) << "another kind has its own limit";
  EXPECT_EQ(scan.credentials_not_kept.at(Kind::credential_key), 7u);
  EXPECT_FALSE(scan.credentials_not_kept.contains(Kind::uri_password));
}

TEST(ConfigTextScan, EachDroppingRuleIsCounted) {
  expect_dropped("a.yml", "password: {{ .Values.mongo.password }}\n", "placeholder-template");
  expect_dropped("a.yml", "password: <password>\n", "placeholder-template");
  expect_dropped("a.env", "MONGO_PASSWORD=$MONGO_SECRET\n", "placeholder-template");
  expect_dropped("a.yml", "password: \"\"\n", "empty");
  expect_dropped("a.yml", "password: '****'\n", "masked-value");
  expect_dropped("a.yml", "password: ENC(AbCdEf==)\n", "encrypted-value");
  expect_dropped("a.yml", "password: !vault |\n", "encrypted-value");
  expect_dropped("a.py", "password = os.getenv(\"MONGO_PASSWORD\")\n", "reference-or-call");
  expect_dropped("a.ts", "const c = {auth: {password: cfg.password}};\n", "reference-or-call");
  expect_dropped("a.yml", "password_min_length: 12\n", "not-a-credential-key");
  expect_dropped("a.ini", "password = 12\n", "not-a-string");
  expect_dropped("a.md", "mongodb://myUser:password@cluster0.abcde.mongodb.net/\n",
                 "literal-placeholder");
  expect_dropped("a.md", "mongodb://u:%2A%2A%2A%2A@db1.acme.io/\n", "masked-value");
  expect_dropped("a.md", "mongodb://CN=client@db1.acme.io/?authMechanism=MONGODB-X509\n",
                 "uri-without-password");
}

// Issue 36 item 4: whether a password on example.com is a documentation example depends on the
// file's context, which the config scan decides; the text scan keeps it, marked.
TEST(ConfigTextScan, APasswordOnADocumentationHostIsKeptAndMarked) {
  const TextScan scan = scan_config_text("a.js",
                                         "const a = 'mongodb://user:s3cretPw@db.example.com/app';\n"
                                         "const b = 'mongodb://user:s3cretPw2@db1.acme.io/app';\n");
  ASSERT_EQ(scan.credentials.size(), 2u);
  EXPECT_TRUE(scan.credentials[0].on_documentation_host);
  EXPECT_FALSE(scan.credentials[1].on_documentation_host);
}

// Issue 36: a key that names a Kubernetes Secret, or a secret key whose value names itself one,
// holds the Secret's name (an RFC 1123 name); a real secret under such a key is still reported.
TEST(ConfigTextScan, TheNameOfAKubernetesSecretIsNoPassword) {
  expect_dropped("cr.yaml", "credentialsSecret: orders-backup-s3\n", "secret-name");
  expect_dropped("cr.yaml", "tlsSecret: orders-mongos-tls\n", "secret-name");
  expect_dropped("cr.yaml", "credentials: pmm-credentials\n", "secret-name");
  expect_dropped("cr.yaml", "secret: orders-oidc-secret\n", "secret-name");
  expect_dropped("op.go", "CredentialsSecret: \"orders-backup-s3\",\n", "secret-name");
  expect_dropped("cr.yaml", "#  credentialsSecret: SECRET-NAME\n", "secret-name");
  expect_dropped("cr.yaml", "ldapSecret: ldap-ca\n", "secret-name");
  expect_dropped("cr.json", "{\"encryptionKeySecret\":\"my-cluster-encryption-key\"}\n",
                 "secret-name");
  expect_hits("cr.yaml", "clientSecret: 3f2504e0-4f89-11d3-9a0c-0305e82c3301\n",
              {{1, 15, CredentialHit::Kind::credential_key, "clientSecret",
                "3f2504e0-4f89-11d3-9a0c-0305e82c3301"}});
  expect_hits(
      "cr.yaml", "credentialsSecret: Wd8-Not-A-Name\n",
      {{1, 20, CredentialHit::Kind::credential_key, "credentialsSecret", "Wd8-Not-A-Name"}});
  expect_hits("cr.yaml", "secret: s3cr3t-value\n",
              {{1, 9, CredentialHit::Kind::credential_key, "secret", "s3cr3t-value"}});
}

// Issue 36: a value between escaped quotes (a shell or JSON string inside a string) runs to the
// escaped quote: a variable there is a template, a literal a password.
TEST(ConfigTextScan, AValueBetweenEscapedQuotesRunsToTheEscapedQuote) {
  expect_dropped("run.sh", "x=\"password=\\\"$SASL_USER_PASSWORD\\\";\"\n", "placeholder-template");
  expect_hits("run.sh", "x=\"password=\\\"Wq4-Jaas-Pw\\\";\"\n",
              {{1, 15, CredentialHit::Kind::credential_key, "password", "Wq4-Jaas-Pw"}});
}

TEST(ConfigTextScan, LiteralPasswordOnLoopbackIsKeptAsAWeakCredential) {
  expect_hits("compose.yml", "  MONGO_URL: mongodb://admin:password@localhost:27017\n",
              {{1, 30, Kind::uri_password, "", "password"}});
}

TEST(ConfigTextScan, TheUserNearACredentialIsRecorded) {
  const TextScan scan =
      scan_config_text("app.yml", "mongo:\n  username: mongo\n  password: mongo\n");
  ASSERT_EQ(scan.credentials.size(), 1u);
  EXPECT_EQ(scan.credentials[0].user, "mongo");
}

TEST(ConfigTextScan, InlineAllowCommentMarksTheHit) {
  const TextScan scan =
      scan_config_text("a.yml", "password: Xy9!kLm2Qw # mongoscan:allow\npassword: Qa1!zWs2Ed\n");
  ASSERT_EQ(scan.credentials.size(), 2u);
  EXPECT_TRUE(scan.credentials[0].allowed_inline);
  EXPECT_FALSE(scan.credentials[1].allowed_inline);
  EXPECT_EQ(scan.credentials[0].allow_comment, "");
}

TEST(ConfigTextScan, InlineAllowCommentKeepsItsTextToTheCommentsEnd) {
  const TextScan scan =
      scan_config_text("a.js",
                       "const password = 'Xy9!kLm2Qw'; // mongoscan:allow APP-002 test fixture\n"
                       "/* mongoscan:allow lab only */ const pass = 'Qa1!zWs2Ed';\n"
                       "const uri = 'mongodb://u:Pw7!secret@h/db'; // mongoscan:allow: was "
                       "mongodb://u:Pw7!secret@h\n");
  ASSERT_GE(scan.credentials.size(), 3u) << "the URI in the comment is a credential too";
  EXPECT_EQ(scan.credentials[0].allow_comment, "APP-002 test fixture");
  EXPECT_EQ(scan.credentials[1].allow_comment, "lab only") << "cut at the comment's end";
  for (std::size_t i = 2; i < scan.credentials.size(); ++i) {
    EXPECT_EQ(scan.credentials[i].location.line, 3);
    EXPECT_EQ(scan.credentials[i].allow_comment, "was mongodb://u:***@h");
  }
  ASSERT_FALSE(scan.connection_strings.empty());
  EXPECT_EQ(scan.connection_strings[0].allow_comment, "was mongodb://u:***@h");
}

TEST(ConfigTextScan, MinifiedLineFindsTheUriInTheMiddle) {
  std::string line(200000, ';');
  line.insert(100000, "x=\"mongodb://svc:Mn4!bV7c@10.1.2.3:27017/app\";");
  const TextScan scan = scan_config_text("bundle.min.js", line + "\n");
  ASSERT_EQ(scan.credentials.size(), 1u);
  EXPECT_EQ(scan.credentials[0].location.line, 1);
  EXPECT_EQ(scan.credentials[0].location.column, 100000 + 18);
}

// Issue 35 item 4: on one long line each hit reads at most kMaxUnquotedValue past its key, so the
// scan stays linear (its speed is bench/configscan's to measure); a run of keys with values too
// long to be passwords is dropped as too long, and a real password after them is still found.
TEST(ConfigTextScan, ALongLineOfKeysIsReadHitByHitAndTheRealOneFound) {
  std::string line = "var c=\"";
  for (int i = 0; i < 2000; ++i) line += "password=";
  line += "0\";\nconst db = {password: \"Kq7-real-Pw\"};\n";
  const TextScan scan = scan_config_text("bundle.js", line);
  ASSERT_EQ(scan.credentials.size(), 1u);
  EXPECT_EQ(scan.credentials[0].location.line, 2);
  EXPECT_TRUE(scan.credentials[0].password.reveal() == "Kq7-real-Pw");
  EXPECT_EQ(scan.suppressed_by_rule.count("too-long"), 1u);
  expect_dropped("a.env", "PASSWORD=" + std::string(kMaxUnquotedValue + 1, 'v') + "\n", "too-long");
}

TEST(ConfigTextScan, ColumnsCountCharactersNotBytes) {
  expect_hits("a.yml",
              "# \xC3\xA9t\xC3\xA9\npassw\xC3\xB6rd: x\nm\xC3\xBC: 1\n\xC3\xA9password: Ch4r!sQ9\n",
              {{4, 12, Kind::credential_key, "password", "Ch4r!sQ9"}});
}

TEST(ConfigTextScan, FingerprintSurvivesMovedLinesButNotAnotherKey) {
  const auto first = scan_config_text("a.yml", "password: Fp1!aZ9q\n").credentials;
  const auto moved = scan_config_text("a.yml", "\n\n# moved\npassword: Fp1!aZ9q\n").credentials;
  const auto other = scan_config_text("a.yml", "db_pass: Fp1!aZ9q\n").credentials;
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(moved.size(), 1u);
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(first[0].fingerprint, moved[0].fingerprint);
  EXPECT_NE(first[0].fingerprint, other[0].fingerprint);
  EXPECT_EQ(first[0].fingerprint.find("Fp1"), std::string::npos);
}

// Issue 41: on one long line (a minified bundle), whether a key stands inside a string literal is
// decided by one walk along the line, remembered from hit to hit; escaped quotes, backquotes and
// stretches of more than sixteen plain bytes between hits count as on a line of their own.
TEST(ConfigTextScan, HitsAlongOneLongLineAreJudgedAsOnLinesOfTheirOwn) {
  std::string line;
  for (int i = 0; i < 3; ++i) {
    line += "f(\"a\\\"b`c`d\", 'e\\'f');" + std::string(40, 'z') + ";u+='&client_secret='+s;" +
            "o={password:\"Kq7-Long-Line-" + std::to_string(i) + "\"};";
  }
  const TextScan scan = scan_config_text("bundle.min.js", line + "\n");
  ASSERT_EQ(scan.credentials.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(scan.credentials[i].password.reveal(), "Kq7-Long-Line-" + std::to_string(i));
  }
}

// Issue 41: the tls or ssl keys around each string are found in any case, whether its lines
// overlap those around the string before it (c after b) or not (b after a).
TEST(ConfigTextScan, TlsKeysAroundEveryStringOfAFileAreFoundInAnyCase) {
  const TextScan scan =
      scan_config_text("values.yaml",
                       "a:\n  TLS: true\n  uri: mongodb://db1.acme.io/a\n\n\n\n\n\n\n"
                       "b:\n  uri: mongodb://db2.acme.io/b\n  Ssl: True\n"
                       "c:\n  uri: mongodb://db3.acme.io/c\n");
  ASSERT_EQ(scan.connection_strings.size(), 3u);
  EXPECT_EQ(scan.connection_strings[0].tls_around, "TLS: true nearby");
  EXPECT_EQ(scan.connection_strings[1].tls_around, "Ssl: True nearby");
  EXPECT_EQ(scan.connection_strings[2].tls_around, "Ssl: True nearby");
}

}  // namespace
}  // namespace config_text_scan_test
}  // namespace mongoscan
