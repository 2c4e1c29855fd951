// The OpenCL backend's fill of the Dynamic-Creator families (dcmt521, dcmt2203): the (lane, chunk) items
// of core/dcmt_produce.hpp, one per work-item, with the plan of the CPU and CUDA backends
// (families/dcmt/dcmt_plan.hpp). What is kept between calls stays in host memory: every stream's
// window at the end of the last call (uploaded with the next call that starts there, read back after
// each call) and the recent jump-polynomial tables. Both are pure functions of (seed, streams, first
// stream, position), so keeping them never changes a value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "families/dcmt/dcmt_plan.hpp"
#include "families/dcmt/host_windows.hpp"
#include "opencl/launch.hpp"

namespace gpurng::detail::opencl {

// Positions r.first .. r.first + r.n - 1 of the family's streams under transform tr, into host memory
// out. Launches of at most max_output_bytes, each a call that continues from the windows the one
// before kept (values depend on positions only, so the cut changes none).
template <class S, class Tr>
void dcmt_fill(const dcmt::Family& family, std::uint64_t epoch, std::uint32_t seed_base, const core::StreamRange& r,
               const Tr& tr, typename Tr::value_type* out, const ExecContext& ctx, dcmt::HostWindows& kept) {
  using V = typename Tr::value_type;
  constexpr int kKernel = kernel_index<S, Tr>();
  if (r.n == 0) return;
  const DeviceShape dev = device_shape(ctx.opencl_device);
  const std::uint64_t cap = std::max<std::uint64_t>(1, dev.max_output_bytes / sizeof(V));
  const std::uint64_t target = target_items(dev);
  const unsigned host_threads = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t streams = r.streams;
  const std::size_t words = static_cast<std::size_t>(S::N) * streams;
  ArgBytes args;
  args.transform(tr);
  for (std::uint64_t done = 0; done < r.n;) {
    const std::uint64_t count = std::min<std::uint64_t>(r.n - done, cap);
    const core::StreamRange sub{r.first + done, count, streams, r.stream0};
    const bool from_kept = kept.continues(epoch, sub.first);
    const std::uint64_t chunks_wanted = streams >= target ? 1 : (target + streams - 1) / streams;
    const dcmt::Plan plan = dcmt::make_plan<S>(sub, family.size(), from_kept, chunks_wanted, dcmt::kMinChunk<S>);

    // Everything that can fail on the host comes before the kept windows change.
    std::shared_ptr<const std::vector<std::uint32_t>> polys;
    if (plan.need_polys) polys = kept.polys.get(family, plan, host_threads);
    kept.next.resize(words);
    if (!from_kept) kept.cur.clear();

    core::dcmt::Call call = dcmt::make_call(sub, plan, seed_base, family.size());  // pointers: the kernel's buffers
    // Item t is (lane t mod S, chunk t / S); lanes without values still carry their windows over.
    const std::uint64_t items = streams * plan.chunks;
    args.scalar(kItemsScalar, items);
    args.state(call);
    Launch l;
    l.program = ProgramOf<S>::program;
    l.kernel = kKernel;
    l.args = args.bytes;
    l.in[0] = Input{family.sets().data(), family.sets().size() * sizeof(core::dcmt::Set), nullptr};
    if (from_kept) l.in[1] = Input{kept.cur.data(), words * sizeof(std::uint32_t), nullptr};
    if (polys) l.in[2] = Input{polys->data(), polys->size() * sizeof(std::uint32_t), nullptr};
    l.out = Output{out, static_cast<std::size_t>(count * sizeof(V)), static_cast<std::size_t>(done * sizeof(V))};
    l.io = Output{kept.next.data(), words * sizeof(std::uint32_t)};
    l.items = items;
    kept.valid = false;  // while the windows move
    run(ctx, l);
    kept.cur.swap(kept.next);
    kept.now_at(epoch, sub.first + sub.n);
    done += count;
  }
}

}  // namespace gpurng::detail::opencl
