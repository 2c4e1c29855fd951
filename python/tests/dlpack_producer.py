"""A DLPack producer for tests, written with ctypes over a NumPy array (no GPU, no array library):
it hands out versioned (DLPack >= 1.0) or unversioned capsules as asked, with chosen flags, device
and version, and counts the deleter calls, so the consumer's side of the protocol can be checked
on the CPU."""
import ctypes

import numpy as np


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", DELETER)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", DLPackVersion), ("manager_ctx", ctypes.c_void_p), ("deleter", DELETER),
                ("flags", ctypes.c_uint64), ("dl_tensor", DLTensor)]


_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = ctypes.py_object
_PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_PyCapsule_GetName = ctypes.pythonapi.PyCapsule_GetName
_PyCapsule_GetName.restype = ctypes.c_char_p
_PyCapsule_GetName.argtypes = [ctypes.py_object]

_NAMES = {True: b"dltensor_versioned", False: b"dltensor"}  # kept alive: capsules point to them
_CODES = {"u": 1, "i": 0, "f": 2, "c": 5, "b": 6}

READ_ONLY = 1
IS_COPIED = 2


def capsule_name(capsule):
    return _PyCapsule_GetName(capsule).decode()


class Producer:
    """An array-like object over `array` that exports it through DLPack.

    versioned: accepts max_version (DLPack >= 1.0) and then hands out a versioned capsule;
    otherwise its __dlpack__ takes only `stream`, as NumPy before 2.1 does.
    """

    def __init__(self, array, *, versioned=True, flags=0, device=(1, 0), version=(1, 0), strides=None,
                 dtype=None):
        self.array = array
        self.versioned = versioned
        self.flags = flags
        self.device = device
        self.version = version
        self.strides = strides  # in elements; None: compact
        self.dtype = dtype  # (code, bits, lanes) to claim instead of the array's
        self.calls = []  # the keyword arguments of each __dlpack__ call
        self.deleted = 0
        self.capsules = []
        self._keep = []

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, *, stream=None, **kwargs):
        if not self.versioned and kwargs:
            raise TypeError("__dlpack__() got an unexpected keyword argument %r" % next(iter(kwargs)))
        self.calls.append(dict(stream=stream, **kwargs))
        max_version = kwargs.get("max_version")
        versioned = self.versioned and max_version is not None and max_version[0] >= 1
        a = self.array
        shape = (ctypes.c_int64 * max(a.ndim, 1))(*a.shape)
        strides = None if self.strides is None else (ctypes.c_int64 * len(self.strides))(*self.strides)
        code, bits, lanes = self.dtype or (_CODES[a.dtype.kind], a.dtype.itemsize * 8, 1)
        tensor = DLTensor(a.ctypes.data, DLDevice(*self.device), a.ndim, DLDataType(code, bits, lanes),
                          ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64)),
                          None if strides is None else ctypes.cast(strides, ctypes.POINTER(ctypes.c_int64)), 0)

        def deleter(_):
            self.deleted += 1

        callback = DELETER(deleter)
        if versioned:
            managed = DLManagedTensorVersioned(DLPackVersion(*self.version), None, callback, self.flags, tensor)
        else:
            managed = DLManagedTensor(tensor, None, callback)
        self._keep += [shape, strides, callback, managed]
        capsule = _PyCapsule_New(ctypes.addressof(managed), _NAMES[versioned], None)
        self.capsules.append(capsule)
        return capsule


def host_array(shape, dtype):
    return np.zeros(shape, dtype=dtype)
