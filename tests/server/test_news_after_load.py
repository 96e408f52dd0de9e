"""A process that reads a whole table (`Store.load_table`: a table opened, or read again after it was
parked or dropped) holds it newer than the news it kept from an earlier read, if another process
changed it unheard meanwhile. News heard afterwards must never answer from that older state: a seat
taken meanwhile would be handed back to its old holder (`Table.update_header` replaces the seats),
its new holder's token refused and their sockets closed. Needs PostgreSQL (skipped elsewhere)."""

from __future__ import annotations

import pytest

from meeple.store import Store

from .test_pg_news import SEATS, table_row


@pytest.fixture
def stores(pg_url):
    """The writer and the listener, each as a process's store."""
    made = [Store(pg_url), Store(pg_url)]
    for store in made:
        store.share()
    made[0].create_table(table_row("t1"), SEATS)
    yield made
    for store in made:
        store.close()


def test_news_heard_after_a_load_never_answers_an_older_table(stores):
    writer, listener = stores
    assert listener.changes_since("t1", 0)["seats"][1]["token_hash"] == "h1"  # (kept with the news)
    writer.update_table("t1", {}, {1: {"token_hash": "bob", "name": "Bob"}}, expect_version=0)  # unheard
    loaded = listener.load_table("t1")
    assert loaded["seats"][1]["token_hash"] == "bob"
    listener.hear("t1", [{"chat": 1}])  # a chat message: news without a count
    told = listener.told_changes("t1", 0) or listener.changes_since("t1", 0)
    assert told["seats"] == loaded["seats"] and told["version"] == loaded["version"]
