// Several devices in one process, one sequence (issue 26). A generator with a list of devices cuts
// each call of N positions into contiguous parts with block_part (gpurng/partition.hpp) and has
// device k produce part k: part k is the same call made at offset + first_k, so it needs no
// communication, only a part generator per device that holds the primary's state (restored from
// its state bytes) and is moved to that offset. The parts run at once, one host thread per device.
//
// The part generators and their device workspaces are kept between calls (a steady stream of calls
// then costs each device one offset change per call, the engine's skip cost) and made again when
// the primary's sequence changes (GeneratorImpl::epoch). The layer is backend-neutral: on the CUDA
// backend each part generator is bound to its device; the tests run it with CPU part generators.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "exec.hpp"
#include "gpurng/partition.hpp"

namespace gpurng::detail {

class GeneratorImpl;

class DeviceSet {
 public:
  explicit DeviceSet(std::vector<int> devices);
  ~DeviceSet();
  DeviceSet(const DeviceSet&) = delete;
  DeviceSet& operator=(const DeviceSet&) = delete;

  const std::vector<int>& devices() const { return devices_; }

  // n values at primary's offset into one host (or managed) buffer, as one device would lay them out,
  // then moves primary's offset by n. primary has checked n > 0, out and the bits width.
  void generate(GeneratorImpl& primary, const Request& req, void* out, std::size_t n);
  // Part k into outs[k]; returns when every part is complete (see Generator::generate_per_device).
  void generate_per_device(GeneratorImpl& primary, const Request& req, void* const* outs, std::size_t n);

 private:
  // The positions of a call of n values, after the checks every call gets (count against the end of
  // the sequence, whole points for D > 1).
  std::uint64_t positions_of(const GeneratorImpl& primary, std::size_t n) const;
  // Makes the part generators again if primary's sequence changed since they were made.
  void sync(const GeneratorImpl& primary);
  // Part k of a call of `positions` positions from offset `base`: p receives its range; returns its
  // generator with primary's launch settings, moved to the part's first position, or null for an
  // empty part.
  GeneratorImpl* ready_part(const GeneratorImpl& primary, std::uint64_t base, std::uint64_t positions, std::size_t k,
                            BlockPart& p);
  // Runs body(k) for every part, at once (one thread per part), and rethrows the error of the first
  // part that failed, after all have finished.
  template <class F>
  void run_parts(F&& body);

  std::vector<int> devices_;
  std::vector<std::unique_ptr<GeneratorImpl>> parts_;
  std::uint64_t synced_epoch_ = 0;
};

}  // namespace gpurng::detail
