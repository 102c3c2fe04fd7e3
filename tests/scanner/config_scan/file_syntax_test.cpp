#include "scanner/config_scan/file_syntax.h"

#include <gtest/gtest.h>

#include <string>

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

// A template of a file is read as the file it renders (issue 36: `password: Pk5…` in a
// database.yml.erb was read as Ruby code, where an unquoted word is a name).
TEST(FileSyntax, ATemplateHasTheSyntaxOfTheFileItRenders) {
  EXPECT_EQ(file_syntax("config/database.yml.erb"), FileSyntax::config);
  EXPECT_EQ(file_syntax("roles/mongo/templates/mongod.conf.j2"), FileSyntax::config);
  EXPECT_EQ(file_syntax("values.yaml.tpl"), FileSyntax::config);
  EXPECT_EQ(file_syntax("deploy/start.sh.tmpl"), FileSyntax::shell);
  EXPECT_EQ(file_syntax("app/views/show.html.erb"), FileSyntax::code);
  EXPECT_EQ(file_syntax("layout.erb"), FileSyntax::code) << "no rendered file's name inside";
}

// Names of any length and case are judged alike (a short name is lowered on the stack, a long one
// in a string).
TEST(FileSyntax, LongAndUpperCaseNamesAreJudgedAlike) {
  for (const std::size_t length : {1u, 100u, 127u, 128u, 129u, 300u}) {
    const std::string stem(length, 'N');
    EXPECT_EQ(file_syntax("a/" + stem + ".YML"), FileSyntax::config) << length;
    EXPECT_EQ(file_syntax("a/" + stem + ".Yaml.ERB"), FileSyntax::config) << length;
    EXPECT_EQ(file_syntax(stem + ".SH"), FileSyntax::shell) << length;
    EXPECT_EQ(file_syntax("a/" + stem + ".Java"), FileSyntax::code) << length;
    EXPECT_EQ(file_syntax("x/DOCKERFILE." + stem), FileSyntax::shell) << length;
  }
}

}  // namespace
}  // namespace file_syntax_test
}  // namespace mongoscan
