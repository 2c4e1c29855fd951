// Dynamic-Creator families: construction, set checks, and the parameter-file reader.
#include "engines/dcmt_family.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <fstream>
#include <map>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::dcmt {

namespace {

std::uint64_t next_family_id() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

std::string hex(std::uint32_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int i = 7; i >= 0; --i) s.push_back(digits[(v >> (4 * i)) & 15u]);
  return s;
}

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.push_back(trim(cur));
      cur.clear();
    } else if (c != '\r') {
      cur.push_back(c);
    }
  }
  out.push_back(trim(cur));
  return out;
}

// A 32-bit unsigned value in decimal or 0x hexadecimal.
bool parse_u32(const std::string& s, std::uint32_t& v) {
  std::uint64_t acc = 0;
  std::size_t i = 0;
  unsigned base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  }
  if (i == s.size()) return false;
  for (; i < s.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    unsigned d;
    if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
    else return false;
    acc = acc * base + d;
    if (acc > 0xffffffffull) return false;
  }
  v = static_cast<std::uint32_t>(acc);
  return true;
}

}  // namespace

Family::Family(std::vector<core::dcmt::Params> params, std::string origin)
    : params_(std::move(params)),
      origin_(std::move(origin)),
      id_(next_family_id()),
      polys_(params_, params_.empty() ? 0 : static_cast<int>(params_.front().n)) {
  sets_.reserve(params_.size());
  for (const core::dcmt::Params& p : params_) sets_.push_back(core::dcmt::set_of(p));
}

core::dcmt::Params params_of(const ShapeInfo& shape, const core::dcmt::Set& s) {
  const std::uint32_t upper = 0xffffffffu << shape.r;
  return core::dcmt::Params{shape.n,  shape.m,   shape.r,   s.aaa,     0xffffffffu, upper,    ~upper,
                            s.shift_u, s.shift_l, s.shift_s, s.shift_t, s.mask_b,    s.mask_c};
}

void check_set(const core::dcmt::Params& p, const ShapeInfo& shape, const std::string& where) {
  auto fail = [&](const std::string& what) { throw Error(Status::invalid_argument, where + what); };
  if (p.n != shape.n || p.m != shape.m || p.r != shape.r) {
    fail("(n, m, r) = (" + std::to_string(p.n) + ", " + std::to_string(p.m) + ", " + std::to_string(p.r) + ") but " +
         shape.engine + " takes only sets of exponent " + std::to_string(shape.exponent()) + ": (n, m, r) = (" +
         std::to_string(shape.n) + ", " + std::to_string(shape.m) + ", " + std::to_string(shape.r) + ")");
  }
  const std::uint32_t upper = 0xffffffffu << shape.r;
  if (p.wmask != 0xffffffffu) fail("wmask " + hex(p.wmask) + " must be 0xffffffff (w = 32)");
  if (p.umask != upper) fail("umask " + hex(p.umask) + " must be " + hex(upper) + " (the upper 32 - r bits)");
  if (p.lmask != ~upper) fail("lmask " + hex(p.lmask) + " must be " + hex(~upper) + " (the lower r bits)");
  const std::pair<const char*, std::uint32_t> shifts[] = {
      {"shift0_u", p.shift_u}, {"shift1_l", p.shift_l}, {"shiftB_s", p.shift_s}, {"shiftC_t", p.shift_t}};
  for (const auto& [name, v] : shifts) {
    if (v > 31) fail(std::string(name) + " " + std::to_string(v) + " is out of range [0, 31]");
  }
}

std::vector<core::dcmt::Params> read_param_file(const std::string& path, const ShapeInfo& shape) {
  std::ifstream f(path);
  if (!f) throw Error(Status::io_error, "param file '" + path + "': cannot open it for reading");
  const std::string at = "param file '" + path + "'";
  static const char* const kRequired[] = {"n",        "m",        "r",        "aaa",      "wmask",   "umask",  "lmask",
                                          "shift0_u", "shift1_l", "shiftB_s", "shiftC_t", "maskB_b", "maskC_c"};
  std::map<std::string, std::size_t> column;
  std::vector<core::dcmt::Params> out;
  std::string line;
  std::size_t line_no = 0;
  bool have_header = false;
  while (std::getline(f, line)) {
    ++line_no;
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    const std::vector<std::string> fields = split(line);
    const std::string where = at + ": line " + std::to_string(line_no) + ": ";
    if (!have_header) {
      for (std::size_t i = 0; i < fields.size(); ++i) column.emplace(fields[i], i);
      for (const char* name : kRequired) {
        if (column.count(name) == 0) {
          throw Error(Status::invalid_argument,
                      where + "the header has no column '" + name +
                          "' (needed: n, m, r, aaa, wmask, umask, lmask, shift0_u, shift1_l, shiftB_s, shiftC_t, "
                          "maskB_b, maskC_c; others are ignored)");
        }
      }
      have_header = true;
      continue;
    }
    if (out.size() == kMaxSets) {
      throw Error(Status::invalid_argument, where + "more than " + std::to_string(kMaxSets) + " parameter sets");
    }
    auto value = [&](const std::string& name) {
      const std::size_t i = column.at(name);
      if (i >= fields.size()) throw Error(Status::invalid_argument, where + "no value in column '" + name + "'");
      std::uint32_t v = 0;
      if (!parse_u32(fields[i], v)) {
        throw Error(Status::invalid_argument, where + "column '" + name + "': '" + fields[i] +
                                                  "' is not a 32-bit unsigned integer (decimal or 0x hexadecimal)");
      }
      return v;
    };
    core::dcmt::Params p{};
    p.n = value("n");
    p.m = value("m");
    p.r = value("r");
    p.aaa = value("aaa");
    p.wmask = value("wmask");
    p.umask = value("umask");
    p.lmask = value("lmask");
    p.shift_u = value("shift0_u");
    p.shift_l = value("shift1_l");
    p.shift_s = value("shiftB_s");
    p.shift_t = value("shiftC_t");
    p.mask_b = value("maskB_b");
    p.mask_c = value("maskC_c");
    if (column.count("w") != 0 && value("w") != 32) {
      throw Error(Status::invalid_argument, where + "column 'w': " + fields[column.at("w")] + ", but only w = 32 is supported");
    }
    if (column.count("p") != 0 && value("p") != 32u * p.n - p.r) {
      throw Error(Status::invalid_argument, where + "column 'p': " + fields[column.at("p")] + " is not 32 n - r = " +
                                                std::to_string(32u * p.n - p.r));
    }
    check_set(p, shape, where);
    out.push_back(p);
  }
  if (f.bad()) throw Error(Status::io_error, at + ": reading failed");
  if (!have_header) throw Error(Status::invalid_argument, at + ": empty: no header line and no parameter sets");
  if (out.empty()) throw Error(Status::invalid_argument, at + ": has a header but no parameter sets");
  return out;
}

}  // namespace gpurng::detail::dcmt
