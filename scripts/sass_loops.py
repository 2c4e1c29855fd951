#!/usr/bin/env python3
"""Loops of the kernels in a SASS listing, with their opcode counts.

    cuobjdump --dump-sass libgpurng.so > lib.sass        (on the GPU machine: cuobjdump is there)
    python3 scripts/sass_loops.py lib.sass 'sobol_kernel<.*NormalInverseCdf<.*float'

For every kernel whose demangled name matches the regular expression: its instruction count, and for
each loop (a backward branch) its length, its global stores and its 14 most frequent opcodes. The
longest loop with stores is usually the generation loop; dividing its length by the values it
stores per iteration gives instructions per value.
"""
import collections
import re
import subprocess
import sys


def demangle(names):
    try:
        out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout
        return dict(zip(names, out.split("\n")))
    except OSError:
        return {n: n for n in names}


def functions(path):
    funcs, name, body = [], None, []
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*Function : (\S+)", line)
            if m:
                if name:
                    funcs.append((name, body))
                name, body = m.group(1), []
                continue
            m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
            if m and name:
                ins = re.sub(r"^@!?U?P\w+\s+", "", m.group(2).strip())  # drop the predicate
                body.append((int(m.group(1), 16), ins))
    if name:
        funcs.append((name, body))
    return funcs


def loops(body):
    index = {a: i for i, (a, _) in enumerate(body)}
    found = []
    for i, (a, ins) in enumerate(body):
        if not ins.startswith("BRA"):
            continue
        m = re.search(r"(0x[0-9a-f]+)", ins)
        if m:
            t = int(m.group(1), 16)
            if t < a and t in index:
                found.append((index[t], i))
    return found


def histogram(ins, top=14):
    ops = collections.Counter(x.split()[0] for x in ins)
    return ", ".join(f"{k} {v}" for k, v in ops.most_common(top))


def main():
    path, pattern = sys.argv[1], sys.argv[2]
    funcs = functions(path)
    names = demangle([n for n, _ in funcs])
    for name, body in funcs:
        dn = names.get(name, name)
        if not (re.search(pattern, dn) or re.search(pattern, name)):  # demangled, or mangled where c++filt is missing
            continue
        short = re.sub(r"gpurng::|core::|detail::|cuda::|dist::|sobol::", "", dn)[:200]
        print(f"{short}\n  {len(body)} instructions; whole kernel: {histogram([b[1] for b in body])}")
        for s, e in sorted(loops(body), key=lambda se: se[0] - se[1]):
            ins = [body[k][1] for k in range(s, e + 1)]
            stg = sum(1 for x in ins if x.startswith("STG"))
            print(f"  loop [{body[s][0]:#x}, {body[e][0]:#x}]: {len(ins)} instructions, {stg} STG: {histogram(ins)}")


if __name__ == "__main__":
    main()
