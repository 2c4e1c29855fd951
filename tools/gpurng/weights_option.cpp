#include "weights_option.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {
namespace {

// Where an entry is, for messages: "entry 3 (line 2, column 5)". Lines count from 1 and so do
// columns (bytes).
struct Place {
  std::uint64_t entry;
  std::uint64_t line;
  std::uint64_t column;
};

std::string where(const Place& p) {
  return "entry " + std::to_string(p.entry) + " (line " + std::to_string(p.line) + ", column " +
         std::to_string(p.column) + ")";
}

// The entry's text as a message may show it: printable ASCII, other bytes as '?'.
std::string shown(std::string_view token) {
  std::string s(token.substr(0, kMaxWeightChars));
  for (char& c : s) {
    if (c < 0x20 || c > 0x7e) c = '?';
  }
  return s;
}

[[noreturn]] void bad(const std::string& source, const std::string& message) {
  throw Error(Status::invalid_argument, source + ": " + message);
}

double parse_entry(std::string_view token, const Place& at, const std::string& source, const std::string& noun) {
  if (token.size() > kMaxWeightChars) {
    bad(source, where(at) + " is longer than " + std::to_string(kMaxWeightChars) + " characters: '" +
                    shown(token) + "...'");
  }
  // strtod needs a terminated string, so the token is copied; it must be consumed whole (a NUL byte
  // inside stops strtod early and is refused).
  const std::string text(token);
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || std::isnan(v) || std::isinf(v)) {
    bad(source, where(at) + ": '" + shown(token) + "' is not a finite number; each " + noun + " must be finite and >= 0");
  }
  if (v < 0.0) bad(source, where(at) + ": '" + shown(token) + "' is negative; each " + noun + " must be finite and >= 0");
  // ERANGE with a finite value is an underflow: the nearest double (subnormal or 0), as for any
  // decimal a double does not hold exactly.
  return v;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::vector<double> parse_weights_text(std::string_view text, const std::string& source, std::uint64_t max_entries,
                                       const std::string& noun) {
  std::vector<double> weights;
  std::uint64_t line = 1;
  std::size_t line_start = 0;
  // Whether the last separator that counts was a comma not yet followed by an entry, and where.
  bool open_comma = false;
  Place comma_at{1, 1, 1};
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = ++i;
    } else if (is_space(c)) {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == ',') {
      const Place here{weights.size() + 1, line, i - line_start + 1};
      if (open_comma || weights.empty()) bad(source, where(here) + " is empty (a comma with no number before it)");
      open_comma = true;
      comma_at = here;
      ++i;
    } else {
      const std::size_t start = i;
      while (i < text.size() && !is_space(text[i]) && text[i] != ',' && text[i] != '#') ++i;
      const Place here{weights.size() + 1, line, start - line_start + 1};
      if (weights.size() >= max_entries) {
        bad(source, where(here) + " is one too many: at most " + std::to_string(max_entries) + " " + noun + "s");
      }
      weights.push_back(parse_entry(text.substr(start, i - start), here, source, noun));
      open_comma = false;
    }
  }
  if (open_comma) bad(source, "the comma at line " + std::to_string(comma_at.line) + ", column " +
                                  std::to_string(comma_at.column) + " has no number after it");
  if (weights.empty()) bad(source, "no " + noun + "s (an empty list or file); give at least one number");
  return weights;
}

std::vector<double> read_weights_option(const std::string& value, const std::string& option, std::uint64_t max_bytes,
                                        const std::string& noun) {
  const std::uint64_t max_entries = DiscreteTable::kMaxCategories;
  if (value.empty() || value[0] != '@') return parse_weights_text(value, option, max_entries, noun);
  const std::string path = value.substr(1);
  const std::string source = option + " file '" + path + "'";
  if (path.empty()) bad(option, "'@' needs a file name after it (@path)");
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    bad(source, "is " + std::to_string(st.st_size) + " bytes, more than the " + std::to_string(max_bytes) +
                    "-byte limit of a weights file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(Status::io_error, source + ": cannot open: " + std::strerror(errno));
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      bad(source, "holds more than the " + std::to_string(max_bytes) + "-byte limit of a weights file");
    }
  }
  if (in.bad()) throw Error(Status::io_error, source + ": read failed: " + std::strerror(errno));
  return parse_weights_text(text, source, max_entries, noun);
}

}  // namespace gpurng::cli
