#!/usr/bin/env bash
# Instructions per output from the SASS, as Hissoiny, Ozell & Despres count operations. Runs where
# cuobjdump is (the GPU machine; it is not on the build machine), from the repository root, on the
# staged binaries (scripts/gpu-stage.sh) or a build tree:
#
#   scripts/count_sass.sh [BENCH_BINARY [LIBRARY [DCMT_BENCH]]]   (defaults: .device/bin/bench_perthread,
#                                                              .device/lib/libgpurng.so*, .device/bin/bench_dcmt)
#
# For every kernel it finds the loops (a branch back to an earlier address) and reports, for the
# main generation loop, its instruction count divided by the values one iteration makes:
# * on-the-fly kernels (otf_kernel in bench_perthread): the loop unrolled by kUnroll = 16;
# * bulk kernels in libgpurng: stream_fill_kernel's lane loop (8 stores, 8 values per iteration) and,
#   for kiss99, the generic fill_kernel's row loop (32 values per lane and iteration).
# It prints a histogram of opcodes in those loops. Full SASS goes to $OUT (default /tmp/gpurng-sass).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpurng-sass}
mkdir -p "$OUT"
BENCH=${1:-.device/bin/bench_perthread}
LIB=${2:-$(ls .device/lib/libgpurng.so.* 2>/dev/null | head -1)}
command -v cuobjdump >/dev/null || { echo "count_sass: cuobjdump not found (CUDA toolkit bin/ on PATH?)" >&2; exit 1; }
cuobjdump --dump-sass "$BENCH" >"$OUT/bench_perthread.sass" 2>&1
[ -n "$LIB" ] && cuobjdump --dump-sass "$LIB" >"$OUT/libgpurng.sass" 2>&1
DCMT=${3:-.device/bin/bench_dcmt}
[ -x "$DCMT" ] && cuobjdump --dump-sass "$DCMT" >"$OUT/bench_dcmt.sass" 2>&1

python3 - "$OUT/bench_perthread.sass" "$OUT/libgpurng.sass" "$OUT/bench_dcmt.sass" <<'PY'
import re, subprocess, sys, collections

def demangle(names):
    try:
        out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout.split("\n")
        return dict(zip(names, out))
    except OSError:
        return {n: n for n in names}

def functions(path):
    try:
        text = open(path).read()
    except OSError:
        return []
    funcs, name, body = [], None, []
    for line in text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            if name: funcs.append((name, body))
            name, body = m.group(1), []
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
        if m and name:
            addr = int(m.group(1), 16)
            ins = m.group(2).strip()
            ins = re.sub(r"^@!?U?P\w+\s+", "", ins)  # drop the predicate
            body.append((addr, ins))
    if name: funcs.append((name, body))
    return funcs

def loops(body):
    """(start, end) index ranges of backward branches."""
    index = {a: i for i, (a, _) in enumerate(body)}
    found = []
    for i, (a, ins) in enumerate(body):
        m = re.match(r"BRA\s+(?:\w+\s+)*`?\(?\.?L?_?x?_?(0x[0-9a-f]+)", ins)
        if not m:
            m = re.search(r"(0x[0-9a-f]+)", ins) if ins.startswith("BRA") else None
        if m:
            t = int(m.group(1), 16)
            if t < a and t in index:
                found.append((index[t], i))
    return found

def report(path, pattern, per_iteration):
    funcs = functions(path)
    names = demangle([n for n, _ in funcs])
    for name, body in funcs:
        dn = names.get(name, name)
        if not re.search(pattern, dn):
            continue
        best = None
        for s, e in loops(body):
            ins = [body[k][1] for k in range(s, e + 1)]
            stores = sum(1 for x in ins if x.startswith("STG"))
            vals = per_iteration(dn, stores)
            if vals and (best is None or len(ins) > len(best[0])):
                best = (ins, vals)
        short = re.sub(r"gpurng::|core::|detail::|cuda::|dist::|device::", "", dn)[:150]
        if best is None:
            print(f"{short}\n    no generation loop found ({len(body)} instructions in all)")
            continue
        ins, vals = best
        ops = collections.Counter(x.split()[0].split(".")[0] for x in ins)
        top = ", ".join(f"{k} {v}" for k, v in ops.most_common(12))
        print(f"{short}\n    loop {len(ins)} instructions / {vals} values = {len(ins)/vals:.2f} per output   [{top}]")

print("== on-the-fly kernels (bench_perthread), loop unrolled x16")
report(sys.argv[1], r"otf_kernel", lambda dn, stores: 16)
print("\n== bulk kernels (libgpurng): loop with 8 stores (stream fill) or 32 (generic fill)")
# stream fill: the lane loop stores its 8 values one by one; generic fill (kiss99): one round of the
# row loop makes a 32-value row per lane and writes a warp's rows with (at least 8) vector stores.
report(sys.argv[2], r"stream_fill_kernel|fill_kernel<.*kiss99",
       lambda dn, stores: (8 if stores == 8 else None) if "stream_fill_kernel" in dn else (32 if stores >= 8 else None))

# dcmt (issue 8). Bulk: the unpredicated block loop stores one value per store instruction, a whole
# block per iteration (34 values for MT521, 138 for MT2203). Fused pi (bench_dcmt): samples per
# iteration of the main loop: 8 for the per-value generators (unrolled x8), N for DcmtBlocks (one block
# of N values for seed16, two for floats); the warp kernels' loop is one step of W lanes.
def dcmt_shape(dn):
    m = re.search(r"Shape<(\d+), (\d+), (\d+)>", dn)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)
def dcmt_block(dn):
    n = dcmt_shape(dn)[0]
    return n if n % 2 == 0 else 2 * n
print("\n== dcmt bulk kernels (libgpurng): values per iteration = stores in the block loop")
report(sys.argv[2], r"dcmt_kernel", lambda dn, stores: stores if stores and stores == dcmt_block(dn) else None)
print("\n== fused pi kernels (bench_dcmt): instructions per sample (per warp-step and lane for -warp)")
def pi_samples(dn, stores):
    n, m = dcmt_shape(dn)
    if "pi_prepared_dcmt_kernel" in dn:
        return n
    if "pi_dcmt_warp_kernel" in dn:  # one step: W = min(32, n - m) values per warp
        w = min(32, n - m)
        return w / 2 if "true" in dn.split("pi_dcmt_warp_kernel")[1][:40] else w
    return 8
report(sys.argv[3], r"pi_prepared_kernel|pi_prepared_dcmt_kernel|pi_dcmt_warp_kernel", pi_samples)
PY
