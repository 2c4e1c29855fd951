#!/usr/bin/env python3
"""Compiles tests/curand_compat_ptx_probe.cu to PTX and checks that each ours_* kernel is
instruction for instruction its theirs_* twin (cuRAND's), names of parameters and labels aside.

    check_curand_compat_ptx.py NVCC INCLUDE_DIR PROBE_CU [ARCH]

Exit 0: identical; 1: different (the first differences are printed); 77: nvcc could not compile.
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile


def entries(ptx):
    out = {}
    for m in re.finditer(r"\.entry (\w+)\((.*?)\n\}\n", ptx, re.S):
        name, body = m.group(1), m.group(2)
        body = re.sub(r"\b\w+_param_(\d+)", r"param_\1", body)
        body = re.sub(r"\$L__\w+", "L", body)
        out[name] = [line.strip() for line in body.splitlines()
                     if line.strip() and not line.strip().startswith("//")]
    return out


def main():
    nvcc, include, probe = sys.argv[1:4]
    arch = sys.argv[4] if len(sys.argv) > 4 else "sm_90"
    with tempfile.TemporaryDirectory() as tmp:
        ptx_path = os.path.join(tmp, "probe.ptx")
        r = subprocess.run([nvcc, "-std=c++17", "-arch=" + arch, "-ptx", "-I", include, probe, "-o", ptx_path],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout + r.stderr)
            return 77
        with open(ptx_path) as f:
            kernels = entries(f.read())
    failed = False
    pairs = sorted(n[len("ours_"):] for n in kernels if n.startswith("ours_"))
    if not pairs:
        print("no ours_* kernels found")
        return 1
    for suffix in pairs:
        theirs, ours = kernels.get("theirs_" + suffix), kernels["ours_" + suffix]
        if theirs == ours:
            print(f"{suffix}: identical ({len(ours)} lines of PTX)")
            continue
        failed = True
        print(f"{suffix}: DIFFERENT from cuRAND's")
        for line in list(difflib.unified_diff(theirs or [], ours, "cuRAND", "gpurng", lineterm=""))[:40]:
            print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
