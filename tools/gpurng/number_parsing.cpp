#include "number_parsing.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {
namespace {

[[noreturn]] void bad(const std::string& option, const std::string& text, const std::string& expected) {
  throw Error(Status::invalid_argument, option + ": '" + text + "' is not " + expected);
}

bool digits_in_base(const std::string& s, int base) {
  if (s.empty()) return false;
  for (char c : s) {
    const bool ok = base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                               : (c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

}  // namespace

std::uint64_t parse_u64(const std::string& text, const std::string& option) {
  const std::string expected = "an integer in [0, 2^64-1] (decimal, 0x hexadecimal, or 2^k)";
  std::string body = text;
  int base = 10;
  if (body.rfind("2^", 0) == 0) {
    const std::string k = body.substr(2);
    if (!digits_in_base(k, 10) || k.size() > 2 || std::stoi(k) > 63) bad(option, text, expected);
    return std::uint64_t{1} << std::stoi(k);
  }
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    body = body.substr(2);
    base = 16;
  }
  if (!digits_in_base(body, base)) bad(option, text, expected);
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(body.c_str(), &end, base);
  if (errno == ERANGE || end != body.c_str() + body.size()) bad(option, text, expected);
  return static_cast<std::uint64_t>(v);
}

std::vector<std::string> split_list(const std::string& text, const std::string& option, const std::string& expected) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (items.back().empty()) bad(option, text, expected + " (an item is empty)");
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

std::vector<std::uint64_t> parse_u64_list(const std::string& text, const std::string& option) {
  std::vector<std::uint64_t> out;
  for (const std::string& item : split_list(text, option, "a comma-separated list of integers")) {
    out.push_back(parse_u64(item, option));
  }
  return out;
}

double parse_double(const std::string& text, const std::string& option) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  const bool whole = !text.empty() && std::isspace(static_cast<unsigned char>(text[0])) == 0 &&
                     end == text.c_str() + text.size();
  if (whole && std::isinf(v) && errno == ERANGE) bad(option, text, "in the range of a double (|x| <= 1.79769e+308)");
  if (!whole || !std::isfinite(v)) bad(option, text, "a finite number");
  // ERANGE with a finite result is an underflow: the value is the nearest double (subnormal or 0),
  // as for any other decimal that a double does not hold exactly.
  return v;
}

}  // namespace gpurng::cli
