"""A review whose CPU time ran out before some decisions were played out (a busy hall, a small budget): a seat
none of whose decisions was judged has no line in the chart (it was drawn flat at 0, an even game it was never
judged to have) and the page names it; with no key moment because the moves that differed were not judged, the
page says so (it said "No move differed from the search's choice", which was untrue)."""

from __future__ import annotations

REVIEW = """async (mySeat) => {
  const { expectedSeries, noMoments } = await import('/static/js/review.js');
  const seat = (s, expected, decisions, agreed) => ({seat: s, expected, decisions, agreed, moments: []});
  const review = {
    decisions: [{seq: 1}, {seq: 2}, {seq: 3}, {seq: 4}],
    seats: [seat(0, [{seq: 1, expected: 2.5}, {seq: 3, expected: -1}], 2, 0),
            seat(1, [], 2, 0),  // its two decisions differed from the search's and were not played out
            seat(2, [], 0, 0)],  // no choice to make
  };
  const agreeing = {decisions: [{seq: 1}], seats: [seat(0, [{seq: 1, expected: 0}], 1, 1)]};
  return {series: expectedSeries(review), words: noMoments(review, mySeat), mine: noMoments(agreeing, 0)};
}"""


def test_a_seat_never_judged_has_no_line_and_the_page_says_why(new_page):
    page = new_page()
    page.goto("/")
    page.wait_for_selector("form.create, .sign-in, main")
    found = page.evaluate(REVIEW, None)
    assert found["series"]["seats"] == [0]
    assert found["series"]["series"] == [[2.5, 2.5, -1, -1]]  # held before its first judged move and between
    assert found["series"]["unjudged"] == [1]  # (seat 3 had no decision: nothing to judge)
    assert found["words"] == ("The moves that differed from the search's choice could not be judged in the time the "
                              "review had.")
    assert found["mine"] == "No move differed from the search's choice."
    assert page.evaluate(REVIEW, 1)["words"].startswith("The moves that differed")
