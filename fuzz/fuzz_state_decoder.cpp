// libFuzzer target: the state decoder (Generator::restore_state_bytes), the way a service restores a
// state it does not trust: with LoadLimits. A random byte string almost never passes the envelope's
// checksum, so the input is mostly an engine and a payload that the target wraps in a valid envelope
// (size and CRC-32 right), which reaches every engine's payload decoder:
//
//   byte 0 < 0x80: engines()[byte 0 % count], the rest the payload;   byte 0 >= 0x80: the rest as is.
//
// Whatever it is, the result must be a gpurng::Error, or a generator that saves the same bytes again
// and produces values. Anything else (a crash, a sanitizer report, another exception, a changed round
// trip) is a finding. fuzz_make_state_seeds writes seeds in this form.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "state_codec.hpp"

namespace {

// A state may carry up to this many streams and parameter sets: enough to reach every path of the
// decoders while each input stays cheap to restore and to generate from.
const gpurng::LoadLimits kLimits{64, 64};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::vector<gpurng::EngineInfo> engines = gpurng::engines();
  std::vector<std::uint8_t> state(data + 1, data + size);
  gpurng::Engine engine = engines[data[0] % engines.size()].engine;
  if (data[0] < 0x80) {
    state = gpurng::detail::encode_state(engine, state);
  } else if (state.size() >= 16) {  // the engine the envelope names, if any, else the one of byte 0
    const std::uint32_t id = std::uint32_t{state[12]} | std::uint32_t{state[13]} << 8 | std::uint32_t{state[14]} << 16 |
                             std::uint32_t{state[15]} << 24;
    for (const gpurng::EngineInfo& e : engines) {
      if (static_cast<std::uint32_t>(e.engine) == id) engine = e.engine;
    }
  }
  gpurng::Generator g(engine, gpurng::Backend::cpu);
  g.cpu_threads(1);
  try {
    g.restore_state_bytes(state.data(), state.size(), kLimits);
  } catch (const gpurng::Error&) {
    return 0;  // refused: the expected answer to most inputs
  }
  const std::vector<std::uint8_t> saved = g.state_bytes();
  gpurng::Generator again(g.engine(), gpurng::Backend::cpu);
  again.restore_state_bytes(saved.data(), saved.size(), kLimits);  // a state it saved must load
  if (again.state_bytes() != saved) __builtin_trap();
  std::vector<std::uint8_t> out(64);
  try {
    if (gpurng::engine_info(g.engine()).bits_width == 64) g.generate_bits(reinterpret_cast<std::uint64_t*>(out.data()), 3);
    else g.generate_bits(reinterpret_cast<std::uint32_t*>(out.data()), 3);
  } catch (const gpurng::Error& e) {
    // Only the end of the sequence may refuse a restored generator.
    if (e.status() != gpurng::Status::invalid_argument) __builtin_trap();
  }
  return 0;
}
