#include "scanner/infra/hcl.h"

#include <gtest/gtest.h>

#include <string>

namespace mongoscan {
namespace hcl_test {
namespace {

HclBody parsed(std::string_view text) {
  Result<HclBody> body = parse_hcl(text);
  EXPECT_TRUE(body.ok()) << (body.ok() ? "" : body.error().message);
  return body.ok() ? std::move(body).value() : HclBody{};
}

HclValue value_of(std::string_view expression) {
  const HclBody body = parsed("v = " + std::string(expression) + "\n");
  const HclAttribute* attribute = body.attribute("v");
  EXPECT_NE(attribute, nullptr) << expression;
  return attribute ? attribute->value : HclValue{};
}

std::string error_of(std::string_view text) {
  const Result<HclBody> body = parse_hcl(text);
  EXPECT_FALSE(body.ok()) << text;
  if (body.ok()) return "";
  EXPECT_EQ(body.error().phase, "hcl");
  return body.error().message;
}

TEST(Hcl, BlocksWithLabelsAndAttributesWithLines) {
  const HclBody body = parsed(
      "# a security group\n"
      "resource \"aws_security_group\" \"db\" {\n"
      "  name = \"db\"\n"
      "\n"
      "  ingress {\n"
      "    from_port = 27017\n"
      "  }\n"
      "}\n"
      "terraform {}\n"
      "locals { one_line = true }\n");
  ASSERT_EQ(body.blocks.size(), 3u);
  const HclBlock& resource = body.blocks[0];
  EXPECT_EQ(resource.type, "resource");
  EXPECT_EQ(resource.labels, (std::vector<std::string>{"aws_security_group", "db"}));
  EXPECT_EQ(resource.line, 2);
  ASSERT_NE(resource.body.attribute("name"), nullptr);
  EXPECT_EQ(resource.body.attribute("name")->line, 3);
  EXPECT_EQ(resource.body.attribute("name")->value.text, "db");
  const auto ingress = resource.body.blocks_of("ingress");
  ASSERT_EQ(ingress.size(), 1u);
  EXPECT_EQ(ingress[0]->line, 5);
  EXPECT_EQ(ingress[0]->body.attribute("from_port")->value.line, 6);
  EXPECT_TRUE(body.blocks[1].body.attributes.empty());
  EXPECT_EQ(body.blocks[2].body.attribute("one_line")->value.kind, HclValue::Kind::boolean);
}

TEST(Hcl, BareLabelsAndDashedNames) {
  const HclBody body = parsed("block-type bare \"quoted\" {\n  dashed-name = 1\n}\n");
  ASSERT_EQ(body.blocks.size(), 1u);
  EXPECT_EQ(body.blocks[0].type, "block-type");
  EXPECT_EQ(body.blocks[0].labels, (std::vector<std::string>{"bare", "quoted"}));
  EXPECT_NE(body.blocks[0].body.attribute("dashed-name"), nullptr);
}

TEST(Hcl, LiteralValues) {
  EXPECT_EQ(value_of("27017").kind, HclValue::Kind::number);
  EXPECT_EQ(value_of("27017").text, "27017");
  EXPECT_EQ(value_of("1.5e+3").text, "1.5e+3");
  EXPECT_EQ(value_of("-1").kind, HclValue::Kind::number);
  EXPECT_EQ(value_of("-1").text, "-1");
  EXPECT_EQ(value_of("true").kind, HclValue::Kind::boolean);
  EXPECT_EQ(value_of("false").text, "false");
  EXPECT_EQ(value_of("null").kind, HclValue::Kind::null);
}

TEST(Hcl, StringEscapes) {
  const HclValue value = value_of(R"("a\nb\t\"q\" \\ \u00e9 \U0001F600")");
  EXPECT_EQ(value.kind, HclValue::Kind::string);
  EXPECT_EQ(value.text, "a\nb\t\"q\" \\ \xC3\xA9 \xF0\x9F\x98\x80");
  EXPECT_FALSE(value.interpolated);
}

TEST(Hcl, InterpolationsAreKeptAsWritten) {
  const HclValue value = value_of(R"("${var.cidr}/${local.bits}")");
  EXPECT_EQ(value.text, "${var.cidr}/${local.bits}");
  EXPECT_TRUE(value.interpolated);
  EXPECT_EQ(value_of(R"("x${ "}" }y")").text, R"(x${ "}" }y)");
  EXPECT_EQ(value_of(R"("%{ if var.on }yes%{ endif }")").text, "%{ if var.on }yes%{ endif }");
  EXPECT_EQ(value_of(R"("${~ var.a ~}")").text, "${~ var.a ~}");
}

TEST(Hcl, EscapedInterpolationsAreLiteral) {
  const HclValue value = value_of(R"("$${literal} %%{also}")");
  EXPECT_EQ(value.text, "${literal} %{also}");
  EXPECT_FALSE(value.interpolated);
}

TEST(Hcl, Lists) {
  const HclValue value = value_of("[\n  \"10.0.0.0/8\", # private\n  var.office,\n  27017,\n]");
  ASSERT_EQ(value.kind, HclValue::Kind::list);
  ASSERT_EQ(value.items.size(), 3u);
  EXPECT_EQ(value.items[0].text, "10.0.0.0/8");
  EXPECT_EQ(value.items[0].line, 2);
  EXPECT_EQ(value.items[1].kind, HclValue::Kind::expression);
  EXPECT_EQ(value.items[1].text, "var.office");
  EXPECT_EQ(value.items[1].line, 3);
  EXPECT_EQ(value.items[2].text, "27017");
  EXPECT_TRUE(value_of("[]").items.empty());
}

TEST(Hcl, Objects) {
  const HclValue value = value_of("{\n  Name = \"db\"\n  \"team\": \"data\", port = 1\n}");
  ASSERT_EQ(value.kind, HclValue::Kind::object);
  ASSERT_EQ(value.members.size(), 3u);
  EXPECT_EQ(value.member("Name")->text, "db");
  EXPECT_EQ(value.member("team")->text, "data");
  EXPECT_EQ(value.member("port")->text, "1");
  EXPECT_EQ(value.member("absent"), nullptr);
  const HclValue rules = value_of("[{ from_port = 1, cidr_blocks = [\"0.0.0.0/0\"] }]");
  ASSERT_EQ(rules.items.size(), 1u);
  EXPECT_EQ(rules.items[0].member("cidr_blocks")->items[0].text, "0.0.0.0/0");
}

TEST(Hcl, ReferencesAndCallsAreExpressions) {
  for (std::string_view text :
       {"var.allowed", "aws_security_group.db.id", "concat(var.a, [\"1.2.3.4/32\"])", "var.list[0]",
        "aws_instance.web[*].id", "aws_instance.web.*.id", "local.m[\"k\"].x",
        "var.a == null ? \"x\" : var.a", "1 + 2", "!var.on", "-var.n", "(var.a)",
        "provider::aws::arn_parse(var.arn)", "[for c in var.cidrs : c if c != \"\"]",
        "{ for k, v in var.m : k => v }", "merge(var.a, {\n  x = 1\n})", "f(var.xs...)"}) {
    const HclValue value = value_of(text);
    EXPECT_EQ(value.kind, HclValue::Kind::expression) << text;
    EXPECT_EQ(value.text, text);
  }
}

TEST(Hcl, Heredocs) {
  const HclBody body = parsed(
      "policy = <<EOF\n"
      "{\n"
      "  \"a\": \"${var.x}\"\n"
      "}\n"
      "EOF\n"
      "script = <<-EOT\n"
      "    one\n"
      "      two\n"
      "    EOT\n"
      "after = 1\n");
  const HclValue& policy = body.attribute("policy")->value;
  EXPECT_EQ(policy.kind, HclValue::Kind::string);
  EXPECT_EQ(policy.text, "{\n  \"a\": \"${var.x}\"\n}\n");
  EXPECT_TRUE(policy.interpolated);
  EXPECT_EQ(policy.line, 1);
  EXPECT_EQ(body.attribute("script")->value.text, "one\n  two\n");
  EXPECT_EQ(body.attribute("after")->line, 10);
}

TEST(Hcl, CommentsOfEveryKind) {
  const HclBody body = parsed(
      "# hash\n"
      "// slashes\n"
      "/* a block\n"
      "   resource \"x\" \"y\" { } */\n"
      "a = 1 # trailing\n"
      "b = /* inline */ 2\n"
      "# resource \"aws_security_group_rule\" \"off\" {\n"
      "#   cidr_blocks = [\"0.0.0.0/0\"]\n"
      "# }\n");
  EXPECT_TRUE(body.blocks.empty());
  ASSERT_EQ(body.attributes.size(), 2u);
  EXPECT_EQ(body.attribute("a")->line, 5);
  EXPECT_EQ(body.attribute("b")->value.text, "2");
}

TEST(Hcl, WindowsLineEndingsAndByteOrderMark) {
  const HclBody body = parsed(
      "\xEF\xBB\xBF"
      "a = \"x\"\r\nb {\r\n  c = 1\r\n}\r\n");
  EXPECT_EQ(body.attribute("a")->value.text, "x");
  EXPECT_EQ(body.blocks.at(0).body.attribute("c")->line, 3);
}

TEST(Hcl, EmptyFile) {
  EXPECT_TRUE(parsed("").attributes.empty());
  EXPECT_TRUE(parsed("\n# only a comment\n").blocks.empty());
}

TEST(Hcl, SyntaxErrorsNameTheirLine) {
  EXPECT_EQ(error_of("a = 1\nb = \"open\n"), "line 2: a string is not closed on its line");
  EXPECT_EQ(error_of("r \"x\" {\n  a = 1\n"), "line 3: the block opened at line 1 has no }");
  EXPECT_EQ(error_of("a = 1\n}\n"), "line 2: a } closes no block");
  EXPECT_EQ(error_of("a = [1, 2\nb = 3\n"), "line 2: expected , or ] in a list");
  EXPECT_EQ(error_of("a = 1\na = 2\n"), "line 2: attribute \"a\" is defined twice");
  EXPECT_EQ(error_of("x = <<EOF\nnever closed\n"), "line 1: the heredoc <<EOF is never closed");
  EXPECT_EQ(error_of("/* open\n\n"), "line 1: a /* comment is never closed");
  EXPECT_EQ(error_of("a = \"\\q\"\n"), "line 1: unknown escape sequence in a string");
  EXPECT_EQ(error_of("a = \n"), "line 1: expected an expression");
  EXPECT_EQ(error_of("a = 1 2\n"), "line 1: expected a newline");
  EXPECT_EQ(error_of("\n\n= 1\n"), "line 3: expected an attribute or a block");
  EXPECT_EQ(error_of("r \"x\"\n{\n}\n"), "line 1: expected = or a block after \"r\"");
  EXPECT_EQ(error_of("r \"${x}\" {\n}\n"), "line 1: a block label is a plain string");
  EXPECT_EQ(error_of("a = f(1 2)\n"), "line 1: expected , or ) in a function call");
  EXPECT_EQ(error_of("a = x ? 1\n"), "line 1: expected : of a conditional");
  EXPECT_EQ(error_of("a = \"\\u12\"\n"), "line 1: a \\u escape needs hexadecimal digits");
  EXPECT_EQ(error_of("a = \"\\uD800\"\n"), "line 1: a \\u escape names no Unicode character");
}

TEST(Hcl, TruncatedInputFailsCleanly) {
  const std::string text =
      "resource \"a\" \"b\" {\n  v = [\"x\", { k = \"${f(\"y\")}\" }, <<EOF\nz\nEOF\n]\n}\n";
  for (std::size_t size = 0; size < text.size(); ++size) {
    const Result<HclBody> body = parse_hcl(text.substr(0, size));
    if (!body.ok()) {
      EXPECT_TRUE(body.error().message.starts_with("line ")) << size;
    }
  }
}

TEST(Hcl, NestingIsBounded) {
  const std::size_t deep = kHclMaxNesting * 4;
  const std::string lists = "a = " + std::string(deep, '[') + std::string(deep, ']') + "\n";
  EXPECT_NE(error_of(lists).find("nesting deeper than"), std::string::npos);
  std::string blocks;
  for (std::size_t i = 0; i < deep; ++i) blocks += "b {\n";
  for (std::size_t i = 0; i < deep; ++i) blocks += "}\n";
  EXPECT_NE(error_of(blocks).find("nesting deeper than"), std::string::npos);
  EXPECT_NE(error_of("a = " + std::string(100000, '-') + "1\n").find("nesting deeper than"),
            std::string::npos);
  EXPECT_NE(error_of("a = \"" + std::string(deep, '$') + "\n").size(), 0u);
  const std::string interpolations = "a = " + [&] {
    std::string text;
    for (std::size_t i = 0; i < deep; ++i) text += "\"${";
    return text;
  }() + "\n";
  EXPECT_NE(error_of(interpolations).find("nesting deeper than"), std::string::npos);
  const std::string shallow = "a = [[[[[[[[1]]]]]]]]\n";
  EXPECT_TRUE(parse_hcl(shallow).ok());
}

TEST(Hcl, LongInputsReadInLinearTime) {
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "a" + std::to_string(i) + " = [1, \"x\", var.y]\n";
  EXPECT_EQ(parsed(many).attributes.size(), 5000u);
  const std::string open_comments = "a = 1\n" + std::string(200000, '#') + "\n";
  EXPECT_TRUE(parse_hcl(open_comments).ok());
  EXPECT_FALSE(parse_hcl("a = " + std::string(200000, '(') + "\n").ok());
  EXPECT_FALSE(parse_hcl(std::string(200000, '"')).ok());
}

}  // namespace
}  // namespace hcl_test
}  // namespace mongoscan
