// Dynamic Creator CSV files (see dc_csv.hpp).
#include "dc_csv.hpp"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace gpurng::gf2 {
namespace {

std::string hex32(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (c != '\r' && c != ' ' && c != '\t') {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

bool parse_u32(const std::string& s, std::uint32_t& v) {
  if (s.empty()) return false;
  std::size_t used = 0;
  unsigned long long x = 0;
  try {
    x = std::stoull(s, &used, s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10);
  } catch (const std::exception&) {
    return false;
  }
  if (used != s.size() || x > 0xffffffffull || s[0] == '-') return false;
  v = static_cast<std::uint32_t>(x);
  return true;
}

}  // namespace

void write_dc_header(std::ostream& out) {
  out << "id,w,p,n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c,"
         "delta,weight,sha1,candidates,seconds\n";
}

void write_dc_row(std::ostream& out, const DcSet& s) {
  const DcParams& d = s.params;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", s.recursion_seconds + s.tempering_seconds);
  out << s.id << ",32," << d.exponent() << ',' << d.n << ',' << d.m << ',' << d.r << ',' << hex32(d.aaa) << ','
      << hex32(d.wmask) << ',' << hex32(d.umask) << ',' << hex32(d.lmask) << ',' << d.shift0_u << ',' << d.shift1_l
      << ',' << d.shiftB_s << ',' << d.shiftC_t << ',' << hex32(d.maskB_b) << ',' << hex32(d.maskC_c) << ','
      << s.delta << ',' << s.weight << ',' << s.sha1 << ',' << s.candidates << ',' << seconds << '\n';
}

std::vector<DcParams> read_dc_sets(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::invalid_argument("'" + path + "': cannot open it for reading");
  static const char* const kRequired[] = {"n",        "m",        "r",        "aaa",      "wmask",   "umask",  "lmask",
                                          "shift0_u", "shift1_l", "shiftB_s", "shiftC_t", "maskB_b", "maskC_c"};
  std::map<std::string, std::size_t> column;
  std::vector<DcParams> out;
  std::string line;
  long line_no = 0;
  bool header = false;
  while (std::getline(f, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line == "\r") continue;
    const std::vector<std::string> fields = split(line);
    const std::string at = "'" + path + "' line " + std::to_string(line_no) + ": ";
    if (!header) {
      for (std::size_t i = 0; i < fields.size(); ++i) column.emplace(fields[i], i);
      for (const char* name : kRequired) {
        if (column.count(name) == 0) throw std::invalid_argument(at + "the header has no column '" + name + "'");
      }
      header = true;
      continue;
    }
    auto value = [&](const char* name) {
      const std::size_t i = column.at(name);
      std::uint32_t v = 0;
      if (i >= fields.size() || !parse_u32(fields[i], v)) {
        throw std::invalid_argument(at + "column '" + name + "': '" + (i < fields.size() ? fields[i] : "") +
                                    "' is not a 32-bit unsigned integer");
      }
      return v;
    };
    DcParams d;
    d.n = value("n");
    d.m = value("m");
    d.r = value("r");
    d.aaa = value("aaa");
    d.wmask = value("wmask");
    d.umask = value("umask");
    d.lmask = value("lmask");
    d.shift0_u = value("shift0_u");
    d.shift1_l = value("shift1_l");
    d.shiftB_s = value("shiftB_s");
    d.shiftC_t = value("shiftC_t");
    d.maskB_b = value("maskB_b");
    d.maskC_c = value("maskC_c");
    if (d.n < 2 || d.m < 1 || d.m >= d.n || d.r > 31 || d.shift0_u > 31 || d.shift1_l > 31 || d.shiftB_s > 31 ||
        d.shiftC_t > 31) {
      throw std::invalid_argument(at + "n, m, r or a shift out of range (2 <= n, 1 <= m < n, r and shifts <= 31)");
    }
    out.push_back(d);
  }
  if (!header) throw std::invalid_argument("'" + path + "': empty (no header line)");
  if (out.empty()) throw std::invalid_argument("'" + path + "': no parameter sets after the header");
  return out;
}

}  // namespace gpurng::gf2
