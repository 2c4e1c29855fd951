#!/usr/bin/env python3
"""NumPy's bit generators as known answers for tests/test_pcg64.cpp and tests/test_counter_engines.cpp.

Writes into the folder given as the first argument (tests/data/numpy):
  seed_sequence.csv  SeedSequence(seed).generate_state(n, dtype): the words, word 0 first
  pcg64.csv          PCG64 and PCG64DXSM: the state and increment after seeding, and
                     random_raw(10) after .jumped(jumps) (when jumps > 0) and then .advance(advance)
  philox.csv         Philox (4x64, 10 rounds): the key after seeding, and random_raw(10) after
                     .jumped(jumps) and then .advance(advance) (Philox's advance counts blocks of 4)
Integers are hex ("0x..."); outputs are space-separated 64-bit (32-bit for SeedSequence uint32) words.
Independent of gpurng: it uses only NumPy. Debian's python3-numpy (1.24) made the committed files:

  /usr/bin/python3 tools/make_numpy_reference.py tests/data/numpy
"""
import os
import sys

import numpy as np

SEEDS = [0, 1, 42, 12345, 2**32, 2**64 - 1, 2**64, 0x0123456789ABCDEF0011223344556677, 2**128 - 1]
# (jumps, advance): advance alone, a stream alone, and a stream at an offset.
PLACES = [(0, 0), (0, 1), (0, 7), (0, 1000), (0, 2**64 + 3), (0, 2**100), (0, 2**128 - 1),
          (1, 0), (2, 0), (1, 1000), (5, 2**64 + 3)]
N_OUT = 10


def hex_words(words, width):
    return " ".join(f"0x{int(w):0{width}x}" for w in words)


def seed_sequence_rows():
    yield "seed,dtype,n_words,words"
    for seed in SEEDS:
        ss = np.random.SeedSequence(seed)
        for dtype, n, width in (("uint32", 8, 8), ("uint64", 4, 16)):
            words = ss.generate_state(n, getattr(np, dtype))
            yield f"0x{seed:x},{dtype},{n},{hex_words(words, width)}"


def pcg_rows():
    yield "generator,seed,state,inc,jumps,advance,outputs"
    for name in ("PCG64", "PCG64DXSM"):
        cls = getattr(np.random, name)
        for seed in SEEDS:
            st = cls(seed).state["state"]
            for jumps, advance in PLACES:
                g = cls(seed)
                if jumps:
                    g = g.jumped(jumps)
                g.advance(advance)
                out = g.random_raw(N_OUT)
                yield (f"{name.lower()},0x{seed:x},0x{st['state']:032x},0x{st['inc']:032x},{jumps},0x{advance:x},"
                       f"{hex_words(out, 16)}")


def philox_rows():
    yield "seed,key,jumps,advance,outputs"
    for seed in SEEDS:
        key = np.random.Philox(seed).state["state"]["key"]
        for jumps, advance in PLACES:
            g = np.random.Philox(seed)
            if jumps:
                g = g.jumped(jumps)
            g.advance(advance)
            out = g.random_raw(N_OUT)
            yield f"0x{seed:x},{hex_words(key, 16)},{jumps},0x{advance:x},{hex_words(out, 16)}"


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    for name, rows in (("seed_sequence.csv", seed_sequence_rows()), ("pcg64.csv", pcg_rows()),
                       ("philox.csv", philox_rows())):
        with open(os.path.join(folder, name), "w", encoding="ascii") as f:
            f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
