"""Build tests/support/player_cimport_driver.pyx (a Cython module that cimports riichi_fast.analysis._player).

Used by tests/analysis/test_player.py (the .pxd contract) and bench/test_player.py (the
speed a Cython simulator gets); needs Cython, setuptools and a C compiler.
"""


def build_cimport_driver(out_dir):
    """Compile tests/support/player_cimport_driver.pyx against src/riichi_fast/*.pxd; return the module."""
    import importlib.util
    from pathlib import Path

    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    import riichi_fast

    src = Path(__file__).with_name("player_cimport_driver.pyx")
    include = str(Path(riichi_fast.__file__).parents[1])
    ext = Extension("player_cimport_driver", [str(src)])
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
    path = next(out_dir.glob("player_cimport_driver*.so"))
    spec = importlib.util.spec_from_file_location("player_cimport_driver", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
