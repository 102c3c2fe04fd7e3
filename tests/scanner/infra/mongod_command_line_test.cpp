// mongod and mongos command lines in files, read into configuration settings (issue 36 item 4).

#include "scanner/infra/mongod_command_line.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mongoscan {
namespace mongod_command_line_test {
namespace {

// The settings of the first command line in `text`, as "key=value@line".
std::vector<std::string> settings_of(std::string_view text, bool initdb_root_user = false) {
  // The first "mongod" or "mongos" that is a whole word, as the config scan finds them.
  std::size_t offset = 0;
  for (;; ++offset) {
    offset = std::min(text.find("mongod", offset), text.find("mongos", offset));
    if (offset == std::string_view::npos || offset + 6 == text.size()) break;
    const char next = text[offset + 6];
    if (!std::isalnum(static_cast<unsigned char>(next)) && next != '.' && next != '-' &&
        next != '_')
      break;
  }
  const auto file = read_mongod_command_line("f", text, offset, initdb_root_user);
  if (!file) return {"(none)"};
  std::vector<std::string> settings;
  for (const auto& setting : file->settings)
    settings.push_back(setting.key + "=" + setting.value + "@" + std::to_string(setting.line));
  return settings;
}

using Settings = std::vector<std::string>;

TEST(MongodCommandLine, ShellFormsReadToTheEndOfTheCommand) {
  EXPECT_EQ(settings_of("exec mongod --bind_ip_all --replSet rs0 && echo done\n"),
            (Settings{"net.bindIpAll=true@1", "replication.replSetName=rs0@1"}));
  EXPECT_EQ(settings_of("ExecStart=/usr/bin/mongod --noauth --port=27018 # legacy\n"),
            (Settings{"security.authorization=disabled@1", "net.port=27018@1"}));
  EXPECT_EQ(settings_of("#!/bin/sh\nmongod --dbpath /data/db \\\n  --bind_ip 0.0.0.0 \\\n"
                        "  --setParameter enableLocalhostAuthBypass=true\nmongosh\n"),
            (Settings{"storage.dbPath=/data/db@2", "net.bindIp=0.0.0.0@3",
                      "setParameter.enableLocalhostAuthBypass=true@4"}));
  EXPECT_EQ(settings_of("    command: mongod --tlsMode disabled --auth\n"),
            (Settings{"net.tls.mode=disabled@1", "security.authorization=enabled@1"}));
  EXPECT_EQ(settings_of("RUN echo hi; mongod --fork --logpath '/var/log/m.log' > /dev/null\n"),
            (Settings{"processManagement.fork=true@1", "systemLog.path=/var/log/m.log@1",
                      "systemLog.destination=file@1"}));
}

TEST(MongodCommandLine, ListFormsReadTheirQuotedWords) {
  EXPECT_EQ(settings_of("CMD [\"mongod\", \"--bind_ip_all\", \"--keyFile\", \"/etc/key\"]\n"),
            (Settings{"net.bindIpAll=true@1", "security.keyFile=/etc/key@1"}));
  EXPECT_EQ(settings_of("command: ['mongos', '--configdb', 'cfg/c1:27019',\n"
                        "  '--bind_ip_all']\n"),
            (Settings{"sharding.configDB=cfg/c1:27019@1", "net.bindIpAll=true@2"}));
  EXPECT_EQ(settings_of("        command:\n        - mongod\n        - \"--bind_ip_all\"\n"
                        "        - --replSet=rs0\n        image: mongo:7\n"),
            (Settings{"net.bindIpAll=true@3", "replication.replSetName=rs0@4"}));

  // A path before the program name, in a list and in a YAML list.
  EXPECT_EQ(settings_of("entrypoint: [ \"/usr/bin/mongod\", \"--bind_ip_all\", \"--replSet\", "
                        "\"rs0\" ]\n"),
            (Settings{"net.bindIpAll=true@1", "replication.replSetName=rs0@1"}));
  EXPECT_EQ(settings_of("entrypoint:\n- /usr/bin/mongod\n- --replSet\n- rs0\n"),
            (Settings{"replication.replSetName=rs0@3"}));
}

TEST(MongodCommandLine, ServerOptionsMapAsTheServerDefinesThem) {
  EXPECT_EQ(settings_of("mongod --configsvr --profile 2 --noscripting --sslMode requireSSL\n"),
            (Settings{"sharding.clusterRole=configsvr@1", "operationProfiling.mode=all@1",
                      "security.javascriptEnabled=false@1", "net.ssl.mode=requireSSL@1"}));
  // An option the table does not read is passed over with its value; one alone says too little
  // (NothingIsReadWhereTheSettingsCannotBeKnown).
  EXPECT_EQ(settings_of("mongod --wiredTigerCacheSizeGB 1 --auth\n"),
            (Settings{"security.authorization=enabled@1"}));
}

TEST(MongodCommandLine, NothingIsReadWhereTheSettingsCannotBeKnown) {
  for (std::string_view text :
       {"sudo systemctl restart mongod\n", "mongod --config /etc/mongod.conf --fork\n",
        "mongod -f /etc/mongod.conf\n", "mongod --version\n", "mongod --bind_ip_all $EXTRA_ARGS\n",
        "exec mongod \"$@\" --auth\n", "mongod --replSet {{ .Values.replicaSet }}\n",
        "mongod --port %PORT%\n", "User=mongod\nGroup=mongod\n",
        "mongod --wiredTigerCacheSizeGB 1\n"}) {
    EXPECT_EQ(settings_of(text), (Settings{"(none)"})) << text;
  }
}

// Seen in the Percona operator's manifests: the health check names the component it checks.
TEST(MongodCommandLine, AProgramNameThatIsAnotherProgramsArgumentIsNoCommand) {
  for (std::string_view text :
       {"/opt/percona/mongodb-healthcheck k8s readiness --component mongod --ssl --sslInsecure\n",
        "        command:\n        - /opt/percona/mongodb-healthcheck\n        - --component\n"
        "        - mongod\n        - --ssl\n",
        "Command: []string{\"healthcheck\", \"--component\", \"mongos\", \"--ssl\"}\n",
        "command: [\"healthcheck\", \"--component\",\n  \"mongod\", \"--ssl\"]\n",
        "probe --component=mongod --bind_ip_all\n",
        // Seen in the Percona operator's end-to-end scripts.
        "ep=$(kubectl get svc $cluster-mongos -o=jsonpath='{.status}' \\\n  | jq)\n",
        "for p in $(kubectl get pod -l app.kubernetes.io/component=mongod -o name); do\n"}) {
    EXPECT_EQ(settings_of(text), (Settings{"(none)"})) << text;
  }
  // An entrypoint before it is no option: the program it runs is mongod.
  EXPECT_EQ(settings_of("ENTRYPOINT [\"docker-entrypoint.sh\", \"mongod\", \"--noauth\"]\n"),
            (Settings{"security.authorization=disabled@1"}));
  EXPECT_EQ(settings_of("    command:\n    - docker-entrypoint.sh\n    - mongod\n    - --noauth\n"),
            (Settings{"security.authorization=disabled@4"}));
}

TEST(MongodCommandLine, ProgramSourcesAreNotRead) {
  for (std::string_view path : {"pkg/psmdb/container.go", "src/Start.java", "run.py", "a/b.ts"})
    EXPECT_FALSE(may_hold_command_lines(path)) << path;
  for (std::string_view path : {"e2e-tests/run", "start.sh", "Dockerfile", "compose.yml",
                                "mongod.service", "README.md", "values.yaml"})
    EXPECT_TRUE(may_hold_command_lines(path)) << path;
}

TEST(MongodCommandLine, TheOfficialImagesRootUserAddsAuthToMongodOnly) {
  EXPECT_EQ(settings_of("command: mongod --replSet rs0\n", true),
            (Settings{"replication.replSetName=rs0@1", "security.authorization=enabled@1"}));
  EXPECT_EQ(settings_of("command: mongod --replSet rs0 --noauth\n", true),
            (Settings{"replication.replSetName=rs0@1", "security.authorization=disabled@1"}));
  EXPECT_EQ(settings_of("command: mongos --configdb cfg/c1:27019\n", true),
            (Settings{"sharding.configDB=cfg/c1:27019@1"}));
  // An entrypoint replaced (Compose `entrypoint:`, a Dockerfile ENTRYPOINT, a Kubernetes
  // container's `command:`) never runs docker-entrypoint.sh, which adds --auth.
  EXPECT_EQ(settings_of("    entrypoint: [\"mongod\", \"--replSet\", \"rs0\"]\n", true),
            (Settings{"replication.replSetName=rs0@1"}));
  EXPECT_EQ(settings_of("    entrypoint:\n      - mongod\n      - --replSet\n      - rs0\n", true),
            (Settings{"replication.replSetName=rs0@3"}));
  EXPECT_EQ(settings_of("ENTRYPOINT [\"mongod\", \"--replSet\", \"rs0\"]\n", true),
            (Settings{"replication.replSetName=rs0@1"}));
  EXPECT_EQ(settings_of("apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - image: mongo\n"
                        "      command:\n      - mongod\n      - --replSet=rs0\n",
                        true),
            (Settings{"replication.replSetName=rs0@8"}));
  EXPECT_EQ(
      settings_of("services:\n  db:\n    command:\n    - mongod\n    - --replSet=rs0\n", true),
      (Settings{"replication.replSetName=rs0@5", "security.authorization=enabled@4"}));
  EXPECT_TRUE(sets_initdb_root_user(
      "MONGO_INITDB_ROOT_USERNAME: root\nMONGO_INITDB_ROOT_PASSWORD_FILE: /run/secrets/pw\n"));
  EXPECT_FALSE(sets_initdb_root_user("MONGO_INITDB_ROOT_USERNAME: root\n"));
}

TEST(MongodCommandLine, AnOffsetThatIsNoProgramNameReadsNothing) {
  const std::string text = "mongodump --out x\nmongod";
  for (std::size_t offset : {std::string::npos, text.size(), text.size() - 3, std::size_t{0}}) {
    EXPECT_FALSE(read_mongod_command_line("f", text, offset, false)) << offset;
  }
}

TEST(MongodCommandLine, TheConfigurationStartsAtTheProgramsLine) {
  const std::string text = "# start\n\nmongod --bind_ip_all\n";
  const auto file = read_mongod_command_line("run.sh", text, text.find("mongod"), false);
  ASSERT_TRUE(file);
  EXPECT_EQ(file->line, 3);
  EXPECT_TRUE(file->command_line);
  EXPECT_EQ(file->path, "run.sh");
}

}  // namespace
}  // namespace mongod_command_line_test
}  // namespace mongoscan
