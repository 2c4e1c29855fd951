// MTGP parameter tables from CSV files (see mtgp_param_file.hpp).
#include "engines/mtgp_param_file.hpp"

#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::mtgp_tables {
namespace {

namespace m = core::mtgp;

template <class W>
struct Loaded {
  std::vector<m::Params<W>> params;
  std::vector<Identity> ids;
  std::deque<std::string> strings;  // the SHA-1 texts the identities point into
  std::string source;
  Table<W> table{};
};

template <class W>
struct Registry {
  std::mutex lock;
  std::map<std::string, std::unique_ptr<Loaded<W>>> by_content;
};

template <class W>
Registry<W>& registry() {
  static Registry<W> r;  // never destroyed before the engines that point into it
  return r;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (c != '\r' && c != ' ' && c != '\t' && c != '"') {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

bool parse_word(const std::string& s, int bits, std::uint64_t& v) {
  if (s.empty() || s[0] == '-' || s[0] == '+') return false;
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  std::size_t used = 0;
  unsigned long long x = 0;
  try {
    x = std::stoull(s, &used, hex ? 16 : 10);
  } catch (const std::exception&) {
    return false;
  }
  if (used != s.size() || (bits < 64 && x >> bits != 0)) return false;
  v = x;
  return true;
}

std::uint32_t floor_pow2(std::uint32_t x) {
  std::uint32_t r = 1;
  while (r * 2 <= x) r *= 2;
  return r;
}

// Register (or find) a table under a key; fills the Table view.
template <class W>
const Table<W>& enroll(std::unique_ptr<Loaded<W>> t, const std::string& key) {
  Registry<W>& r = registry<W>();
  std::lock_guard<std::mutex> guard(r.lock);
  auto it = r.by_content.find(key);
  if (it != r.by_content.end()) return it->second->table;
  Loaded<W>& l = *t;
  l.table = Table<W>{l.source.c_str(), static_cast<std::uint32_t>(l.params.size()), l.params.data(), l.ids.data()};
  return r.by_content.emplace(key, std::move(t)).first->second->table;
}

template <class W>
std::unique_ptr<Loaded<W>> parse(std::istream& in, const std::string& path, std::uint32_t mexp) {
  constexpr int kBits = m::kWordBits<W>;
  const std::string file = "param file '" + path + "'";
  auto bad = [&](long line, const std::string& what) -> Error {
    return Error(Status::invalid_argument, file + ": line " + std::to_string(line) + ": " + what);
  };
  auto t = std::make_unique<Loaded<W>>();
  t->source = path;
  std::map<std::string, std::size_t> col;
  bool header = false, fast = true;
  std::string line;
  long line_no = 0;
  const std::uint32_t n = m::state_words(mexp, kBits);
  const std::uint32_t r_bits = static_cast<std::uint32_t>(kBits) * n - mexp;
  const W mask = static_cast<W>(~W{0} << r_bits);
  const std::uint32_t round = floor_pow2(n - 2);
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line == "\r") continue;
    const std::vector<std::string> f = split(line);
    if (!header) {
      for (std::size_t i = 0; i < f.size(); ++i) col.emplace(f[i], i);
      fast = col.count("tbl_4") != 0;
      std::vector<std::string> need = {"mexp", "pos", "sh1", "sh2", "mask"};
      for (int k = 0; k < (fast ? 16 : 4); ++k) {
        need.push_back("tbl_" + std::to_string(k));
        need.push_back("tmp_tbl_" + std::to_string(k));
      }
      for (const std::string& c : need) {
        if (col.count(c) == 0) throw bad(line_no, "the header has no column '" + c + "' (see docs/TOOLS.md)");
      }
      header = true;
      continue;
    }
    auto has = [&](const std::string& c) { return col.count(c) != 0 && col.at(c) < f.size() && !f[col.at(c)].empty(); };
    auto word = [&](const std::string& c, int bits) {
      std::uint64_t v = 0;
      if (!has(c) || !parse_word(f[col.at(c)], bits, v)) {
        throw bad(line_no, "column '" + c + "': '" + (has(c) ? f[col.at(c)] : std::string()) + "' is not a " +
                               std::to_string(bits) + "-bit unsigned integer");
      }
      return v;
    };
    m::Params<W> p{};
    p.mexp = static_cast<std::uint32_t>(word("mexp", 32));
    if (p.mexp != mexp) {
      throw bad(line_no, "mexp " + std::to_string(p.mexp) + ", but this engine's Mersenne exponent is " + std::to_string(mexp));
    }
    p.pos = static_cast<std::uint32_t>(word("pos", 32));
    p.sh1 = static_cast<std::uint32_t>(word("sh1", 32));
    p.sh2 = static_cast<std::uint32_t>(word("sh2", 32));
    p.mask = static_cast<W>(word("mask", kBits));
    if (p.pos < 3 || n - p.pos < round || p.pos >= n) {
      throw bad(line_no, "pos " + std::to_string(p.pos) + " is out of range [3, " + std::to_string(n - round) + "]");
    }
    if (p.sh1 > 31 || p.sh2 > 31) throw bad(line_no, "sh1 and sh2 must be < 32");
    if (p.mask != mask) throw bad(line_no, "mask must be the top " + std::to_string(kBits - static_cast<int>(r_bits)) + " bits");
    W tbl[16], tmp[16];
    for (int k = 0; k < 16; ++k) {
      if (fast) {
        tbl[k] = static_cast<W>(word("tbl_" + std::to_string(k), kBits));
        tmp[k] = static_cast<W>(word("tmp_tbl_" + std::to_string(k), kBits));
      } else {
        tbl[k] = tmp[k] = 0;
        for (int b = 0; b < 4; ++b) {
          if ((k >> b) & 1) {
            tbl[k] ^= static_cast<W>(word("tbl_" + std::to_string(b), kBits));
            tmp[k] ^= static_cast<W>(word("tmp_tbl_" + std::to_string(b), kBits));
          }
        }
      }
    }
    for (int k = 0; k < 16; ++k) {
      W lt = 0, lm = 0;
      for (int b = 0; b < 4; ++b) {
        if ((k >> b) & 1) {
          lt ^= tbl[1 << b];
          lm ^= tmp[1 << b];
        }
      }
      if (tbl[k] != lt || tmp[k] != lm) {
        throw bad(line_no, "tbl/tmp_tbl entry " + std::to_string(k) +
                               " is not the XOR of entries 1, 2, 4, 8 its index picks (the tables must be linear)");
      }
      p.tbl[k] = tbl[k];
      p.tmp_tbl[k] = tmp[k];
    }
    Identity id{};
    id.label = has("label_no") ? static_cast<std::uint32_t>(word("label_no", 32)) : static_cast<std::uint32_t>(t->params.size());
    id.delta = has("delta") ? static_cast<std::uint32_t>(word("delta", 32)) : 0;
    id.weight = has("weight") ? static_cast<std::uint32_t>(word("weight", 32)) : 0;
    std::string sha = has("poly_sha1") ? f[col.at("poly_sha1")] : "";
    if (!sha.empty() && (sha.size() != 40 || sha.find_first_not_of("0123456789abcdef") != std::string::npos)) {
      throw bad(line_no, "poly_sha1 '" + sha + "' is not 40 lower-case hexadecimal digits");
    }
    t->strings.push_back(sha);
    id.poly_sha1 = t->strings.back().c_str();
    t->params.push_back(p);
    t->ids.push_back(id);
    if (t->params.size() > (1u << 20)) throw bad(line_no, "more than 2^20 parameter sets");
  }
  if (in.bad()) throw Error(Status::io_error, file + ": reading failed");
  if (!header) throw Error(Status::invalid_argument, file + ": empty: no header line");
  if (t->params.empty()) throw Error(Status::invalid_argument, file + ": has a header but no parameter sets");
  return t;
}

}  // namespace

template <class W>
const Table<W>& load_param_file(const std::string& path, std::uint32_t mexp) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error(Status::io_error, "param file '" + path + "': cannot open it for reading");
  std::stringstream text;
  text << f.rdbuf();
  const std::string content = text.str();
  std::istringstream in(content);
  return enroll<W>(parse<W>(in, path, mexp), "file:" + std::to_string(mexp) + ":" + content);
}

template <class W>
const Table<W>& single_set_table(const m::Params<W>& p, std::uint32_t weight) {
  auto t = std::make_unique<Loaded<W>>();
  t->source = "a state file's parameter set";
  t->params.push_back(p);
  t->strings.push_back("");
  t->ids.push_back(Identity{0, 0, weight, t->strings.back().c_str()});
  std::string key = "set:" + std::to_string(weight) + ":";
  key.append(reinterpret_cast<const char*>(&p), sizeof p);
  return enroll<W>(std::move(t), key);
}

template <class W>
bool is_loaded_table(const Table<W>* t) {
  Registry<W>& r = registry<W>();
  std::lock_guard<std::mutex> guard(r.lock);
  for (const auto& entry : r.by_content) {
    if (&entry.second->table == t) return true;
  }
  return false;
}

template const Table<std::uint32_t>& load_param_file<std::uint32_t>(const std::string&, std::uint32_t);
template const Table<std::uint64_t>& load_param_file<std::uint64_t>(const std::string&, std::uint32_t);
template const Table<std::uint32_t>& single_set_table<std::uint32_t>(const m::Params<std::uint32_t>&, std::uint32_t);
template const Table<std::uint64_t>& single_set_table<std::uint64_t>(const m::Params<std::uint64_t>&, std::uint32_t);
template bool is_loaded_table<std::uint32_t>(const Table<std::uint32_t>*);
template bool is_loaded_table<std::uint64_t>(const Table<std::uint64_t>*);

}  // namespace gpurng::detail::mtgp_tables
