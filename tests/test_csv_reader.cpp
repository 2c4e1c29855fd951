// The one CSV reader (src/support/csv_reader.hpp) and the parameter-file parsers on it: the dialect
// (comments, blank lines, CRLF, quoted fields), every malformed line refused naming the line, the
// header checked before any row is read, and the limits that make /dev/zero and huge files fail fast.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "csv_reader.hpp"
#include "dcmt_param_csv.hpp"
#include "mtgp_param_csv.hpp"

using gpurng::support::CsvReader;

namespace {

std::vector<std::vector<std::string>> rows_of(const std::string& text) {
  std::istringstream in(text);
  CsvReader csv(in, "t.csv");
  std::vector<std::vector<std::string>> rows = {csv.header()};
  std::vector<std::string> f;
  while (csv.next_row(f)) rows.push_back(f);
  return rows;
}

// The message of the std::invalid_argument that reading `text` throws ("" if none).
std::string refusal(const std::string& text) {
  try {
    rows_of(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(CsvReader, ReadsTheDialect) {
  using Rows = std::vector<std::vector<std::string>>;
  EXPECT_EQ(rows_of("# comment\n\n  a , b,c\r\n1,2,3\n   # indented comment\n\t\n4 ,  5,6"),
            (Rows{{"a", "b", "c"}, {"1", "2", "3"}, {"4", "5", "6"}}));
  EXPECT_EQ(rows_of("a,b,c\n\"x, y\",\"say \"\"hi\"\"\" , \"\"\n"), (Rows{{"a", "b", "c"}, {"x, y", "say \"hi\"", ""}}));
  EXPECT_EQ(rows_of("a,b\n,\n"), (Rows{{"a", "b"}, {"", ""}}));
  EXPECT_EQ(rows_of("a,b\nseed 002 list 6.17,0x1\n"), (Rows{{"a", "b"}, {"seed 002 list 6.17", "0x1"}}));
}

TEST(CsvReader, RefusesMalformedLinesNamingThem) {
  const struct {
    std::string text, mention;
  } cases[] = {
      {"", "t.csv: empty: no header line"},
      {"# only a comment\n\n", "empty: no header line"},
      {"a,b,a\n", "line 1: the header names column 'a' twice (columns 1 and 3)"},
      {"a,,b\n", "line 1: the header's column 2 has no name"},
      {"a,b\n1,2\n1,2,3\n", "line 3: 3 fields, but the header has 2"},
      {"a,b\n1\n", "line 2: 1 fields, but the header has 2"},
      {"a,b\n\"1,2\n", "line 2: field 1: unterminated quote"},
      {"a,b\n1,\"2\"x\n", "line 2: field 2: text after the closing quote"},
      {"a,b\n1,2\"3\"\n", "line 2: field 2: a quote inside an unquoted field"},
  };
  for (const auto& c : cases) EXPECT_NE(refusal(c.text).find(c.mention), std::string::npos) << c.text << " -> " << refusal(c.text);
}

TEST(CsvReader, LongLinesAndLargeFilesFailFast) {
  // /dev/zero: one endless line, refused at the line limit (it used to fill memory without end).
  try {
    CsvReader csv("/dev/zero", "'/dev/zero'");
    csv.header();
    ADD_FAILURE() << "read /dev/zero";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'/dev/zero': line 1: longer than 65536 bytes"), std::string::npos) << e.what();
  }
  // A line of exactly the limit is read.
  const std::string longest(gpurng::support::kMaxCsvLineBytes, 'x');
  EXPECT_EQ(rows_of(longest + "\n")[0][0].size(), gpurng::support::kMaxCsvLineBytes);
  EXPECT_NE(refusal("a\n1\n" + longest + "y\n").find("line 3: longer than"), std::string::npos);
  // A regular file larger than the limit is refused before any of it is read (a sparse file: no disk used).
  const std::string path = ::testing::TempDir() + "csv_reader_large_" + std::to_string(::getpid()) + ".csv";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(gpurng::support::kMaxCsvFileBytes + 1)), 0);
  ::close(fd);
  try {
    CsvReader csv(path, "'" + path + "'");
    ADD_FAILURE() << "opened a file over the limit";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("268435457 bytes, larger than the 256 MiB"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
  // Files that cannot be read.
  EXPECT_THROW(CsvReader("/nonexistent/x.csv", "x"), std::system_error);
  EXPECT_THROW(CsvReader("/tmp", "x"), std::system_error);
}

TEST(CsvReader, UnsignedFields) {
  std::uint64_t v = 0;
  EXPECT_TRUE(gpurng::support::parse_unsigned_field("4294967295", 32, v));
  EXPECT_EQ(v, 4294967295u);
  EXPECT_TRUE(gpurng::support::parse_unsigned_field("0xFFffFFff", 32, v));
  EXPECT_EQ(v, 0xffffffffu);
  EXPECT_TRUE(gpurng::support::parse_unsigned_field("0xffffffffffffffff", 64, v));
  EXPECT_EQ(v, ~std::uint64_t{0});
  for (const char* bad : {"", "0x", "4294967296", "0x100000000", "-1", "+1", "1 2", "0x1g", "1e3"}) {
    EXPECT_FALSE(gpurng::support::parse_unsigned_field(bad, 32, v)) << bad;
  }
  EXPECT_FALSE(gpurng::support::parse_unsigned_field("0x10000000000000000", 64, v));
  EXPECT_FALSE(gpurng::support::parse_unsigned_field("18446744073709551616", 64, v));
}

// The dcmt parser checks the header before any row: a bad header is reported at line 1 however
// long the rest is.
TEST(CsvReader, ParsersCheckTheHeaderFirst) {
  std::string text = "n,m,r,aaa\n";
  for (int i = 0; i < 100000; ++i) text += "x,y,z,w\n";
  std::istringstream in(text);
  CsvReader csv(in, "big.csv");
  try {
    gpurng::support::read_dcmt_sets(csv);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("big.csv: line 1: the header has no column 'wmask'"), std::string::npos) << e.what();
  }
  std::istringstream in2("index,mexp\n0,11213\n");
  CsvReader mtgp(in2, "m.csv");
  try {
    gpurng::support::read_mtgp_sets<std::uint32_t>(mtgp, 11213);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("m.csv: line 1: the header has no column 'pos'"), std::string::npos) << e.what();
  }
}
