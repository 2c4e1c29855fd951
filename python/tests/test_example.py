"""The README's Python example runs and prints a price within 4 standard errors of Black-Scholes."""
import os
import subprocess
import sys

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "option_price.py")


def test_option_price_example_runs():
    p = subprocess.run([sys.executable, EXAMPLE], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    assert p.returncode == 0, p.stderr.decode()
    assert p.stdout.startswith(b"Monte Carlo ")
