#!/usr/bin/env python3
"""Fit the polynomial coefficients of gpurng's portable inverse normal CDF.

Writes include/gpurng/core/dist/inverse_normal_coefficients.hpp. Needs mpmath (Debian: python3-mpmath).

The method (after M. Giles, "Approximating the erfinv function", GPU Computing Gems Jade, 2011):
with x = 2u - 1 and w = -log(4u(1-u)) = -log(1 - x^2),

    Phi^-1(u) = x * P(w),     P(w) = sqrt(2) erfinv(|x|) / |x|,

which needs no division. Computing w from u itself (not from x) keeps full relative precision in
both tails. P is smooth in w near 0 and in t = sqrt(w) in the tails, so it is approximated by

    central   w in [0, 5]:             P = C(w)              (1 - 2u in (-0.99663, 0.99663))
    tails     t = sqrt(w) in [a, b):   P = T_ab(t - a), a few segments up to t = 28

Each polynomial is a near-minimax (Chebyshev) fit in 60-digit arithmetic, of the lowest degree whose
maximum relative error on a 1000-point grid is below the target (float 2^-27, double 2^-56), and is
rounded to the target type. Each polynomial's variable starts at 0 at the left end of its
segment: then its terms hardly cancel (sum |c_k x^k| <= 1.6 |P|, 1.0 where most values fall), so
Horner's rule in the target type stays within about an ulp. The central polynomial is what nearly
every value costs (u outside [0.0017, 0.9983] takes a tail), so its segment is chosen to keep its
degree low. The tests
(tests/test_inverse_normal.cpp) measure the end-to-end error against mpmath reference values.

The float path also takes its own w = -log(v), v = 4u(1-u) (inverse_normal.hpp, float_w): the same
reduction as elementary::log, v = 2^k m, f = m - 1 in [sqrt(1/2) - 1, sqrt(2) - 1], log1p(f) = f + f^2 q(f),
but q of degree 7 (absolute error of f^2 q below 2e-8), not 9: the result's relative error moves by
dP/P = (P'/P) dw <= 0.26 |dw|, so w needs absolute, not relative, accuracy, and 2e-8 costs at most
0.1 ulp of the result.

Run: python3 tools/fit_inverse_normal_coefficients.py > include/gpurng/core/dist/inverse_normal_coefficients.hpp
"""
import struct
import sys

import mpmath as mp

mp.mp.dps = 60

CENTRAL_W_MAX = mp.mpf(5)
# Tail segments in t = sqrt(w). float: u >= 2^-126 gives t <= 9.3; double: u >= 2^-1022, t <= 26.6.
TAIL_FLOAT = [mp.sqrt(5), mp.mpf(3), mp.mpf("4.5"), mp.mpf(6), mp.mpf("10.25")]
TAIL_DOUBLE = [mp.sqrt(5), mp.mpf(3), mp.mpf("4.5"), mp.mpf(6), mp.mpf(10), mp.mpf(17), mp.mpf(28)]
W_LOG1P_Q_DEGREE = 7
TARGET = {"float": mp.mpf(2) ** -27, "double": mp.mpf(2) ** -56}


def quantile_lower(u):
    """Phi^-1(u) for 0 < u <= 1/2: Newton's method on mpmath's ncdf from an erfinv start."""
    if u > mp.mpf("1e-30"):
        z = -mp.sqrt(2) * mp.erfinv(1 - 2 * u)
    else:
        z = -mp.sqrt(-2 * mp.log(u))
    for _ in range(200):
        dz = (mp.ncdf(z) - u) / mp.npdf(z)
        z -= dz
        if abs(dz) < mp.mpf(10) ** (10 - mp.mp.dps) * abs(z):
            break
    return z


def p_of_w(w):
    """P(w) = Phi^-1(u) / (2u - 1) at the u < 1/2 with 4u(1-u) = exp(-w)."""
    if w == 0:
        return mp.sqrt(2 * mp.pi) / 2
    e = mp.exp(-w)
    s = mp.sqrt(-mp.expm1(-w))  # |x|
    u = e / (2 * (1 + s))  # (1 - s) / 2 without cancellation
    return quantile_lower(u) / (-s)


def max_rel_error(coeffs, fn, lo, hi, points=1000):
    worst = mp.mpf(0)
    for i in range(points + 1):
        x = lo + (hi - lo) * i / points
        v = fn(x)
        worst = max(worst, abs((mp.polyval(coeffs, x) - v) / v))
    return worst


def fit_lowest_degree(fn, lo, hi, target, start):
    """Lowest-degree Chebyshev fit of fn on [lo, hi] with relative error below target."""
    cache = {}

    def cached(x):  # the error grid is the same for every degree tried
        if x not in cache:
            cache[x] = fn(x)
        return cache[x]

    degree = start
    while True:
        coeffs = mp.chebyfit(cached, [lo, hi], degree + 1)
        err = max_rel_error(coeffs, cached, lo, hi)
        if err < target:
            return list(reversed(coeffs)), degree, err  # lowest degree first
        degree += 1


def rounded(ctype, x):
    """x rounded to the nearest float or double, as an mpf."""
    if ctype == "float":
        return mp.mpf(struct.unpack("<f", struct.pack("<f", float(x)))[0])
    return mp.mpf(float(x))


def fmt(ctype, c):
    return mp.nstr(c, 12, strip_zeros=False) + "f" if ctype == "float" else mp.nstr(c, 20, strip_zeros=False)


def emit(out, name, ctype, coeffs, degree, err, what):
    out.append(f"// {name} ({ctype}): {what}; degree {degree}, relative fit error {mp.nstr(err, 3)}")
    body = ", ".join(fmt(ctype, c) for c in coeffs)
    if ctype == "double":  # a constant-memory table, not immediates: polynomial.hpp says why
        out.append(f"GPURNG_COEFFICIENT_TABLE(double, {name}_d) = {{{body}}};")
        out.append(f"GPURNG_HD GPURNG_FORCEINLINE double {name}(double x) {{\n  return poly_table(x, {name}_d);\n}}")
        return
    out.append(f"GPURNG_HD GPURNG_FORCEINLINE {ctype} {name}({ctype} x) {{\n  return poly<{ctype}>(x, {body});\n}}")


def main():
    out = [
        "// GENERATED by tools/fit_inverse_normal_coefficients.py -- do not edit.",
        "// Polynomials of the portable inverse normal CDF (include/gpurng/core/dist/inverse_normal.hpp),",
        "// lowest degree first; see the tool for the method. Each takes the shifted variable named in its",
        "// comment. Overloads on float and double.",
        "#pragma once",
        "",
        '#include "gpurng/core/dist/polynomial.hpp"',
        "",
        "namespace gpurng::core::inverse_normal_coefficients {",
        "",
        f"inline constexpr double kCentralWMax = {mp.nstr(CENTRAL_W_MAX, 20)};  // central segment: w < this",
    ]
    lo, hi = mp.sqrt(mp.mpf(1) / 2) - 1, mp.sqrt(2) - 1
    q = lambda f: mp.mpf(-0.5) if f == 0 else (mp.log1p(f) - f) / (f * f)
    qc, qerr = mp.chebyfit(q, [lo, hi], W_LOG1P_Q_DEGREE + 1, error=True)
    qc = list(reversed(qc))
    abs_err = max(abs(f * f * (mp.polyval(list(reversed(qc)), f) - q(f))) for f in (lo + (hi - lo) * i / 1000 for i in range(1001)))
    out.append(f"// w_log1p_q (float): q(f) = (log1p(f) - f) / f^2, x = f in [sqrt(1/2) - 1, sqrt(2) - 1]; degree {W_LOG1P_Q_DEGREE},")
    out.append(f"// absolute error of f^2 q {mp.nstr(abs_err, 3)} (float_w in inverse_normal.hpp needs absolute accuracy only)")
    out.append("GPURNG_HD GPURNG_FORCEINLINE float w_log1p_q(float x) {\n  return poly<float>(x, " + ", ".join(fmt("float", c) for c in qc) + ");\n}")
    for ctype, start in (("float", 9), ("double", 21)):
        c, d, e = fit_lowest_degree(p_of_w, mp.mpf(0), CENTRAL_W_MAX, TARGET[ctype], start)
        emit(out, "central", ctype, c, d, e, f"P(w), x = w in [0, {mp.nstr(CENTRAL_W_MAX, 3)}]")
    for ctype, bounds, start in (("float", TAIL_FLOAT, 5), ("double", TAIL_DOUBLE, 13)):
        out.append(f"// Tail segments ({ctype}): t = sqrt(w) in [kTailStart<i>, kTailStart<i+1>), x = t - kTailStart<i>.")
        bounds = [rounded(ctype, x) for x in bounds]  # the code compares and subtracts these
        for i in range(len(bounds) - 1):
            a, b = bounds[i], bounds[i + 1]
            c, d, e = fit_lowest_degree(lambda y: p_of_w((y + a) ** 2), mp.mpf(0), b - a, TARGET[ctype], start)
            emit(out, f"tail{i}", ctype, c, d, e, f"P(t^2), x = t - {mp.nstr(a, 8)}, t in [{mp.nstr(a, 8)}, {mp.nstr(b, 8)})")
        # Scalars, not arrays: constexpr scalars are usable in device code as well. The segment
        # starts are rounded to the type; x = t - start is then computed exactly (Sterbenz).
        suffix = "F" if ctype == "float" else "D"
        for i in range(len(bounds) - 1):
            out.append(f"inline constexpr {ctype} kTailStart{i}{suffix} = {fmt(ctype, bounds[i])};")
    out.append("")
    out.append("}  // namespace gpurng::core::inverse_normal_coefficients")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
