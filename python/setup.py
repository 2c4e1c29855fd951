"""pip install ./python: builds gpurng's extension module with CMake and packages python/gpurng.

Two sources of libgpurng:
* in-tree (default): the repository around this directory is configured with only the library and
  the Python module (no CLI, tests, benchmarks or examples) and libgpurng is copied into the
  package beside the module (found through RPATH $ORIGIN). The CUDA backend is built when nvcc is
  found, as in any build of the repository.
* installed: GPURNG_PREFIX=/usr/local (a prefix where `cmake --install` put libgpurng and its CMake
  package) builds only the module, against that library, which stays where it is (RPATH to it).

Environment: GPURNG_PREFIX (above), GPURNG_CMAKE_ARGS (more -D options, e.g.
"-DGPURNG_ENABLE_CUDA=OFF"), GPURNG_BUILD_DIR (the CMake build directory, default under build/),
CMAKE_BUILD_PARALLEL_LEVEL (jobs).
"""
import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
REPOSITORY = HERE.parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        prefix = os.environ.get("GPURNG_PREFIX")
        build = pathlib.Path(os.environ.get("GPURNG_BUILD_DIR") or pathlib.Path(self.build_temp).resolve() / "cmake")
        args = ["-DCMAKE_BUILD_TYPE=Release", "-DPython_EXECUTABLE=" + sys.executable]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        if prefix:
            source, staged = HERE, build / "gpurng"
            args.append("-DCMAKE_PREFIX_PATH=" + str(pathlib.Path(prefix).resolve()))
        else:
            if not (REPOSITORY / "include" / "gpurng" / "gpurng.hpp").is_file():
                sys.exit("gpurng: the library's sources are not beside python/ (%s); build from the repository, or "
                         "set GPURNG_PREFIX to an installed libgpurng" % REPOSITORY)
            source, staged = REPOSITORY, build / "python" / "gpurng"
            args += ["-DGPURNG_BUILD_PYTHON=ON", "-DGPURNG_BUILD_TOOLS=OFF", "-DGPURNG_BUILD_TESTS=OFF",
                     "-DGPURNG_BUILD_BENCH=OFF", "-DGPURNG_BUILD_EXAMPLES=OFF"]
        args += shlex.split(os.environ.get("GPURNG_CMAKE_ARGS", ""))
        subprocess.check_call(["cmake", "-S", str(source), "-B", str(build)] + args)
        subprocess.check_call(["cmake", "--build", str(build), "--target", "gpurng_python"])
        module = self.get_ext_fullpath(ext.name)
        dest = pathlib.Path(module).parent
        dest.mkdir(parents=True, exist_ok=True)
        built = sorted(staged.glob("_gpurng*.so"))
        if len(built) != 1:
            sys.exit("gpurng: expected one built module in %s, found %s" % (staged, [p.name for p in built]))
        shutil.copy2(built[0], module)
        for lib in staged.glob("libgpurng.so*"):  # in-tree: the library beside the module
            shutil.copy2(lib, dest / lib.name)
        # The device headers for NVRTC kernels (gpurng.get_include()), staged by the build.
        shutil.copytree(staged / "include", dest / "include", dirs_exist_ok=True)


setup(
    packages=["gpurng"],
    package_data={"gpurng": ["__init__.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("gpurng._gpurng")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
