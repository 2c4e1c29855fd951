"""Shared fixtures: the CLI of the same build (GPURNG_CLI, set by CTest; else build/tools/gpurng)."""
import os
import subprocess

import numpy as np
import pytest


_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _cli_path():
    path = os.environ.get("GPURNG_CLI") or os.path.join(_ROOT, "build", "tools", "gpurng")
    return path if os.access(path, os.X_OK) else None


@pytest.fixture(scope="session")
def cli():
    """Runs `gpurng generate ARGS --format bin --out -` on the CPU; returns the raw bytes."""
    path = _cli_path()
    if path is None:
        pytest.skip("the gpurng CLI was not found (set GPURNG_CLI)")

    def run(*args):
        cmd = [path, "generate", "--backend", "cpu", "--format", "bin", "--out", "-", "--progress", "never"]
        cmd += [str(a) for a in args]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
        assert p.returncode == 0, "%s: %s" % (" ".join(cmd), p.stderr.decode())
        return p.stdout

    return run


def as_bytes(a):
    """The array's values as little-endian bytes, as the CLI's --format bin writes them."""
    return np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<"), copy=False).tobytes()
