"""Pairs of worlds one viewer cannot tell apart, for the leak test: built in meeple.testing.worlds, where
the conformance check's engine-level leak test (meeple.testing, check "worlds") uses them too."""

from meeple.testing.worlds import Pair, finished_pair, random_path, running_pair

__all__ = ["Pair", "finished_pair", "random_path", "running_pair"]
