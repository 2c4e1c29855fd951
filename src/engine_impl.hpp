// The interface between the generator front end (generator.cpp: argument checks, memory kinds,
// chunking) and one engine family. An engine implementation holds its seeded state and offset and
// fills a buffer that is accessible to the chosen backend.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "exec.hpp"
#include "gpurng/gpurng.hpp"
#include "state_codec.hpp"

namespace gpurng::detail {

class EngineImpl {
 public:
  virtual ~EngineImpl() = default;
  virtual Engine id() const = 0;
  virtual void seed(std::uint64_t seed) = 0;
  virtual void seed_array(const std::uint64_t* words, std::size_t count) = 0;
  virtual void select_stream(std::uint64_t stream, std::uint64_t substream) = 0;
  virtual std::uint64_t offset() const = 0;
  virtual void set_offset(std::uint64_t k) = 0;
  virtual std::uint64_t remaining() const = 0;  // see Generator::remaining
  // Values per position (Generator::dimensions): the offset counts positions, and a call of n values
  // covers n / D of them. With D > 1 (Sobol') a call's output is dimension-major over its positions:
  // out[d * N + i] is value d of its position i (N = n / D), which is what a call split over several
  // devices must reassemble.
  virtual std::uint32_t values_per_position() const { return 1; }
  // Fills out[0..n) (memory the backend can write) and advances the offset by n. Throws without
  // changing the offset if the request cannot be served.
  virtual void generate(const Request& req, void* out, std::size_t n, const ExecContext& ctx) = 0;
  // CUDA backend, host memory: fills host_out[0..n) through device scratch memory and synchronises
  // ctx.stream. The default (generator.cpp) cuts the request into consecutive chunks, one
  // generate() call each; engines whose output is not the concatenation of such chunks (Sobol's
  // dimension-major points) override it.
  virtual void generate_via_device(const Request& req, void* host_out, std::size_t n, const ExecContext& ctx);
  // Whether generate() makes `req` itself into `out` on ctx's backend: requests the generator
  // otherwise makes by a map of another request's values (mapped_generate.hpp: half precision). The
  // counter engines make their half values on CUDA in the fill kernel, one pass instead of two.
  virtual bool makes_directly(const Request& req, const void* out, const ExecContext& ctx) const {
    (void)req, (void)out, (void)ctx;
    return false;
  }
  // Options; the defaults reject them (the engine has no such option).
  virtual void set_dimensions(std::uint32_t d) { unsupported("dimensions", d); }
  virtual void set_scramble(Scramble s) { unsupported("scramble", static_cast<int>(s)); }
  virtual void set_streams(std::uint64_t s) { unsupported("streams", s); }
  virtual void set_normal_method(NormalMethod m) { unsupported("normal method", static_cast<int>(m)); }
  virtual void set_param_set(std::uint32_t i) { unsupported("parameter sets", i); }
  virtual void set_param_file(const std::string& path) { unsupported("parameter files", path); }
  virtual void write_state(StateWriter& w) const = 0;
  virtual void read_state(StateReader& r) = 0;  // all-or-nothing

 protected:
  template <class V>
  [[noreturn]] void unsupported(const char* option, const V& value) const;
};

std::unique_ptr<EngineImpl> make_engine(Engine e);

template <class V>
[[noreturn]] void EngineImpl::unsupported(const char* option, const V& value) const {
  std::ostringstream os;
  os << engine_info(id()).name << " has no " << option << " option (got " << value << ")";
  throw Error(Status::unsupported, os.str());
}

}  // namespace gpurng::detail
