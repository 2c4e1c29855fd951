#!/usr/bin/env python3
"""Reference values of the inverse normal CDF for tests/test_inverse_normal.cpp.

Writes tests/data/inverse_normal/phi_inverse_reference.csv: columns u (a C99 hex float, exact),
precision ("float" when u is a float in the float domain [2^-126, 1 - 2^-24], else "double") and
z = Phi^-1(u) to 30 significant digits, computed with mpmath at 50 digits (Newton's method on
mpmath.ncdf from an erfinv start, to full working precision). Independent of the library: it uses
only mpmath. The inputs are fixed (a seeded random.Random), so the file is reproducible.

Run: python3 tools/make_inverse_normal_reference.py > tests/data/inverse_normal/phi_inverse_reference.csv
"""
import random
import struct
import sys

import mpmath as mp

mp.mp.dps = 50


def quantile(u):
    """Phi^-1(u), 0 < u < 1, to the working precision."""
    lower = u <= mp.mpf(1) / 2
    p = u if lower else 1 - u
    z = -mp.sqrt(2) * mp.erfinv(1 - 2 * p) if p > mp.mpf("1e-30") else -mp.sqrt(-2 * mp.log(p))
    for _ in range(200):
        dz = (mp.ncdf(z) - p) / mp.npdf(z)
        z -= dz
        if abs(dz) <= mp.mpf(10) ** (5 - mp.mp.dps) * abs(z):
            break
    return z if lower else -z


def to_float32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main():
    rng = random.Random(20240521)
    floats, doubles = set(), set()
    # float domain: the library's float uniforms (2k+1) 2^-24 near both ends and across (0, 1) ...
    for k in list(range(0, 64)) + [rng.randrange(1 << 23) for _ in range(300)] + [(1 << 23) - 1 - j for j in range(64)]:
        floats.add((2 * k + 1) * 2.0 ** -24)
    # ... random floats, and log-spaced tails down to the smallest normal float
    for _ in range(300):
        floats.add(to_float32(rng.random()))
    for e in range(2, 127):
        for _ in range(3):
            floats.add(to_float32(2.0 ** -e * (1 + rng.random())))
    floats = {u for u in floats if 2.0 ** -126 <= u <= 1 - 2.0 ** -24}
    # double domain: (2k+1) 2^-53 and (2y+1) 2^-33 ends, random doubles, tails to 2^-1022
    for k in range(0, 32):
        doubles.add((2 * k + 1) * 2.0 ** -53)
        doubles.add(1 - (2 * k + 1) * 2.0 ** -53)
        doubles.add((2 * k + 1) * 2.0 ** -33)
        doubles.add(1 - (2 * k + 1) * 2.0 ** -33)
    for _ in range(600):
        doubles.add(rng.random())
    for e in range(2, 1023, 2):
        doubles.add(2.0 ** -e * (1 + rng.random()))
    doubles = {u for u in doubles if 2.0 ** -1022 <= u <= 1 - 2.0 ** -53} - floats
    print("u,precision,z")
    for prec, values in (("float", floats), ("double", doubles)):
        for u in sorted(values):
            z = quantile(mp.mpf(u))
            print(f"{u.hex()},{prec},{mp.nstr(z, 30, min_fixed=-5, max_fixed=5)}")


if __name__ == "__main__":
    main()
