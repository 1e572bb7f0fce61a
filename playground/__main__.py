"""``python -m playground``: the browser playground (see ``playground.server``)."""

from .server import main

main()
