// The review of a finished game (issue 36, docs/review.md): asked of the hall once (POST review),
// followed while the bot workers compute it (GET review, polled), then shown: each seat's expected
// result along the game as a chart, its verdict in words, the key moments (which open the replay at
// that move, marked on its slider), how sure each verdict is and which search judged.

import { get, post } from "./api.js";
import { h, clear } from "./dom.js";
import { showError } from "./toast.js";
import { seatColour, seatName, withNames } from "./seats.js";
import { chartLegend, drawChart } from "./charts.js";
import { focusDialog, openReplay, rememberPlace } from "./replay.js";

const POLL_MS = 1000;
const MOMENTS = 5;

/** The "Review" button of the result screen. */
export function reviewButton(root, base, tableId, summary, mySeat, notice = null) {
  return h("button", { type: "button", class: "secondary", "data-testid": "open-review", text: "Review",
    title: "Where the game was won and lost: each move judged by the search bot",
    onClick: () => openReview(root, base, tableId, summary, mySeat, notice) });
}

/** Each seat's expected result at every move of the review: a seat's value holds until its next decision. A seat
 * none of whose decisions was played out (the review's CPU time went to others) has no line: it was drawn flat at
 * 0, an even game it was never judged to have; `unjudged` names those seats. */
export function expectedSeries(review) {
  const seqs = [...new Set(review.decisions.map((d) => d.seq))].sort((a, b) => a - b);
  const judged = review.seats.filter((s) => s.expected.length);
  const series = judged.map((s) => {
    const bySeq = new Map(s.expected.map((p) => [p.seq, p.expected]));
    let last = s.expected[0].expected;
    return seqs.map((q) => {
      if (bySeq.has(q)) last = bySeq.get(q);
      return last;
    });
  });
  return { unit: "move", labels: seqs.map(String), series, seats: judged.map((s) => s.seat),
    unjudged: review.seats.filter((s) => !s.expected.length && s.decisions).map((s) => s.seat) };
}

/** The judge in a player's words: "search3@0.0427" -> "the search bot (search 3, 0.043 s a move)" (the strength
 * table's sentence after it says "thinking 0.1 s a move": one word for one thing). */
export function judgeWords(level) {
  const [bot, seconds] = String(level).split("@");
  const name = bot.replace(/^search(\d+)$/, "search $1");
  return `the search bot (${name}${seconds ? `, ${+Number(seconds).toPrecision(2)} s a move` : ""})`;
}

/** The moments to mark: the viewer's own (a seated player), else the largest of every seat's, beyond the noise first. */
export function keyMoments(review, mySeat) {
  const mine = review.seats.find((s) => s.seat === mySeat);
  const all = mine ? mine.moments.map((m) => ({ ...m, seat: mySeat }))
    : review.seats.flatMap((s) => s.moments.map((m) => ({ ...m, seat: s.seat })));
  return all.sort((a, b) => (b.sure - a.sure) || Math.abs(b.cost) - Math.abs(a.cost)).slice(0, MOMENTS)
    .sort((a, b) => a.seq - b.seq);
}

/** Why there is no key moment: no move differed from the search's, or those that did were not judged (the
 * review's CPU time ran out: "No move differed" was then untrue). */
export function noMoments(review, mySeat) {
  const mine = review.seats.filter((s) => s.seat === mySeat);
  return (mine.length ? mine : review.seats).some((s) => s.decisions > s.agreed)
    ? "The moves that differed from the search's choice could not be judged in the time the review had."
    : "No move differed from the search's choice.";
}

/** `notice`: the table's news it keeps up to date (a rematch offered), shown in the head, as the replay does: the
 *  review hides the table's status bar too. */
export async function openReview(root, base, tableId, summary, mySeat = null, notice = null) {
  const goBack = rememberPlace();
  const body = h("div", { class: "review-body", "aria-live": "polite" });
  const dialog = h("section", { class: "replay review", role: "dialog", "aria-modal": "true", "aria-label": "Review", "data-testid": "review" }, [
    h("header", { class: "replay-head" }, [
      h("h2", { text: "Review" }),
      notice,
      h("button", { type: "button", class: "secondary", text: "Close", onClick: () => close() }),
    ]),
    body,
  ]);
  let closed = false;
  let timer = null;
  function close() {
    closed = true;
    clearTimeout(timer);
    dialog.remove();
    root.classList.remove("replaying");
    goBack();
  }
  dialog.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(); });
  root.append(dialog);
  root.classList.add("replaying"); // the table hides while the review is open, as for a replay
  dialog.scrollIntoView({ block: "start" });
  focusDialog(dialog);

  const progress = h("progress", { max: 1, value: 0, "aria-label": "Review progress" });
  const progressWords = h("p", { class: "review-progress-words", text: "Asking the hall for the review\u2026" });
  clear(body).append(progressWords, progress);

  async function poll(first) {
    if (closed) return;
    try {
      const answer = first ? await post(`${base}/review`, {}, tableId) : await get(`${base}/review`, tableId);
      if (closed) return;
      if (answer.status === "done") {
        show(answer.review);
        return;
      }
      if (answer.status === "failed") {
        clear(body).append(h("p", { text: answer.error || "The review could not be made." }),
          h("button", { type: "button", text: "Try again", onClick: () => { clear(body).append(progressWords, progress); poll(true); } }));
        return;
      }
      if (answer.total) {
        progress.max = answer.total;
        progress.value = answer.done;
        progressWords.textContent = `The search bot is judging the game: ${Math.round((100 * answer.done) / answer.total)}% done.`;
      } else {
        progressWords.textContent = "Waiting for a free bot worker (moves at the tables go first)\u2026";
      }
      timer = setTimeout(() => poll(false), POLL_MS);
    } catch (err) {
      showError(err);
      // (a dropped connection or a restarting hall: asking again is the way on, without closing)
      clear(body).append(h("p", { text: "The review could not be read." }),
        h("button", { type: "button", "data-testid": "review-again", text: "Try again",
          onClick: () => { clear(body).append(progressWords, progress); poll(first); } }));
    }
  }

  function show(review) {
    const name = (s) => seatName(summary, s);
    const moments = keyMoments(review, mySeat);
    const unitWords = review.judge.horizon === "end" ? "expected lead at the end, in points (its score minus the best other seat's)"
      : "expected lead in points at the end of each deal (its score minus the best other seat's)";
    // The chart's axis counts moves (its numbers are the moves', as the key moments and the replay number them):
    // its caption says the same word ("after each decision" it said, under an axis of "moves").
    const chartData = { ...expectedSeries(review), title: "Expected result along the game", axis: "move" };
    const chart = chartData.series.length ? drawChart(chartData, (i) => name(chartData.seats[i]), (i) => seatColour(chartData.seats[i])) : null;
    const unjudged = chartData.unjudged.map(name);
    // The replay takes the review's place (asked again, the stored review comes back at once).
    const openAt = (seq) => close() || openReplay(root, base, tableId, summary, mySeat,
      { at: seq, notice, marks: moments.map((m) => ({ seq: m.seq, label: `${name(m.seat)}: ${m.cost >= 0 ? "cost" : "gained"} ${Math.abs(m.cost)}`,
        words: withNames(summary, m.words) })) }); // (the replay writes a mark's words under the marks when on it)
    clear(body).append(
      h("p", { class: "review-judge", "data-testid": "review-judge" }, [
        `Judged by ${judgeWords(review.judge.level)} from what each seat knew at the time (never the hidden cards). `,
        withNames(summary, review.judge.words),
      ]),
      h("figure", { class: "score-chart review-chart", "data-testid": "review-chart" }, [
        h("figcaption", { text: `Each seat's ${unitWords}, after each ${chartData.axis}` }),
        chart || h("p", { class: "hint", text: review.decisions.length ? "No move could be judged in the time the review had."
          : "Nobody had a choice to make." }),
        chart ? chartLegend(chartData, (i) => name(chartData.seats[i]), (i) => seatColour(chartData.seats[i])) : null,
        chart && unjudged.length ? h("p", { class: "hint", "data-testid": "review-unjudged",
          text: `No line for ${unjudged.join(" and ")}: none of ${unjudged.length > 1 ? "their" : "its"} moves could be judged in the time the review had.` }) : null,
      ]),
      h("h3", { text: mySeat !== null && mySeat !== undefined ? "Your key moments" : "Key moments" }),
      moments.length ? h("ol", { class: "review-moments", "data-testid": "review-moments" }, moments.map((m) => h("li", {}, [
        // (the words say which move: "Move 17 (Ada's 5th move): ...")
        h("button", { type: "button", class: "secondary", "data-seq": m.seq, text: "Replay",
          "aria-label": `Replay move ${m.seq}`, title: "Show this move on the replay", onClick: () => openAt(m.seq) }),
        " ",
        h("span", { text: withNames(summary, m.words) }), // (a moment within the noise says "too close to call")
      ]))) : h("p", { class: "hint", text: noMoments(review, mySeat) }),
      h("h3", { text: "Verdicts" }),
      h("ul", { class: "review-verdicts" }, review.seats.map((s) => h("li", { style: `--seat:${seatColour(s.seat)}` }, [
        h("span", { class: "dot", "aria-hidden": "true" }), withNames(summary, s.verdict)]))),
      h("p", { class: "hint", text: "A move's cost is how many points less it is expected to bring at the end than the search's choice: "
        + "both are played out many times, each time with what the seat could not see dealt anew (a playout). Each cost comes "
        + "with the range it lies in, 95% sure; a range that holds 0 is too close to call." }),
    );
  }

  await poll(true);
}
