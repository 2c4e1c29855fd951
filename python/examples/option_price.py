"""A European call by Monte Carlo with gpurng from Python, on the CPU (NumPy arrays).

Each of 4 workers takes its own RngStreams stream (spawn), and every path is reproducible: the same
seed gives the same price on any machine and backend. Run: python3 python/examples/option_price.py
"""
import math

import numpy as np

import gpurng

S0, K, r, sigma, T = 100.0, 105.0, 0.03, 0.2, 1.0
PATHS_PER_WORKER = 250_000

root = gpurng.Generator("mrg32k3a", seed=2026, backend="cpu")
payoffs = []
for g in root.spawn(4):  # independent streams, 2^127 steps apart
    z = g.standard_normal(PATHS_PER_WORKER)
    st = S0 * np.exp((r - 0.5 * sigma**2) * T + sigma * math.sqrt(T) * z)
    payoffs.append(np.maximum(st - K, 0.0))
payoff = np.concatenate(payoffs)
price = math.exp(-r * T) * payoff.mean()
stderr = math.exp(-r * T) * payoff.std(ddof=1) / math.sqrt(payoff.size)

# Black-Scholes for comparison.
d1 = (math.log(S0 / K) + (r + 0.5 * sigma**2) * T) / (sigma * math.sqrt(T))
d2 = d1 - sigma * math.sqrt(T)
ncdf = lambda x: 0.5 * math.erfc(-x / math.sqrt(2.0))  # noqa: E731
exact = S0 * ncdf(d1) - K * math.exp(-r * T) * ncdf(d2)
print("Monte Carlo %.4f +- %.4f, Black-Scholes %.4f" % (price, stderr, exact))
assert abs(price - exact) < 4 * stderr
