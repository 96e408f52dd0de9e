"""Persistence of the hall: SQLite by default, PostgreSQL by URL; an append-only move log per table."""

from .db import Conflict, Store, StoreError, Unavailable
from .migrations import LATEST as SCHEMA_VERSION

__all__ = ["Conflict", "SCHEMA_VERSION", "Store", "StoreError", "Unavailable"]
