#include "dieharder_parse.hpp"

#include <cerrno>
#include <cstdlib>

namespace gpurng::cli::quality {
namespace {

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  const auto b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

bool to_ll(const std::string& s, long long* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  errno = 0;
  *out = std::strtoll(s.c_str(), &end, 10);
  return errno == 0 && *end == '\0';
}

}  // namespace

std::optional<DieharderResult> parse_dieharder_line(const std::string& line) {
  if (line.empty() || line[0] == '#') return std::nullopt;
  std::vector<std::string> f;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i == line.size() || line[i] == '|') {
      f.push_back(trim(line.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (f.size() != 6 || f[0].empty()) return std::nullopt;
  DieharderResult r;
  r.test = f[0];
  long long ntup = 0;
  if (!to_ll(f[1], &ntup) || !to_ll(f[2], &r.tsamples) || !to_ll(f[3], &r.psamples)) return std::nullopt;
  r.ntup = static_cast<int>(ntup);
  char* end = nullptr;
  r.p_value = std::strtod(f[4].c_str(), &end);
  if (f[4].empty() || *end != '\0' || !(r.p_value >= 0.0 && r.p_value <= 1.0)) return std::nullopt;
  if (f[5] != "PASSED" && f[5] != "WEAK" && f[5] != "FAILED") return std::nullopt;
  r.assessment = f[5];
  return r;
}

DieharderTally tally(const std::vector<DieharderResult>& results) {
  DieharderTally t;
  for (const DieharderResult& r : results) {
    if (r.assessment == "PASSED") ++t.passed;
    else if (r.assessment == "WEAK") ++t.weak;
    else ++t.failed;
  }
  return t;
}

}  // namespace gpurng::cli::quality
