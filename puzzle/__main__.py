"""``python -m puzzle``: the command line of every kind (``puzzle.cli``)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
