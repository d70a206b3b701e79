"""Build the Cython drivers of tests/support, outside modules that cimport the shipped .pxd files.

``player_cimport_driver.pyx`` cimports riichi_fast.analysis._player: used by
tests/analysis/test_player.py (the .pxd contract) and bench/test_player.py (the speed a
Cython simulator gets).  ``shim_cimport_driver.pyx`` cimports every kernel through the
top-level paths (``riichi_fast._shanten``): tests/test_cimport_paths.py.  Needs Cython,
setuptools and a C compiler.
"""


def build_cimport_driver(out_dir):
    """Compile tests/support/player_cimport_driver.pyx against riichi_fast's .pxd files; return the module."""
    return build_driver("player_cimport_driver", out_dir)


def build_driver(name, out_dir):
    """Compile tests/support/``name``.pyx against the .pxd files of the riichi_fast that imports; return
    the module."""
    import importlib.util
    from pathlib import Path

    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    import riichi_fast

    src = Path(__file__).with_name(f"{name}.pyx")
    include = str(Path(riichi_fast.__file__).parents[1])
    ext = Extension(name, [str(src)])
    mods = cythonize(
        [ext],
        include_path=[include],
        quiet=True,
        build_dir=str(out_dir / "c"),
        compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False},
    )
    cmd = Distribution({"ext_modules": mods, "script_name": "setup.py"}).get_command_obj("build_ext")
    cmd.build_lib = str(out_dir)
    cmd.build_temp = str(out_dir / "t")
    cmd.ensure_finalized()
    cmd.run()
    path = next(out_dir.glob(f"{name}*.so"))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
