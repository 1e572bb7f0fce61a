"""How the service runs heavy work (generating, searching) away from the event loop."""

from collections.abc import Awaitable, Callable
from typing import Any

#: Runs a picklable call away from the event loop: ``await offload(fn, *args)``.
Offload = Callable[..., Awaitable[Any]]
