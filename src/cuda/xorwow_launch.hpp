// XORWOW's jump table on the current device, declared for plain C++ callers
// (src/engines/seekable_engines.cpp); defined in src/cuda/xorwow.cu.
#pragma once

#include "gpurng/core/engines/xorwow.hpp"

namespace gpurng::detail::cuda {

// A device copy of core::xorwow::jump_table_host() (410 KiB) on the device current to this thread,
// made at the first call for that device and kept, read-only, for the life of the process, so that
// the fill kernel can skip each thread to its first row. Safe to call from several threads and while
// another stream is being captured (the upload uses a private stream and is not part of a capture).
const core::xorwow::JumpTable* xorwow_jump_table_on_device();

}  // namespace gpurng::detail::cuda
