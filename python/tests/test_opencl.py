"""backend="opencl" (issue 28): the same values as the CPU backend, into NumPy arrays; a clear error
where no OpenCL device exists or the engine does not run there."""
import numpy as np
import pytest

import gpurng


def _opencl_generator(engine="philox4x32-10", **kw):
    try:
        return gpurng.Generator(engine, seed=7, backend="opencl", **kw)
    except gpurng.NoDeviceError as e:
        pytest.skip("no OpenCL device here: %s" % e)


def test_opencl_equals_cpu_for_uniforms_normals_and_integers():
    g = _opencl_generator()
    c = gpurng.Generator("philox4x32-10", seed=7, backend="cpu")
    assert g.backend == "opencl"
    np.testing.assert_array_equal(g.random(1001, dtype=np.float32), c.random(1001, dtype=np.float32))
    np.testing.assert_array_equal(g.standard_normal(333), c.standard_normal(333))
    np.testing.assert_array_equal(g.integers(-5, 9, size=77), c.integers(-5, 9, size=77))
    np.testing.assert_array_equal(g.poisson(4.5, size=64), c.poisson(4.5, size=64))


def test_an_engine_the_opencl_backend_does_not_serve_is_refused_by_name():
    if not gpurng.built_with_opencl():
        pytest.skip("this gpurng was built without the OpenCL kernels")
    try:
        with pytest.raises(gpurng.UnsupportedError, match="mtgp11213"):
            gpurng.Generator("mtgp11213", backend="opencl")
    except gpurng.NoDeviceError as e:
        pytest.skip("no OpenCL device here: %s" % e)


def test_opencl_equals_cpu_for_a_many_stream_engine_and_mt19937():
    for engine, kw in (("dcmt521", {"streams": 5}), ("mt19937", {})):
        g = _opencl_generator(engine, **kw)
        c = gpurng.Generator(engine, seed=7, backend="cpu", **kw)
        np.testing.assert_array_equal(g.random(1001), c.random(1001))
        np.testing.assert_array_equal(g.standard_normal(333, dtype=np.float32),
                                      c.standard_normal(333, dtype=np.float32))


def test_an_unknown_backend_names_the_valid_ones():
    with pytest.raises(gpurng.InvalidArgumentError, match="auto, cpu, cuda, opencl"):
        gpurng.Generator("philox4x32-10", backend="metal")
