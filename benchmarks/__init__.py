"""Benchmarks: the C engine timed against the pure-Python references in tests/reference, in one run."""
