// The MTGP engines behind the generator front end: parameter set, streams, seeding as the
// reference does, offset, state payload. The stream states live in a backend Store (host memory or
// the device); a PositionBook plans each call (src/families/mtgp/mtgp_plan.hpp).
#include <memory>
#include <string>
#include <vector>

#include "backend_seam.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "families/mtgp/mtgp_dispatch.hpp"
#include "families/mtgp/mtgp_param_file.hpp"
#include "families/mtgp/mtgp_param_tables.hpp"
#include "families/mtgp/mtgp_plan.hpp"
#include "families/mtgp/mtgp_polynomials.hpp"
#include "families/mtgp/mtgp_streams.hpp"
#include "mtgp_param_csv.hpp"

namespace gpurng::detail {
namespace {

namespace m = core::mtgp;
using mtgp::CallPlan;
using mtgp::PositionBook;
using mtgp::Store;
using mtgp::Streams;

template <class W>
struct Variant {
  Engine id;
  const mtgp_tables::Table<W>* table;
  std::uint32_t chunk;            // R: values per chunk of the layout (the GPU round size)
  std::uint64_t default_streams;  // S with S * R = 2^18 (enough blocks for any current GPU)
  bool curand;                    // cuRAND-compatible seeding, conversions and layout
};

constexpr std::uint64_t kMaxStreams = 4096;
constexpr std::size_t kMaxKeyWords = 65536;

template <class W>
class MtgpEngine final : public SequenceFront {
 public:
  explicit MtgpEngine(const Variant<W>& v)
      : v_(v), table_(v.table), streams_(v.default_streams), seed_(v.curand ? 0 : 1) {}

  Engine id() const override { return v_.id; }
  const char* name() const { return engine_info(v_.id).name; }

  void seed(std::uint64_t s) override {
    if (sizeof(W) == 4 && !v_.curand && s > 0xffffffffu) {
      throw Error(Status::invalid_argument, std::string(name()) + " seed: " + std::to_string(s) +
                                                " is out of range [0, 2^32-1] (the reference seeds 32-bit MTGP "
                                                "with a 32-bit integer; use seed_array for more bits)");
    }
    by_array_ = false;
    seed_ = s;
    key_.clear();
    reset();
  }

  void seed_array(const std::uint64_t* w, std::size_t count) override {
    if (v_.curand) {
      throw Error(Status::unsupported, std::string(name()) +
                                           " has no seed array: cuRAND seeds MTGP32 with one 64-bit integer only");
    }
    if (count == 0 || count > kMaxKeyWords) {
      throw Error(Status::invalid_argument, std::string(name()) + " seed array: " + std::to_string(count) +
                                                " words; expected 1 to " + std::to_string(kMaxKeyWords) +
                                                " key words for init_by_array");
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (sizeof(W) == 4 && w[i] > 0xffffffffu) {
        throw Error(Status::invalid_argument, std::string(name()) + " seed array: word " + std::to_string(i) + " = " +
                                                  std::to_string(w[i]) + " is out of range [0, 2^32-1]");
      }
    }
    by_array_ = true;
    key_.assign(w, w + count);
    reset();
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    throw Error(Status::unsupported, std::string(name()) + " has no stream selection (got stream " +
                                         std::to_string(stream) + ", substream " + std::to_string(substream) +
                                         "); its streams are set with streams() and param_set()");
  }

  void set_param_set(std::uint32_t i) override {
    const std::uint64_t last = table_->count - (v_.curand ? streams_ : 1);
    if (i > last) {
      throw Error(Status::invalid_argument, std::string(name()) + " parameter set: " + std::to_string(i) +
                                                " is out of range [0, " + std::to_string(last) + "]" +
                                                (v_.curand ? " (sets p .. p + streams - 1 must exist)" : ""));
    }
    if (table_ != v_.table) check_loaded_set(*table_, i);
    param_set_ = i;
    reset();
  }

  // A table in the columns of data/mtgp (made by gpurng mtgpdc): its sets replace the shipped ones,
  // starting with set 0. Each set is checked when chosen: characteristic polynomial of degree p (and
  // of the file's weight, where given).
  void set_param_file(const std::string& path) override {
    if (v_.curand) {
      throw Error(Status::unsupported, std::string(name()) + " takes no parameter file: it is cuRAND's table by design");
    }
    const mtgp_tables::Table<W>& t = mtgp_tables::load_param_file<W>(path, v_.table->params[0].mexp);
    check_loaded_set(t, 0);
    table_ = &t;
    param_set_ = 0;
    reset();
  }

  void set_streams(std::uint64_t s) override {
    const std::uint64_t most = v_.curand ? table_->count - param_set_ : kMaxStreams;
    if (s == 0 || s > most) {
      throw Error(Status::invalid_argument, std::string(name()) + " streams: " + std::to_string(s) +
                                                " is out of range [1, " + std::to_string(most) + "]");
    }
    streams_ = s;
    reset();
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    const bool pair = sizeof(W) == 4 && !v_.curand && req.type == ValueType::f64;
    const m::Layout layout{streams_, v_.chunk};
    if (!store_) {
      const Streams<W> st = streams();
      store_ = on_backend(
          ctx, [&] { return mtgp::make_cpu_store<W>(st); }, [&] { return mtgp::make_cuda_store<W>(st); });
      book_.reset(st.slots);
    }
    const std::uint64_t threshold = std::uint64_t{table_->params[0].mexp} * m::state_words(table_->params[0]) / 16;
    const CallPlan plan = book_.plan(layout, offset_, n, mtgp::arity_of<W>(req, v_.curand ? mtgp::Conversions::curand : mtgp::Conversions::reference), pair, threshold);
    try {
      store_->fill(plan, req, out, ctx);
    } catch (...) {
      store_.reset();  // its states may be half updated: rebuild from the seed next time
      throw;
    }
    book_.commit(plan);
  }

  // Payload: format (u32, 1), parameter set (u32), streams (u64), seed kind (u32: 0 integer,
  // 1 array), seed (u64), key length L (u64), L key words (u64 each), offset (u64).
  // Format 2 (a parameter file's set): the same, then the set itself: mexp, pos, sh1, sh2 (u32),
  // mask, tbl[16], tmp_tbl[16] (u64 each), weight (u32).
  void write_state(StateWriter& w) const override {
    const bool own_set = table_ != v_.table;
    w.u32(own_set ? 2 : 1);
    w.u32(own_set ? 0 : param_set_);  // format 2 carries the one set it needs
    w.u64(streams_);
    w.u32(by_array_ ? 1 : 0);
    w.u64(seed_);
    w.u64(key_.size());
    for (std::uint64_t k : key_) w.u64(k);
    w.u64(offset_);
    if (own_set) {
      const m::Params<W>& p = table_->params[param_set_];
      for (std::uint32_t v : {p.mexp, p.pos, p.sh1, p.sh2}) w.u32(v);
      w.u64(p.mask);
      for (W v : p.tbl) w.u64(v);
      for (W v : p.tmp_tbl) w.u64(v);
      w.u32(table_->ids[param_set_].weight);
    }
  }

  void read_state(StateReader& r) override {
    const std::uint32_t format = r.u32("the mtgp payload format");
    if (format != 1 && format != 2) {
      throw Error(Status::corrupt_state, "invalid state data: unknown mtgp payload format " + std::to_string(format));
    }
    const std::uint32_t param_set = r.u32("the parameter set");
    const std::uint64_t streams = r.u64("the stream count");
    const std::uint32_t kind = r.u32("the seed kind");
    const std::uint64_t seed_value = r.u64("the seed");
    const std::uint64_t key_len = r.u64("the key length");
    if (kind > 1 || key_len > kMaxKeyWords || (kind == 0) != (key_len == 0)) {
      throw Error(Status::corrupt_state, "invalid state data: mtgp seed kind " + std::to_string(kind) +
                                             " with key length " + std::to_string(key_len));
    }
    std::vector<std::uint64_t> key(key_len);
    for (std::uint64_t& k : key) k = r.u64("a key word");
    const std::uint64_t offset = r.u64("the offset");
    r.limit_streams(streams);
    const mtgp_tables::Table<W>* table = v_.table;
    if (format == 2) {
      r.limit_param_sets(1);
      m::Params<W> p{};
      p.mexp = r.u32("the set's exponent");
      p.pos = r.u32("the set's pos");
      p.sh1 = r.u32("the set's sh1");
      p.sh2 = r.u32("the set's sh2");
      p.mask = static_cast<W>(r.u64("the set's mask"));
      for (W& v : p.tbl) v = static_cast<W>(r.u64("the set's tbl"));
      for (W& v : p.tmp_tbl) v = static_cast<W>(r.u64("the set's tmp_tbl"));
      const std::uint32_t weight = r.u32("the set's weight");
      // Checked as a parameter file's set is (its period when it is selected, below).
      const std::string fault =
          v_.curand || param_set != 0 ? "a parameter set travels only with set 0 of a non-cuRAND engine"
                                      : support::mtgp_set_fault(p, v_.table->params[0].mexp);
      if (!fault.empty()) {
        throw Error(Status::corrupt_state, "invalid state data: the parameter set it carries does not fit " +
                                               std::string(name()) + ": " + fault);
      }
      table = &mtgp_tables::single_set_table<W>(p, weight);
    }
    r.expect_end();
    const mtgp_tables::Table<W>* previous = table_;
    table_ = table;
    try {
      if (kind == 0) seed(seed_value);
      else seed_array(key.data(), key.size());
      set_streams(1);  // so that any parameter set is accepted first (cuRAND mode limits the pair)
      set_param_set(param_set);
      set_streams(streams);
    } catch (const Error& e) {
      table_ = previous;
      throw Error(Status::corrupt_state, std::string("invalid state data: ") + e.what());
    }
    offset_ = offset;
  }

 private:
  void reset() {
    offset_ = 0;
    store_.reset();
  }

  // A set of a parameter file: its characteristic polynomial (computed here once and cached for the
  // jumps) must have degree p and the file's weight.
  void check_loaded_set(const mtgp_tables::Table<W>& t, std::uint32_t i) const {
    try {
      (void)mtgp::characteristic(t.params[i], t.ids[i].weight);
    } catch (const Error& e) {
      throw Error(Status::invalid_argument, std::string(name()) + " parameter set " + std::to_string(i) + " of " +
                                                t.source + ": not a full-period set (" + e.what() + ")");
    }
  }

  // The slots' parameter sets and seeded states, as the current settings define them.
  Streams<W> streams() const {
    Streams<W> st;
    const std::uint32_t n = m::state_words(table_->params[0]);
    if (!v_.curand) {
      st.jumped = true;
      st.conversions = mtgp::Conversions::reference;
      st.slots = sizeof(W) == 4 ? 2 * streams_ : streams_;  // 32-bit: companions for doubles
      const m::Params<W>& p = table_->params[param_set_];
      st.params.push_back(&p);
      st.weights.push_back(table_->ids[param_set_].weight);
      st.seeded.resize(n);
      if (by_array_) {
        std::vector<W> key(key_.begin(), key_.end());
        m::seed_state_by_array<W>(p, key.data(), key.size(), st.seeded.data());
      } else {
        m::seed_state<W>(p, static_cast<W>(seed_), st.seeded.data());
      }
    } else {
      // curandMakeMTGP32KernelState: s = seed ^ (seed >> 32); set k is seeded with lo(s) + k + 1.
      st.jumped = false;
      st.conversions = mtgp::Conversions::curand;
      st.slots = streams_;
      st.seeded.resize(streams_ * n);
      const std::uint32_t folded = static_cast<std::uint32_t>(seed_ ^ (seed_ >> 32));
      for (std::uint64_t u = 0; u < streams_; ++u) {
        const std::uint64_t set = param_set_ + u;
        const m::Params<W>& p = table_->params[set];
        st.params.push_back(&p);
        st.weights.push_back(table_->ids[set].weight);
        m::seed_state<W>(p, static_cast<W>(folded + static_cast<std::uint32_t>(set) + 1u), st.seeded.data() + u * n);
      }
    }
    return st;
  }

  const Variant<W>& v_;
  const mtgp_tables::Table<W>* table_;  // v_.table, or a parameter file's
  std::uint32_t param_set_ = 0;
  std::uint64_t streams_;
  bool by_array_ = false;
  std::uint64_t seed_;
  std::vector<std::uint64_t> key_;
  PositionBook book_;
  std::unique_ptr<Store<W>> store_;
};

const Variant<std::uint32_t> kMtgp11213{Engine::mtgp11213, &mtgp_tables::k32_fast_11213, 256, 1024, false};
const Variant<std::uint32_t> kMtgp23209{Engine::mtgp23209, &mtgp_tables::k32_fast_23209, 512, 512, false};
const Variant<std::uint32_t> kMtgp44497{Engine::mtgp44497, &mtgp_tables::k32_fast_44497, 1024, 256, false};
const Variant<std::uint64_t> kMtgp64_23209{Engine::mtgp64_23209, &mtgp_tables::k64_fast_23209, 256, 1024, false};
const Variant<std::uint64_t> kMtgp64_44497{Engine::mtgp64_44497, &mtgp_tables::k64_fast_44497, 512, 512, false};
const Variant<std::uint64_t> kMtgp64_110503{Engine::mtgp64_110503, &mtgp_tables::k64_fast_110503, 1024, 256, false};
// cuRAND's host generator: 192 blocks of 256 threads, sets 0 .. 191 of the 200-set table.
const Variant<std::uint32_t> kMtgp11213Curand{Engine::mtgp11213_curand, &mtgp_tables::k32dc_fast_11213, 256, 192, true};

}  // namespace

std::unique_ptr<EngineImpl> make_mtgp11213_engine() { return std::make_unique<MtgpEngine<std::uint32_t>>(kMtgp11213); }
std::unique_ptr<EngineImpl> make_mtgp23209_engine() { return std::make_unique<MtgpEngine<std::uint32_t>>(kMtgp23209); }
std::unique_ptr<EngineImpl> make_mtgp44497_engine() { return std::make_unique<MtgpEngine<std::uint32_t>>(kMtgp44497); }
std::unique_ptr<EngineImpl> make_mtgp64_23209_engine() { return std::make_unique<MtgpEngine<std::uint64_t>>(kMtgp64_23209); }
std::unique_ptr<EngineImpl> make_mtgp64_44497_engine() { return std::make_unique<MtgpEngine<std::uint64_t>>(kMtgp64_44497); }
std::unique_ptr<EngineImpl> make_mtgp64_110503_engine() {
  return std::make_unique<MtgpEngine<std::uint64_t>>(kMtgp64_110503);
}
std::unique_ptr<EngineImpl> make_mtgp11213_curand_engine() {
  return std::make_unique<MtgpEngine<std::uint32_t>>(kMtgp11213Curand);
}

}  // namespace gpurng::detail
