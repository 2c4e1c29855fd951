"""gpurng: parallel random numbers, bit-identical on the CPU and the GPU.

A front over the C++ library's ``gpurng::Generator``: every value comes from the library, so the
numbers are those of the C++ API and of the ``gpurng generate`` command line, bit for bit.

>>> import gpurng
>>> g = gpurng.Generator("mrg32k3a", backend="cpu")
>>> float(g.random())
0.12701112204657714

Supported: CPython 3.9 or newer (tested with 3.11 on Debian 12), NumPy 1.24 or newer (NumPy 2 too).
"""

from ._gpurng import (  # noqa: F401  (re-exported)
    CorruptStateError,
    CudaError,
    DeviceArray,
    Error,
    FileError,
    InternalError,
    InvalidArgumentError,
    NoDeviceError,
    OutOfMemoryError,
    UnsupportedError,
    built_with_cuda,
    built_with_opencl,
    cuda_devices,
    default_backend,
)
from ._bit_generator import BitGenerator  # noqa: F401
from ._generator import ENGINE_OPTIONS, Generator, distributions, engine_info, engines  # noqa: F401
from ._nvrtc import device_state_layout, find_cccl_include, get_include, nvrtc_options  # noqa: F401
from . import partition  # noqa: F401  (gpurng.partition.block_part: devices, MPI ranks)

__version__ = "0.1.0"

__all__ = [
    "Generator",
    "BitGenerator",
    "DeviceArray",
    "engines",
    "engine_info",
    "distributions",
    "ENGINE_OPTIONS",
    "built_with_cuda",
    "built_with_opencl",
    "cuda_devices",
    "default_backend",
    "get_include",
    "nvrtc_options",
    "find_cccl_include",
    "device_state_layout",
    "partition",
    "Error",
    "InvalidArgumentError",
    "UnsupportedError",
    "NoDeviceError",
    "CudaError",
    "OutOfMemoryError",
    "FileError",
    "CorruptStateError",
    "InternalError",
]
