// MTGP parameter tables from CSV files (see mtgp_param_file.hpp).
#include "families/mtgp/mtgp_param_file.hpp"

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "mtgp_param_csv.hpp"

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

}  // namespace

template <class W>
const Table<W>& load_param_file(const std::string& path, std::uint32_t mexp) {
  std::vector<support::MtgpFileSet<W>> sets;
  try {
    support::CsvReader csv(path, "param file '" + path + "'");
    sets = support::read_mtgp_sets<W>(csv, mexp);
  } catch (const std::system_error& e) {
    throw Error(Status::io_error, e.what());
  } catch (const std::invalid_argument& e) {
    throw Error(Status::invalid_argument, e.what());
  }
  auto t = std::make_unique<Loaded<W>>();
  t->source = path;
  // Keyed by what was read (not by the path or the bytes): the same sets give the same table.
  std::string key = "file:" + std::to_string(mexp) + ":";
  for (const support::MtgpFileSet<W>& s : sets) {
    t->params.push_back(s.params);
    t->strings.push_back(s.poly_sha1);
    t->ids.push_back(Identity{s.label, s.delta, s.weight, t->strings.back().c_str()});
    key.append(reinterpret_cast<const char*>(&s.params), sizeof s.params);
    for (std::uint32_t v : {s.label, s.delta, s.weight}) key.append(reinterpret_cast<const char*>(&v), sizeof v);
    key += s.poly_sha1 + ";";
  }
  return enroll<W>(std::move(t), key);
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
