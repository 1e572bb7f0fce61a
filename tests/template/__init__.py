"""Kinds that exist for tests only: they implement ``puzzle.kind.Kind`` as a third party
would, to show the interface and the generic code work for a kind they were not written for.

Import them as ``template.<module>`` (``tests/`` is on the path, see the root ``conftest.py``).
"""
