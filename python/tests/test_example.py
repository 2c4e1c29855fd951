"""The README's Python example runs and prints a price within 4 standard errors of Black-Scholes."""
import os
import subprocess
import sys

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "option_price.py")


def test_option_price_example_runs():
    p = subprocess.run([sys.executable, EXAMPLE], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    assert p.returncode == 0, p.stderr.decode()
    assert p.stdout.startswith(b"Monte Carlo ")


NVRTC_EXAMPLE = os.path.join(os.path.dirname(EXAMPLE), "nvrtc_pi.py")


def test_nvrtc_example_runs():
    """With CuPy and a device: the kernel's hits equal the CPU's (exit 0); without: it says why and exits 0."""
    p = subprocess.run([sys.executable, NVRTC_EXAMPLE], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    assert p.returncode == 0, p.stdout.decode() + p.stderr.decode()
    out = p.stdout.decode()
    if not out.startswith("pi ~ "):
        assert "CuPy is not installed" in out or "no CUDA device" in out, out
        return
    assert abs(float(out.split()[2].rstrip(";")) - 3.14159) < 0.005, out
    assert out.rstrip().endswith("equal the CPU's: True"), out


MPI_EXAMPLE = os.path.join(os.path.dirname(EXAMPLE), "mpi_slices.py")


def test_mpi_slices_example_simulated_ranks():
    # Without mpi4py (Debian CI): 3 ranks in turn; the example itself checks the joined slices against
    # one process's call and exits non-zero on a difference. The same hits for any rank count.
    outs = []
    for ranks in ("1", "3"):
        p = subprocess.run([sys.executable, MPI_EXAMPLE, "--simulate", ranks], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, check=False)
        assert p.returncode == 0, p.stderr.decode()
        outs.append(p.stdout.decode().split(" from ")[0])
    assert outs[0] == outs[1] and outs[0].startswith("pi ~ 3.14")
