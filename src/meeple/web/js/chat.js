// The table's chat (docs/api.md, "Chat"): the newest messages, shown as plain text only (a message is
// a text node, never markup), and a one-line form for seated players and signed-in spectators.
// Messages arrive over the table's socket ({type: "chat", messages}); each is kept once, by number.
// A socket hears only what is posted after it is subscribed, so the history is read again each time
// the socket opens (`reload`): a message posted between the first read and the socket's opening, or
// while it was down, is shown then. While no socket opens, the page reloads it as it polls the board.
// The panel sits below the board (far below it on a phone): a message from someone else that comes while
// the panel is out of view is counted on a button in the status bar (`unread`), which is always in view;
// it goes once the panel is seen.

import { get, post, ApiError } from "./api.js";
import { h } from "./dom.js";
import { bringIntoView } from "./acting.js";

const KEEP = 100;

const STYLE = `
.chat { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 8px 10px; }
.chat h2 { font-size: 1rem; margin: 0 0 4px; }
.chat-list { list-style: none; margin: 0; padding: 0; max-height: 200px; overflow-y: auto; font-size: .85rem; }
.chat-list li { padding: 2px 0; border-bottom: 1px dotted var(--line); overflow-wrap: anywhere; }
.chat-name { font-weight: 600; }
.chat-name::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%;
  margin-right: 4px; background: var(--seat, var(--muted)); vertical-align: middle; }
.chat-form { display: flex; gap: 6px; margin-top: 6px; }
.chat-form input { flex: 1 1 auto; min-width: 0; min-height: 36px; }
.chat-form button { min-height: 36px; }
.chat-unread { min-height: 36px; font-weight: 600; white-space: nowrap; }
@media (max-width: 760px) { .chat { order: 3; } .chat-list { max-height: 140px; } .chat-unread { min-height: 44px; } }
`;

/**
 * The chat panel of one table. options: {canWrite: bool, seatName(seat), seatColour(seat), isMine(message),
 * bar: the status bar (the panel counts as out of view under it)}.
 * Returns {el, unread: the button that counts unseen messages, receive(messages), reload(), stop()}.
 */
export function chatPanel(tableId, { canWrite, seatName, seatColour, isMine = () => false, bar = null }) {
  const list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": "Messages" });
  const empty = h("p", { class: "hint", text: "No messages yet." });
  const input = h("input", { type: "text", maxlength: "300", autocomplete: "off", id: `chat-${tableId}`,
    placeholder: "Say something to the table" });
  const note = h("p", { class: "hint chat-note", role: "status" });
  const seen = new Map(); // message number -> its line
  let loaded = false; // the history read when the page opened is not news: counted from after it only
  let unseen = 0;
  const unread = h("button", { type: "button", class: "secondary chat-unread", hidden: true, "data-testid": "chat-unread",
    onClick: () => {
      bringIntoView(el, bar);
      if (canWrite) input.focus({ preventScroll: true });
      check();
    } });

  async function send(ev) {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    note.textContent = "";
    try {
      const { message } = await post(`/api/tables/${encodeURIComponent(tableId)}/chat`, { text }, tableId);
      input.value = "";
      receive([message]);
    } catch (err) {
      note.textContent = err instanceof ApiError ? err.message : "The message could not be sent.";
    }
  }

  const form = canWrite
    ? h("form", { class: "chat-form", onSubmit: send }, [
      h("label", { class: "sr-only", for: input.id, text: "Chat message" }), input,
      h("button", { type: "submit", class: "secondary", text: "Send" })])
    : h("p", { class: "hint", text: "Sign in, or play as a guest, to chat." });
  const el = h("section", { class: "chat", "aria-label": "Table chat" }, [h("h2", { text: "Chat" }), empty, list, form, note]);
  el.append(h("style", { text: STYLE }));

  function line(m) {
    const who = m.seat === null || m.seat === undefined ? `${m.name} (watching)` : seatName(m.seat) || m.name;
    const name = h("span", { class: "chat-name", text: `${who}:` });
    if (m.seat !== null && m.seat !== undefined) name.style.setProperty("--seat", seatColour(m.seat));
    return h("li", { "data-n": String(m.n) }, [name, " ", h("span", { class: "chat-text", text: m.text })]);
  }

  /** Whether some of the messages show: in the window, above the status bar, and the tab in front. */
  function inView() {
    if (document.hidden) return false;
    const r = list.getBoundingClientRect();
    const floor = bar && bar.getClientRects().length ? bar.getBoundingClientRect().top : window.innerHeight;
    return r.height > 0 && r.bottom > 0 && r.top < floor;
  }

  function showUnseen() {
    unread.hidden = unseen === 0;
    unread.textContent = `Chat: ${unseen} new message${unseen === 1 ? "" : "s"}`;
  }

  /** The panel came into view (a scroll, the tab shown again): its messages are seen. */
  function check() {
    if (unseen && inView()) {
      unseen = 0;
      showUnseen();
    }
  }
  window.addEventListener("scroll", check, { passive: true });
  window.addEventListener("resize", check);
  document.addEventListener("visibilitychange", check);

  function receive(messages) {
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    let news = 0;
    for (const m of messages || []) {
      if (seen.has(m.n)) continue;
      if (loaded && !isMine(m)) news += 1;
      const li = line(m);
      const later = [...seen.keys()].filter((n) => n > m.n).sort((a, b) => a - b)[0];
      if (later === undefined) list.append(li);
      else list.insertBefore(li, seen.get(later));
      seen.set(m.n, li);
    }
    for (const n of [...seen.keys()].sort((a, b) => a - b).slice(0, Math.max(0, seen.size - KEEP))) {
      seen.get(n).remove();
      seen.delete(n);
    }
    empty.hidden = seen.size > 0;
    if (atEnd) list.scrollTop = list.scrollHeight;
    if (news && !inView()) {
      unseen += news;
      showUnseen();
    }
  }

  function reload() {
    get(`/api/tables/${encodeURIComponent(tableId)}/chat`, tableId)
      .then((data) => receive(data.messages))
      .catch(() => { note.textContent = "The chat could not be loaded."; })
      .finally(() => { loaded = true; });
  }

  function stop() {
    window.removeEventListener("scroll", check);
    window.removeEventListener("resize", check);
    document.removeEventListener("visibilitychange", check);
  }

  reload();
  return { el, unread, receive, reload, stop };
}
