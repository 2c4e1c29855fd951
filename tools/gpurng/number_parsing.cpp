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

std::vector<std::uint64_t> parse_u64_list(const std::string& text, const std::string& option) {
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty()) bad(option, text, "a comma-separated list of integers (an item is empty)");
    out.push_back(parse_u64(item, option));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

double parse_double(const std::string& text, const std::string& option) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v)) {
    bad(option, text, "a finite number");
  }
  return v;
}

}  // namespace gpurng::cli
