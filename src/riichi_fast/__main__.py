"""``python -m riichi_fast``: the ``riichi-fast`` command line."""

import sys

from riichi_fast.cli.app import main

if __name__ == "__main__":
    sys.exit(main())
