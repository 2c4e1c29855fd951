#!/usr/bin/env bash
# Builds gpurng here (no GPU needed; nvcc targets sm_90) and copies what the GPU machine runs into
# .device/ (ignored by git), for scripts/gpu-check.sh to run there: the library, every test,
# benchmark and example binary, the CLI, and the non-system shared libraries they load (NTL, gf2x,
# GMP, ...; CUDA's own come from the GPU machine), then packs it as .device.tar.xz, the one path
# to carry. Usage: scripts/gpu-stage.sh
#   BUILD_DIR=dir   stage an existing build instead (e.g. build/, which has the same sm_90 + PTX
#                   default): saves a second full CUDA build on a 2-core machine
#   NO_BUILD=1      stage what the build directory holds now, without building the rest first
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/cuda/bin:$PATH
B=${BUILD_DIR:-build-device}
if [ ! -f "$B/CMakeCache.txt" ]; then
  cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
fi
[ "${NO_BUILD:-0}" = 1 ] || cmake --build "$B"
rm -rf .device
mkdir -p .device/lib .device/bin
cp -a "$B"/libgpurng.so* .device/lib/
find "$B"/tests "$B"/bench "$B"/examples "$B"/tools "$B"/tools/pi -maxdepth 1 -type f -perm -u+x \
     \( -name 'test_*' -o -name 'bench_*' -o -name 'example_*' -o -name 'gpurng*' -o -name '*_probe' \) -exec cp {} .device/bin/ \;
# Shared libraries outside glibc/libstdc++ and CUDA that the binaries need.
for f in .device/bin/* .device/lib/libgpurng.so; do ldd "$f" 2>/dev/null; done | awk '/=> \// {print $3}' | sort -u |
  grep -vE '/(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so|/usr/local/cuda|libcuda\.so|libgpurng' |
  while read -r lib; do cp -L "$lib" .device/lib/; done
# The device call carries at most 64 MiB with the repository: strip the host symbols and send a
# compressed copy (gpu-check.sh unpacks it): carry [".device.tar.xz"].
strip --strip-unneeded .device/bin/* .device/lib/*.so* 2>/dev/null || true
rm -f .device.tar.xz
tar cJf .device.tar.xz .device
du -sh .device .device.tar.xz
ls .device/lib
