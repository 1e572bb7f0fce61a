"""``python -m playground``: the browser playground (see ``playground.server``)."""

from .server import main

if __name__ == "__main__":
    main()
