// Helpers shared by the tests: where the known-answer data lives, and a small CSV reader.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpurng::test {

// GPURNG_TEST_DATA overrides the compiled-in path (a build run from another checkout).
inline std::string data_path(const std::string& relative) {
  const char* env = std::getenv("GPURNG_TEST_DATA");
  return std::string(env != nullptr ? env : GPURNG_TEST_DATA_DIR) + "/" + relative;
}

// Splits one CSV line; fields may be double-quoted (with commas inside).
inline std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.push_back(cur);
      cur.clear();
    } else if (c != '\r') {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

// A CSV file with a header row; rows are maps from column name to text.
struct Csv {
  std::vector<std::string> columns;
  std::vector<std::map<std::string, std::string>> rows;
};

inline Csv read_csv(const std::string& relative) {
  const std::string path = data_path(relative);
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot open test data " + path);
  Csv csv;
  std::string line;
  std::getline(f, line);
  csv.columns = split_csv_line(line);
  while (std::getline(f, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> fields = split_csv_line(line);
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < csv.columns.size() && i < fields.size(); ++i) row[csv.columns[i]] = fields[i];
    csv.rows.push_back(row);
  }
  return csv;
}

inline std::uint64_t to_u64(const std::string& s) { return std::stoull(s, nullptr, 0); }
// Exact: accepts C99 hex floats (0x1.8p-3) as well as decimal.
inline double to_double(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

}  // namespace gpurng::test
