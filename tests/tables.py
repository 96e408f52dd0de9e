"""Non-default tables for the tests: the builders live in meeple.testing.tables (the conformance check uses them)."""

from meeple.testing.tables import one_at_a_time, option_tables, other_values, playable, table_id

__all__ = ["one_at_a_time", "option_tables", "other_values", "playable", "table_id"]
