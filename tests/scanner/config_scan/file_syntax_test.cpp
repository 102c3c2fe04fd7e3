#include "scanner/config_scan/file_syntax.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace file_syntax_test {
namespace {

TEST(FileSyntax, ByNameAndExtension) {
  for (std::string_view path :
       {"a/application.yml", "x.YAML", "app.properties", ".env", "prod.env", ".env.local", "my.ini",
        "c.toml", "beans.xml", "App.config", "mongod.conf"}) {
    EXPECT_EQ(file_syntax(path), FileSyntax::config) << path;
  }
  for (std::string_view path :
       {"Dockerfile", "docker/Dockerfile.prod", "api.dockerfile", "run.sh", "backup.cmd"}) {
    EXPECT_EQ(file_syntax(path), FileSyntax::shell) << path;
  }
  for (std::string_view path :
       {"Main.java", "main.go", "settings.json", "main.tf", "README.md", "env.d/notes"}) {
    EXPECT_EQ(file_syntax(path), FileSyntax::code) << path;
  }
}

}  // namespace
}  // namespace file_syntax_test
}  // namespace mongoscan
