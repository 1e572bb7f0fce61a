"""Ten Drops' benchmarks: the exact search (``search``), the grades by level (``grades``)."""
