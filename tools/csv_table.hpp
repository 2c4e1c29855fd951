// A comma-separated table with a header row, as the data files in data/ are written (no quoting, no
// embedded commas), for the build-time generators in tools/. Errors name the file and the line.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace gpurng::tools {

class CsvTable {
 public:
  // Reads `path`; on failure returns false and sets `error`.
  bool read(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
      error = path + ": cannot open";
      return false;
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      std::vector<std::string> fields = split(line);
      if (header_.empty()) {
        header_ = std::move(fields);
      } else if (fields.size() != header_.size()) {
        error = path + ":" + std::to_string(number) + ": " + std::to_string(fields.size()) + " fields, the header has " +
                std::to_string(header_.size());
        return false;
      } else {
        rows_.push_back(std::move(fields));
      }
    }
    if (header_.empty()) {
      error = path + ": empty";
      return false;
    }
    return true;
  }

  std::size_t size() const { return rows_.size(); }

  // Field `name` of row `row`; an unknown column is an error the caller reports.
  bool get(std::size_t row, const std::string& name, std::string& value) const {
    for (std::size_t c = 0; c < header_.size(); ++c) {
      if (header_[c] == name) {
        value = rows_[row][c];
        return true;
      }
    }
    return false;
  }

 private:
  static std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out(1);
    for (char ch : line) {
      if (ch == ',') {
        out.emplace_back();
      } else {
        out.back() += ch;
      }
    }
    return out;
  }

  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace gpurng::tools
