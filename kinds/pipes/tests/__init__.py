"""Pipes' tests and their oracles."""
