// The many-stream per-thread engines (mwc, xorshift256, kiss) behind the generator front end: seed,
// number of streams, first stream, offset, state payload. The math is core/engines/<engine>.hpp,
// the layout core/stream_produce.hpp, the backends stream_dispatch.hpp's.
#include <string>

#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/mwc.hpp"
#include "gpurng/core/engines/xorshift256.hpp"
#include "stream_dispatch.hpp"

namespace gpurng::detail {
namespace {

// Default number of streams: one GPU thread each, enough to fill an H100 with several chunks per
// stream, and within the 76,636 multiplier pairs of mwc and kiss.
constexpr std::uint64_t kDefaultStreams = std::uint64_t{1} << 16;

template <class E, Engine Id>
class PerThreadEngine final : public SequenceFront {
 public:
  // Stream ids must stay below this: for mwc and kiss the number of distinct multiplier pairs (each
  // stream its own pair), for xorshift256 2^32 (a bound on the layout, not on the generator).
  static constexpr std::uint64_t kStreamIdLimit =
      Id == Engine::xorshift256 ? (std::uint64_t{1} << 32) : std::uint64_t{core::mwc16::kPairCount};

  Engine id() const override { return Id; }

  void seed(std::uint64_t s) override {
    seed_ = s;
    stream0_ = 0;
    offset_ = 0;
  }

  void seed_array(const std::uint64_t*, std::size_t count) override {
    throw Error(Status::unsupported, std::string(E::name) + " has no raw seed array (got " + std::to_string(count) +
                                         " words): every stream is seeded from seed(s) and its index");
  }

  // select_stream(i): the generator's streams become i .. i + S - 1 (to split streams between
  // processes or devices, or to look at one stream alone with S = 1).
  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    if (substream != 0) {
      throw Error(Status::invalid_argument, std::string(E::name) + ": substream must be 0 (got " +
                                                std::to_string(substream) + "); streams have no substreams");
    }
    check_stream_span(stream, 1, "stream");  // the span with the stream count is checked when generating
    stream0_ = stream;
    offset_ = 0;
  }

  void set_streams(std::uint64_t s) override {
    if (s == 0) throw Error(Status::invalid_argument, std::string(E::name) + " streams: must be >= 1 (got 0)");
    check_stream_span(0, s, "streams");
    streams_ = s;
    offset_ = 0;
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    // select_stream and streams may come in either order; together they must stay within the ids.
    check_stream_span(stream0_, streams_, "streams");
    stream_fill<E>(seed_, core::StreamRange{offset_, n, streams_, stream0_}, req, out, ctx, cache_);
  }

  // Payload: seed (u64), streams (u64), first stream (u64), offset (u64).
  void write_state(StateWriter& w) const override {
    w.u64(seed_);
    w.u64(streams_);
    w.u64(stream0_);
    w.u64(offset_);
  }

  void read_state(StateReader& r) override {
    const std::uint64_t seed = r.u64("the seed");
    const std::uint64_t streams = r.u64("the number of streams");
    const std::uint64_t stream0 = r.u64("the first stream");
    const std::uint64_t offset = r.u64("the offset");
    r.expect_end();
    if (streams == 0 || streams > kStreamIdLimit || stream0 > kStreamIdLimit - streams) {
      throw Error(Status::corrupt_state, std::string("invalid state data: ") + E::name + " streams " +
                                             std::to_string(stream0) + " + " + std::to_string(streams) +
                                             " out of range");
    }
    r.limit_streams(streams);
    seed_ = seed;
    streams_ = streams;
    stream0_ = stream0;
    offset_ = offset;
  }

 private:
  void check_stream_span(std::uint64_t first, std::uint64_t count, const char* what) const {
    if (count > kStreamIdLimit || first > kStreamIdLimit - count) {
      throw Error(Status::invalid_argument,
                  std::string(E::name) + " " + what + ": stream ids " + std::to_string(first) + " .. " +
                      std::to_string(first) + " + " + std::to_string(count) + " - 1 (first stream + streams - 1) pass the limit: stream ids must be < " +
                      std::to_string(kStreamIdLimit) +
                      (Id == Engine::xorshift256 ? "" : " (the number of distinct multiplier pairs)"));
    }
  }

  std::uint64_t seed_ = 0;
  std::uint64_t streams_ = kDefaultStreams;
  StreamStateCache<E> cache_;  // CPU stream states and both backends' chunk jumps; never part of the state
  std::uint64_t stream0_ = 0;
};

}  // namespace

std::unique_ptr<EngineImpl> make_mwc_engine() {
  return std::make_unique<PerThreadEngine<core::mwc::StreamEngine, Engine::mwc>>();
}
std::unique_ptr<EngineImpl> make_xorshift256_engine() {
  return std::make_unique<PerThreadEngine<core::xorshift256::StreamEngine, Engine::xorshift256>>();
}
std::unique_ptr<EngineImpl> make_kiss_engine() {
  return std::make_unique<PerThreadEngine<core::kiss::StreamEngine, Engine::kiss>>();
}

}  // namespace gpurng::detail
