// The one piece of the NVRTC stand-ins (this directory): the standard headers here include libcu++'s
// <cuda/std/...> and then this file, which makes libcu++'s names visible in std, so that the core
// headers' std::uint32_t, std::size_t, std::enable_if_t, std::index_sequence, ... mean under NVRTC
// what they mean under g++ and nvcc. The types are the same fundamental types (libcu++ takes them
// from the compiler's own __UINT32_TYPE__, ...), so a state struct has one layout everywhere.
//
// Why a directory of stand-ins rather than #if __CUDACC_RTC__ in the core headers: NVRTC has no C++
// standard library, and the core headers name std:: types in hundreds of places; the stand-ins keep
// every core and device header as it is for g++ and nvcc (their preprocessed text does not change), and
// cost no rebuild. docs/NVRTC.md says how to use them; docs/ARCHITECTURE.md states the rules.
#pragma once

#if !defined(__CUDACC_RTC__)
#error "include/gpurng/nvrtc/ stands in for the C++ standard headers under NVRTC only; keep it off the include path of nvcc and host compilers"
#endif

namespace std {
// A using-directive, not a list of using-declarations: qualified lookup of std::x finds what std
// declares itself first (NVRTC and libcu++ declare a few names there, e.g. std::initializer_list),
// and libcu++'s name otherwise, so nothing is declared twice and nothing needs a list kept in step.
using namespace ::cuda::std;
}  // namespace std
