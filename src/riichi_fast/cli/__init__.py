"""The ``riichi-fast`` command line: one module per command family, the batch line reader."""

from riichi_fast.cli.app import main

__all__ = ["main"]
