"""The package version (kept equal to pyproject.toml's by tests/test_cli.py)."""

__version__ = "0.1.0"
