"""The bot without Discord: ``offline`` feeds raw gateway payloads to the real bot and records
what it would send (for the tests, the benchmarks and the page); ``server`` is the browser
playground. The bot never imports this package."""
