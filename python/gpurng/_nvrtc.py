"""gpurng's device headers in kernels compiled at run time (NVRTC: CuPy RawKernel/RawModule, Numba,
cuda-python), docs/NVRTC.md.

The package ships the header-only device API (``gpurng/device/*.hpp``, the ``gpurng/core/`` math it
is built on, and ``gpurng/nvrtc/``, the stand-ins for the few C++ standard headers that NVRTC lacks).
A kernel includes them and draws numbers in its own threads, the same numbers as
``gpurng.Generator(..., backend="cpu")``::

    import cupy, gpurng
    src = '#include "gpurng/device/mrg32k3a.hpp"\\n' + my_kernel_source
    kernel = cupy.RawKernel(src, "my_kernel", options=gpurng.nvrtc_options())
"""
import os
import shutil

from ._gpurng import _device_state_layout

_HERE = os.path.dirname(os.path.abspath(__file__))


def get_include():
    """The include directory of the device headers: ``get_include()/gpurng/device/mrg32k3a.hpp``, ...

    Raises FileNotFoundError where the package was installed without them."""
    path = os.path.join(_HERE, "include")
    if not os.path.isfile(os.path.join(path, "gpurng", "device", "mrg32k3a.hpp")):
        raise FileNotFoundError("gpurng: the device headers are not in this installation (%s)" % path)
    return path


def _toolkit_roots():
    for var in ("CUDA_PATH", "CUDA_HOME", "CUDA_ROOT"):
        if os.environ.get(var):
            yield os.environ[var]
    nvcc = shutil.which("nvcc")
    if nvcc:
        yield os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))
    yield "/usr/local/cuda"


def find_cccl_include():
    """The CUDA toolkit's libcu++ include directory (the one holding ``cuda/std/cstdint``): include/cccl
    since CUDA 13, include before. Looked for under $CUDA_PATH, $CUDA_HOME, $CUDA_ROOT, nvcc's toolkit
    and /usr/local/cuda; None where none has it."""
    for root in _toolkit_roots():
        for sub in (("include", "cccl"), ("include",)):
            path = os.path.join(root, *sub)
            if os.path.isfile(os.path.join(path, "cuda", "std", "cstdint")):
                return path
    return None


def nvrtc_options(cccl_include=None):
    """The NVRTC options a kernel that includes gpurng's device headers needs, as a tuple of strings:
    ``-std=c++17``, ``-I`` :func:`get_include`, ``-I`` its ``gpurng/nvrtc`` stand-ins and ``-I`` libcu++
    (``cccl_include``, else :func:`find_cccl_include`; left out where neither gives one, for a compiler
    that brings its own, as CuPy does). Add your own options (``-arch``, ...) to these; do not add
    ``-use_fast_math`` or ``-ftz=true`` where you want the CPU's bits."""
    include = get_include()
    options = ["-std=c++17", "-I" + include, "-I" + os.path.join(include, "gpurng", "nvrtc")]
    cccl = cccl_include if cccl_include is not None else find_cccl_include()
    if cccl:
        options.append("-I" + cccl)
    return tuple(options)


def device_state_layout():
    """Size and alignment in bytes of each device generator's state, ``{name: (size, alignment)}``:
    what a buffer needs per thread where a kernel keeps states in memory between launches (the layout
    is the same under NVRTC, nvcc and the host compiler; tests/test_nvrtc_device_headers.cpp checks it).
    Names are those of the C++ types: ``"gpurng::device::Mrg32k3a"``,
    ``"gpurng::curand_compat::curandStateXORWOW_t"``, ..."""
    return dict(_device_state_layout())
