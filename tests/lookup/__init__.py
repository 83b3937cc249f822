"""Tests of the rules lookup (companion.lookup)."""
