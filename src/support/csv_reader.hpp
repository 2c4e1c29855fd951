// The one reader of the project's comma-separated tables: the parameter files of the dcmt and MTGP
// engines (read by the library and by the CLI's equidist and mtgpdc) and the data/ tables the build
// generators read. One dialect, so that every reader agrees on every file:
//
//   * lines end with '\n' (a '\r' before it is dropped); blank lines and lines whose first
//     non-blank character is '#' are skipped; the first other line is the header;
//   * fields are separated by ','; spaces and tabs around a field are dropped;
//   * a field may be quoted ("..."), "" inside quotes being one '"'; a quoted field ends on its own
//     line, and a quote inside an unquoted field is an error;
//   * the header's names are non-empty and distinct; every row has as many fields as the header.
//
// What it reads is bounded, so that /dev/zero or a huge file fails fast instead of filling memory:
// a line is at most kMaxCsvLineBytes, a file at most kMaxCsvFileBytes (a larger regular file is
// refused before any of it is read). Errors name the source, the line and the limit or the field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

namespace gpurng::support {

inline constexpr std::size_t kMaxCsvLineBytes = std::size_t{1} << 16;      // 64 KiB
inline constexpr std::uint64_t kMaxCsvFileBytes = std::uint64_t{1} << 28;  // 256 MiB
// Parameter sets a parameter file (dcmt_param_csv.hpp, mtgp_param_csv.hpp) may hold.
inline constexpr std::size_t kMaxParamSets = std::size_t{1} << 20;

class CsvReader {
 public:
  // Reads the file at `path`; `name` names it in every message (e.g. "param file 'sets.csv'").
  // Throws std::system_error (naming it) if it cannot be opened or is a directory, and
  // std::invalid_argument if it is a regular file larger than kMaxCsvFileBytes.
  CsvReader(const std::string& path, std::string name);
  // Reads `in`, which must outlive the reader (tests, fuzzing).
  CsvReader(std::istream& in, std::string name);

  // The header's names, read on the first call. Throws std::invalid_argument for a source without
  // one, an empty or a repeated name.
  const std::vector<std::string>& header();
  // The index of column `name` in the header, or npos.
  std::size_t column(const std::string& name);
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // The next row, as many fields as the header has; false at the end of the source. Throws
  // std::invalid_argument (naming the line) for a malformed line or a limit passed.
  bool next_row(std::vector<std::string>& fields);

  // "<name>: line N: ", N the line of the header or the row read last: the start of a message about it.
  std::string where() const;
  const std::string& name() const { return name_; }

 private:
  bool next_line(std::string& line);
  void split(const std::string& line, std::vector<std::string>& fields) const;
  [[noreturn]] void fail(const std::string& what) const;

  std::unique_ptr<std::ifstream> file_;
  std::istream* in_;
  std::string name_;
  std::uint64_t line_no_ = 0;
  std::uint64_t bytes_ = 0;
  bool have_header_ = false;
  std::vector<std::string> header_;
};

// A field holding an unsigned integer of at most `bits` bits (1..64), in decimal or 0x hexadecimal
// with no sign: true and the value in v, or false.
bool parse_unsigned_field(const std::string& text, int bits, std::uint64_t& v);

}  // namespace gpurng::support
