#!/usr/bin/env python3
"""The CLI against NumPy itself (issue 22): `gpurng generate --dist bits --format bin` of pcg64,
pcg64dxsm and philox4x64-10 equals numpy.random.PCG64 / PCG64DXSM / Philox(seed).jumped(stream)
after advance(k), .random_raw(n), as little-endian 64-bit words, for 64- and 128-bit seeds.

  test_numpy_cli.py GPURNG_CLI [cpu|cuda]

Exit 77 (CTest: skipped) without NumPy (Debian: python3-numpy).
"""
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("skipped: NumPy is not installed (Debian: python3-numpy)")
    sys.exit(77)


def cli(gpurng, backend, *args):
    cmd = [gpurng, "generate", "--backend", backend, "--dist", "bits", "--format", "bin", "--out", "-", *args]
    return subprocess.run(cmd, capture_output=True, check=True).stdout


def main():
    gpurng = sys.argv[1]
    backend = sys.argv[2] if len(sys.argv) > 2 else "cpu"
    n = 37
    checked = 0
    for seed in [0, 42, 2**64 - 1, 2**64, 0x0123456789ABCDEF0011223344556677, 2**128 - 1]:
        lo, hi = seed & (2**64 - 1), seed >> 64
        for jumps in [0, 3, 2**40 + 1]:
            for adv in [0, 5, 10**12, 2**61 + 3]:
                cases = [("pcg64", np.random.PCG64, adv), ("pcg64dxsm", np.random.PCG64DXSM, adv),
                         ("philox4x64-10", np.random.Philox, 4 * adv)]  # NumPy's Philox advances blocks of 4
                for name, cls, offset in cases:
                    bitgen = cls(seed).jumped(jumps)
                    bitgen.advance(adv)
                    want = bitgen.random_raw(n).astype("<u8").tobytes()
                    got = cli(gpurng, backend, "--engine", name, "--seed-array", f"{lo},{hi}", "--stream", str(jumps),
                              "--offset", str(offset), "--count", str(n))
                    if got != want:
                        print(f"FAIL {name} seed {seed:#x} jumped({jumps}) advance({adv}) on {backend}")
                        return 1
                    checked += 1
    print(f"ok: {checked} NumPy streams equal gpurng generate on {backend} (NumPy {np.__version__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
