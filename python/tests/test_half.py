"""float16 outputs of random, standard_normal and normal: each value is the float32 value of the same
call rounded to nearest even, which NumPy's own float32 -> float16 conversion (also round to nearest
even) gives independently; the same bits as the CLI's --precision float16; out= arrays; and the
distributions that have no float16 refuse it."""
import numpy as np
import pytest

import gpurng


@pytest.mark.parametrize("engine", ["philox4x32-10", "mrg32k3a", "mt19937", "sobol32"])
def test_float16_is_float32_rounded(engine):
    g32 = gpurng.Generator(engine, seed=7, backend="cpu", offset=1000)
    g16 = gpurng.Generator(engine, seed=7, backend="cpu", offset=1000)
    for method, args in (("random", ()), ("standard_normal", ()), ("normal", (2.0, 3.0))):
        want = getattr(g32, method)(*args, size=5001, dtype=np.float32).astype(np.float16)
        got = getattr(g16, method)(*args, size=5001, dtype=np.float16)
        assert got.dtype == np.float16
        assert np.array_equal(got.view(np.uint16), want.view(np.uint16)), (engine, method)


def test_float16_values_and_out():
    g = gpurng.Generator("philox4x32-10", seed=3, backend="cpu")
    u = g.random((256, 256), dtype=np.float16)
    assert u.shape == (256, 256) and u.min() >= 0 and u.max() <= 1
    assert abs(float(u.astype(np.float64).mean()) - 0.5) < 6 * 0.2887 / 256
    out = np.empty(1000, dtype=np.float16)
    ref = gpurng.Generator("philox4x32-10", seed=3, backend="cpu", offset=65536)
    assert g.normal(1.0, 0.5, dtype=np.float16, out=out) is out
    assert np.array_equal(out.view(np.uint16), ref.normal(1.0, 0.5, 1000, dtype=np.float16).view(np.uint16))


def test_float16_matches_the_cli(cli):
    got = gpurng.Generator("mrg32k3a", seed=11, backend="cpu").normal(1.0, 3.0, 777, dtype=np.float16)
    raw = cli("--engine", "mrg32k3a", "--seed", 11, "--dist", "normal", "--mean", 1, "--stddev", 3, "--count", 777,
              "--precision", "float16")
    assert got.tobytes() == raw


def test_float16_is_offered_by_uniform_and_normal_only():
    info = {d["name"]: d for d in gpurng.distributions()}
    assert "float16" in info["uniform"]["value_types"] and "float16" in info["normal"]["value_types"]
    assert "float16" not in info["lognormal"]["value_types"]
    g = gpurng.Generator("philox4x32-10", backend="cpu")
    with pytest.raises(TypeError, match="float16"):
        g.exponential(1.0, 10, dtype=np.float16)
    with pytest.raises(TypeError, match="float16"):
        g.gamma(2.0, size=10, dtype=np.float16)
    with pytest.raises(ValueError, match="float32 range"):
        g.normal(1e39, 1.0, 10, dtype=np.float16)
