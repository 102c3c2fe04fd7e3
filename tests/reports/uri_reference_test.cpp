#include "reports/uri_reference.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace uri_reference_test {
namespace {

TEST(UriReferenceTest, KeepsPlainRelativePaths) {
  EXPECT_EQ(path_uri_reference("config/app.yaml"), "config/app.yaml");
  EXPECT_EQ(path_uri_reference("deploy/.env"), "deploy/.env");
  EXPECT_EQ(path_uri_reference("a/b~c_d-e+f=g@h:i"), "a/b~c_d-e+f=g@h:i");
}

TEST(UriReferenceTest, EncodesSpacesNonAsciiAndDelimiters) {
  EXPECT_EQ(path_uri_reference("deploy/compose für prod.yaml"),
            "deploy/compose%20f%C3%BCr%20prod.yaml");
  EXPECT_EQ(path_uri_reference("a/100%#?[x].yml"), "a/100%25%23%3F%5Bx%5D.yml");
  EXPECT_EQ(path_uri_reference("a/\"q\" <t>.yml"), "a/%22q%22%20%3Ct%3E.yml");
}

TEST(UriReferenceTest, UsesForwardSlashesAndDropsLeadingDotSlash) {
  EXPECT_EQ(path_uri_reference("src\\main\\app.properties"), "src/main/app.properties");
  EXPECT_EQ(path_uri_reference("./././config/app.yaml"), "config/app.yaml");
  EXPECT_EQ(path_uri_reference("../shared/app.yaml"), "../shared/app.yaml");
}

TEST(UriReferenceTest, AColonInTheFirstSegmentCannotReadAsAScheme) {
  EXPECT_EQ(path_uri_reference("c:app.yaml"), "c%3Aapp.yaml");
  EXPECT_EQ(path_uri_reference("dir/c:app.yaml"), "dir/c:app.yaml");
}

TEST(UriReferenceTest, AbsolutePathsBecomeFileUris) {
  EXPECT_EQ(path_uri_reference("/srv/app/config.yaml"), "file:///srv/app/config.yaml");
  EXPECT_EQ(path_uri_reference("/srv/a b:c"), "file:///srv/a%20b:c");
}

}  // namespace
}  // namespace uri_reference_test
}  // namespace mongoscan
