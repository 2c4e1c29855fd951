// The base of the engine fronts: the offset into the canonical sequence, what remains of it, and the
// bound every call is checked against, in one place. A front supplies fill(): the values at
// positions offset() .. offset() + n - 1, without moving the offset (generate() moves it, and only
// when fill() returned).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine_impl.hpp"

namespace gpurng::detail {

class SequenceFront : public EngineImpl {
 public:
  std::uint64_t offset() const final { return offset_; }
  void set_offset(std::uint64_t k) final { offset_ = k; }
  // Positions 0 .. 2^64 - 2 are addressable, so that the offset after the last one, 2^64 - 1, is
  // still representable. (A front whose sequence ends earlier overrides this.)
  std::uint64_t remaining() const override { return ~offset_; }

  void generate(const Request& req, void* out, std::size_t n, const ExecContext& ctx) final {
    if (n > remaining()) {
      throw Error(Status::invalid_argument, "offset " + std::to_string(offset_) + " + count " + std::to_string(n) +
                                                " passes 2^64 - 1, the end of the addressable " +
                                                engine_info(id()).name + " " + sequence_end_hint());
    }
    fill(req, out, n, ctx);
    offset_ += n;
  }

 protected:
  virtual void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) = 0;
  // How the message above goes on: what ends there and what to do about it.
  virtual std::string sequence_end_hint() const { return "sequence"; }

  std::uint64_t offset_ = 0;
};

}  // namespace gpurng::detail
