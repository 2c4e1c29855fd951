// cuRAND's normal and log-normal functions, written once for the three states of
// gpurng/device/curand_compat.hpp (XORWOW, Philox4_32_10, MRG32k3a). Each state says, in its own
// header, how it draws one Box-Muller pair (compat_detail::BoxMuller<State>); the rest is cuRAND's
// bookkeeping, kept exactly:
//
//  * curand_normal returns the first value of a new pair and keeps the second in the state
//    (boxmuller_extra, boxmuller_flag = 1); the next call returns the kept value and clears the flag.
//  * curand_log_normal does the same with its own flag value (2) and keeps exp(mean + stddev z) of
//    the second normal, computed with the mean and stddev of the call that drew the pair. So a
//    curand_normal after a curand_log_normal (or the reverse) never returns the other's kept value: it
//    draws a new pair, and the kept one is lost, as in cuRAND.
//  * The double versions use their own flag and kept value (boxmuller_flag_double,
//    boxmuller_extra_double); float and double never share one.
//  * curand_normal2 / curand_log_normal2 (and the double ones) return a whole new pair and leave the
//    kept value alone. curand_init clears both flags; skipahead and skipahead_sequence do not.
#pragma once

#include <type_traits>

#include "gpurng/device/curand_compat/box_muller.hpp"

namespace gpurng::curand_compat {

namespace compat_detail {

// The flag values cuRAND calls EXTRA_FLAG_NORMAL and EXTRA_FLAG_LOG_NORMAL (not those names: they
// are macros in curand_kernel.h, which the GPU test includes beside this header).
inline constexpr int kFlagNormal = 1;
inline constexpr int kFlagLogNormal = 2;

// Specialised by each state: static float2 pair(State*) and static double2 pair_double(State*),
// cuRAND's curand_box_muller / curand_box_muller_double (or their MRG32k3a forms) on that state.
template <class State>
struct BoxMuller {
  static constexpr bool kEnabled = false;
};

template <class State>
using IfBoxMullerState = std::enable_if_t<BoxMuller<State>::kEnabled, int>;

}  // namespace compat_detail

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD float curand_normal(State* s) {
  if (s->boxmuller_flag != compat_detail::kFlagNormal) {
    const float2 v = compat_detail::BoxMuller<State>::pair(s);
    s->boxmuller_extra = v.y;
    s->boxmuller_flag = compat_detail::kFlagNormal;
    return v.x;
  }
  s->boxmuller_flag = 0;
  return s->boxmuller_extra;
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD double curand_normal_double(State* s) {
  if (s->boxmuller_flag_double != compat_detail::kFlagNormal) {
    const double2 v = compat_detail::BoxMuller<State>::pair_double(s);
    s->boxmuller_extra_double = v.y;
    s->boxmuller_flag_double = compat_detail::kFlagNormal;
    return v.x;
  }
  s->boxmuller_flag_double = 0;
  return s->boxmuller_extra_double;
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD float2 curand_normal2(State* s) {
  return compat_detail::BoxMuller<State>::pair(s);
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD double2 curand_normal2_double(State* s) {
  return compat_detail::BoxMuller<State>::pair_double(s);
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD float curand_log_normal(State* s, float mean, float stddev) {
  if (s->boxmuller_flag != compat_detail::kFlagLogNormal) {
    const float2 v = compat_detail::BoxMuller<State>::pair(s);
    s->boxmuller_extra = compat_detail::log_normal_of(v.y, mean, stddev);
    s->boxmuller_flag = compat_detail::kFlagLogNormal;
    return compat_detail::log_normal_of(v.x, mean, stddev);
  }
  s->boxmuller_flag = 0;
  return s->boxmuller_extra;
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD double curand_log_normal_double(State* s, double mean, double stddev) {
  if (s->boxmuller_flag_double != compat_detail::kFlagLogNormal) {
    const double2 v = compat_detail::BoxMuller<State>::pair_double(s);
    s->boxmuller_extra_double = compat_detail::log_normal_of(v.y, mean, stddev);
    s->boxmuller_flag_double = compat_detail::kFlagLogNormal;
    return compat_detail::log_normal_of(v.x, mean, stddev);
  }
  s->boxmuller_flag_double = 0;
  return s->boxmuller_extra_double;
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD float2 curand_log_normal2(State* s, float mean, float stddev) {
  float2 v = compat_detail::BoxMuller<State>::pair(s);
  v.x = compat_detail::log_normal_of(v.x, mean, stddev);
  v.y = compat_detail::log_normal_of(v.y, mean, stddev);
  return v;
}

template <class State, compat_detail::IfBoxMullerState<State> = 0>
GPURNG_HD double2 curand_log_normal2_double(State* s, double mean, double stddev) {
  double2 v = compat_detail::BoxMuller<State>::pair_double(s);
  v.x = compat_detail::log_normal_of(v.x, mean, stddev);
  v.y = compat_detail::log_normal_of(v.y, mean, stddev);
  return v;
}

}  // namespace gpurng::curand_compat
