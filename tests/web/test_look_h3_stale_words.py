"""The server's stale_seq refusal, for API clients, says what happened in plain words: which seq the move
was sent with, which seq the table is at now, that nothing was played and what to send instead."""

from __future__ import annotations

from tests.web.helpers import create_by_api, page_seq, settled, wait_my_turn_or_end

MOVE_ON_SEQ = """async ([table, seq]) => {
  const r = await fetch(`/api/tables/${table}/moves`, {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({seq, move: {take: 0}})});
  return {status: r.status, body: await r.json()};
}"""


def test_a_stale_seq_is_explained_to_an_api_client(new_page, guest_session):
    page = new_page(storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    assert wait_my_turn_or_end(page)
    settled(page)
    now = page_seq(page)  # my turn: the bot waits for me, the table stays at this seq
    sent = now - 1 if now else now + 1  # (an older position where there is one)
    answer = page.evaluate(MOVE_ON_SEQ, [made["table"], sent])
    assert answer["status"] == 409 and answer["body"]["code"] == "stale_seq", answer
    assert answer["body"]["error"] == (
        f"The table has moved on: this move was sent with seq {sent}, but the table is at seq {now} now, so "
        f"nothing was played. Read the new position and, if the move still stands, send it with seq {now}.")
