// XORWOW's jump table on the host: built once per process, at first use, and kept (410 KiB). Apart
// from xorwow.hpp so that the engine's header holds nothing host-only (NVRTC compiles it whole).
#pragma once

#include "gpurng/core/engines/xorwow.hpp"

namespace gpurng::core::xorwow {

inline const JumpTable& jump_table_host() {
  struct Built {
    JumpTable table;
    Built() { fill_jump_table(table); }
  };
  static const Built built;  // in static storage: the table is too large for a stack
  return built.table;
}

}  // namespace gpurng::core::xorwow
