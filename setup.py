"""Build the compiled modules of riichi_fast.

Every ``.pyx`` under ``src/riichi_fast`` becomes an extension module named after its
path.  Directives are set here for the whole project:

* ``RIICHI_FAST_DEBUG_CYTHON=1``: bounds checking, initialized checks and
  ``-O0 -g``; used by CI to run the suite against a checked build.
* ``RIICHI_FAST_ANNOTATE=1``: write ``_x.html`` annotation files next to the sources.
* ``RIICHI_FAST_ONLY=_shanten,_waits``: build only these modules (development aid).

A module whose first line is ``# riichi_fast: libdeflate`` is linked with the inflate
half of libdeflate, vendored under ``vendor/libdeflate`` (MIT licence, ``COPYING``
there): gzipped records are inflated in C without the GIL (``riichi_fast.records._files``).
"""

import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("RIICHI_FAST_DEBUG_CYTHON", "0") != "0"
ONLY = {s for s in os.environ.get("RIICHI_FAST_ONLY", "").split(",") if s}
SRC = Path("src")
LIBDEFLATE = Path("vendor/libdeflate")
LIBDEFLATE_SOURCES = [str(LIBDEFLATE / "lib" / f) for f in (
    "deflate_decompress.c", "gzip_decompress.c", "crc32.c", "utils.c",
    "x86/cpu_features.c", "arm/cpu_features.c")]  # each CPU's file compiles to nothing elsewhere

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": False,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
    "binding": False,
}

extra_compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]


def extensions():
    exts = []
    for pyx in sorted(SRC.glob("riichi_fast/**/*.pyx")):
        modname = ".".join(pyx.relative_to(SRC).with_suffix("").parts)
        if ONLY and modname.rsplit(".", 1)[-1] not in ONLY:
            continue
        text = pyx.read_text()
        sources = [str(pyx)]
        kwargs = {"extra_compile_args": extra_compile_args, "include_dirs": [], "define_macros": []}
        if text.startswith("# riichi_fast: libdeflate"):
            sources += LIBDEFLATE_SOURCES
            kwargs["include_dirs"].append(str(LIBDEFLATE))
            # its own code, as its authors build it (signed/unsigned comparisons they made on purpose)
            kwargs["extra_compile_args"] = extra_compile_args + ["-Wno-sign-compare"]
        if "cimport numpy" in text:
            import numpy as np

            kwargs["include_dirs"].append(np.get_include())
            kwargs["define_macros"].append(("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"))
        exts.append(Extension(modname, sources, **kwargs))
    return exts


class ParallelBuildExt(build_ext):
    """Compile the extensions on every core (pip's build calls build_ext without --parallel)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1


setup(
    cmdclass={"build_ext": ParallelBuildExt},
    ext_modules=cythonize(
        extensions(),
        compiler_directives=directives,
        force=DEBUG,
        annotate=os.environ.get("RIICHI_FAST_ANNOTATE") == "1",
        include_path=["src"],
        nthreads=os.cpu_count() or 1,
    ),
)
