#include "reports/spool_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace mongoscan {
namespace spool_file_test {
namespace {

TEST(SpoolFile, ReadsBackWhatWasAppendedWrittenOrStillBuffered) {
  auto created = SpoolFile::create();
  ASSERT_TRUE(created.ok()) << created.error().message;
  SpoolFile spool = std::move(created).value();
  // More than one write buffer (256 KiB), so that some records are in the file and the last
  // ones still in the buffer; one record straddles the two.
  std::vector<std::pair<std::uint64_t, std::string>> records;
  for (int i = 0; i < 700; ++i) {
    const std::string record(997 + i % 13, static_cast<char>('a' + i % 26));
    auto at = spool.append(record);
    ASSERT_TRUE(at.ok());
    records.emplace_back(at.value(), record);
  }
  EXPECT_EQ(spool.size(), records.back().first + records.back().second.size());
  std::string out;
  for (const auto& [offset, record] : records) {
    ASSERT_TRUE(spool.read(offset, record.size(), out).ok());
    EXPECT_EQ(out, record) << offset;
  }
  // A range across records, and one past the end.
  ASSERT_TRUE(spool.read(records[1].first - 3, 6, out).ok());
  EXPECT_EQ(
      out, records[0].second.substr(records[0].second.size() - 3) + records[1].second.substr(0, 3));
  const auto past = spool.read(spool.size() - 2, 3, out);
  ASSERT_FALSE(past.ok());
  EXPECT_NE(past.error().message.find("temporary findings file"), std::string::npos);
}

TEST(SpoolFile, HasNoNameInItsDirectory) {
  const std::filesystem::path directory =
      std::filesystem::temp_directory_path() / ("spool-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(directory);
  {
    auto spool = SpoolFile::create(directory.string());
    ASSERT_TRUE(spool.ok()) << spool.error().message;
    ASSERT_TRUE(spool.value().append("record").ok());
    EXPECT_TRUE(std::filesystem::is_empty(directory));
  }
  std::filesystem::remove_all(directory);
}

TEST(SpoolFile, AMissingDirectoryIsAnErrorNamingIt) {
  const auto spool = SpoolFile::create("/nonexistent/spool-test-dir");
  ASSERT_FALSE(spool.ok());
  EXPECT_NE(spool.error().message.find("/nonexistent/spool-test-dir"), std::string::npos);
  EXPECT_EQ(spool.error().code, ErrorCode::io);
}

}  // namespace
}  // namespace spool_file_test
}  // namespace mongoscan
