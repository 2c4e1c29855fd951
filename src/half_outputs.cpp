// generate_half (half_outputs.hpp): the float request, and the two maps.
#include "half_outputs.hpp"

#include "cpu/half_map.hpp"
#include "cuda/half_map_launch.hpp"
#include "mapped_generate.hpp"

namespace gpurng::detail {

void generate_half(GeneratorImpl& g, const Request& req, void* out, std::size_t n) {
  const ValueType type = req.type;
  ValueMap map;
  map.what = type == ValueType::f16 ? "float16 values" : "bfloat16 values";
  map.source = req;
  map.source.type = ValueType::f32;
  map.direct = &req;
  map.out_size = value_size(type);
  map.host_map = [type](void* src, void* dst, std::size_t count, unsigned threads) {
    const auto* f = static_cast<const float*>(src);
    if (type == ValueType::f16) {
      cpu::half_map<core::dist::HalfFormat::binary16>(f, dst, count, threads);
    } else {
      cpu::half_map<core::dist::HalfFormat::bfloat16>(f, dst, count, threads);
    }
  };
  map.device_map = [type](void* src, void* dst, std::size_t count, CUstream_st* stream) {
    cuda::half_map(type, static_cast<const float*>(src), dst, count, stream);
  };
  mapped_generate(g, map, out, n);
}

}  // namespace gpurng::detail
