#!/usr/bin/env bash
# Experiment (not part of CI): MT19937 kernel variants side by side on the GPU machine, plus an ncu
# stall profile of one gen_kernel launch. Prepare here: stage the default build (scripts/gpu-stage.sh),
# then build each variant's libgpurng.so.0 (src/cuda/mt19937.cu compiled with the variant's -D flags,
# linked with the other objects) into a folder named after it, e.g. /tmp/mtv/minb2/, and pack them:
#   (cd /tmp/mtv && tar cJf $REPO/.mtv.tar.xz minb2 ...)    # untracked, so it travels with the tree
# On the device: VARIANTS="minb2 ..." bash scripts/exp/mt-variants.sh   (carry .device.tar.xz)
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
[ -d .device/bin ] || tar xJf .device.tar.xz
[ -f .mtv.tar.xz ] && tar xJf .mtv.tar.xz
base=$PWD/.device/lib
TEST_BINARIES="test_cuda_mt19937 test_mt19937_generator" SAN_BINARIES="test_cuda_mt19937" bash scripts/gpu-check.sh tests,sanitize > "$OUT/check.txt" 2>&1
sed -n '/gpu-check summary/,$p' "$OUT/check.txt" | head -20
for v in default ${VARIANTS:-minb2}; do
  [ "$v" = default ] && LP=$base || LP=$PWD/$v:$base
  echo "=== variant $v"; LD_LIBRARY_PATH=$LP:/usr/local/cuda/lib64 .device/bin/bench_mt19937 --sizes 16777216,268435456,1073741824 2>&1 | grep -E "u32|f32|f64|u64|jump kernel"
done | tee "$OUT/variants.txt"
LD_LIBRARY_PATH=$base:/usr/local/cuda/lib64 timeout 200 ncu --kernel-name regex:gen_kernel --launch-skip 10 --launch-count 1 --set full --import-source no -f -o "$OUT/prof" .device/bin/bench_mt19937 --sizes 16777216 > "$OUT/ncu.log" 2>&1
ncu -i "$OUT/prof.ncu-rep" --page details > "$OUT/details.txt" 2>&1
ncu -i "$OUT/prof.ncu-rep" --page source --print-source sass --csv > "$OUT/sass.csv" 2>&1
rm -f "$OUT/prof.ncu-rep"
grep -E "Duration|Warp Cycles Per Issued|Issue Slots Busy|Executed Instructions  " "$OUT"/details.txt
tar czf "$OUT/prof.tgz" -C "$OUT" details.txt sass.csv ncu.log check.txt && rm -f "$OUT"/details.txt "$OUT"/sass.csv "$OUT"/ncu.log
