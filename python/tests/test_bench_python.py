"""Smoke run of bench/python/bench_python.py (issue 25's Python benchmark) with tiny sizes, so the
script keeps working between runs on the GPU machine: the CPU and overhead parts run here; the GPU
part says why it is skipped when there is no device (and is not run by this test where there is one:
its sizes are the GPU machine's business)."""
import json
import os
import subprocess
import sys

import pytest

import gpurng

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "bench", "python", "bench_python.py")


def test_bench_python_cpu_and_overhead_parts(tmp_path):
    if not os.path.exists(SCRIPT):
        pytest.skip("bench/python/bench_python.py is not in this tree (installed package)")
    have_gpu = gpurng.built_with_cuda() and bool(gpurng.cuda_devices())
    parts = "cpu,overhead" if have_gpu else "cpu,overhead,gpu"
    cmd = [sys.executable, SCRIPT, "--out", str(tmp_path), "--parts", parts, "--cpu-sizes", "2^12",
           "--sizes", "2^12", "--repeats", "2", "--warmup", "1", "--overhead-repeats", "20", "--libs", ""]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False, env=dict(os.environ),
                       timeout=300)
    out = p.stdout.decode()
    assert p.returncode == 0, p.stderr.decode() + out
    result = json.load(open(tmp_path / "results.json"))
    rows = result["rows"]
    # Every CPU pair and measurement, each with a real rate.
    for np_name, engine in (("MT19937", "mt19937"), ("PCG64", "pcg64"), ("Philox", "philox4x64-10")):
        for dist in ("random_raw", "uniform", "normal"):
            mine = [r for r in rows if r["part"] == "cpu" and r["engine"] == engine and r["dist"] == dist]
            theirs = [r for r in rows if r["part"] == "cpu" and r["engine"] == np_name and r["dist"] == dist]
            assert mine and theirs, (engine, dist)
            assert all(r["gvalues_per_s"] > 0 and r["n"] == 4096 for r in mine + theirs)
    paths = {r["path"] for r in rows if r["part"] == "overhead"}
    assert {"cpu python", "cpu c++"} <= paths
    cxx = [r for r in rows if r["path"] == "cpu c++"][0]
    assert 0 < cxx["seconds"] < 0.1  # 10^4 values on one core: microseconds, not a failed timer
    with open(tmp_path / "results.csv") as f:
        assert f.readline().startswith("part,library,engine,path,dist")
    if not have_gpu:
        assert any("GPU part skipped: no CUDA device" in n for n in result["notes"])
        assert not [r for r in rows if r["part"] == "gpu"]
    # The tables come last, after the progress lines.
    tail = out[out.index("## gpurng Python benchmark"):]
    assert "### CPU, one core" in tail and "### One call of 10^4" in tail
    assert "Python overhead" in tail
