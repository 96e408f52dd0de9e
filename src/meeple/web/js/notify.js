// Telling a player that it has become their turn, beyond the tab's title (table.js sets that):
// the browser's notification when the tab is not in view (only if the player asked for it and
// the browser allows it), and an optional short chime. Both choices are kept in localStorage.

import { h } from "./dom.js";
import { showError } from "./toast.js";

const KEYS = { notify: "meeple.notify-turn", sound: "meeple.sound-turn" };

function wanted(key) {
  try {
    return localStorage.getItem(KEYS[key]) === "on";
  } catch {
    return false; // storage blocked: the switches start off and are not remembered
  }
}

function remember(key, on) {
  try {
    localStorage.setItem(KEYS[key], on ? "on" : "off");
  } catch {
    /* not remembered; the choice still holds for this page */
  }
}

const canNotify = () => typeof window.Notification === "function";

let audio = null;
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  const now = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + i * 0.12);
    tone.stop(now + i * 0.12 + 0.3);
  }
}

/** Call when it has just become this player's turn at the table called `gameName`. */
export function turnStarted(gameName) {
  if (wanted("sound")) chime();
  if (!wanted("notify") || !canNotify() || Notification.permission !== "granted") return;
  if (!document.hidden && document.hasFocus()) return; // the player is looking at the table already
  const note = new Notification("Your turn", { body: gameName, tag: "meeple-turn" });
  note.onclick = () => {
    window.focus();
    note.close();
  };
}

function toggle(key, label, onChange) {
  const input = h("input", {
    type: "checkbox", role: "switch", class: "switch small", "data-testid": `alert-${key}`, checked: wanted(key),
    onChange: async (ev) => {
      const on = ev.target.checked;
      ev.target.checked = await onChange(on);
      remember(key, ev.target.checked);
    },
  });
  return h("label", { class: "turn-switch" }, [input, h("span", { text: label })]);
}

async function askToNotify(on) {
  if (!on) return false;
  if (!canNotify()) {
    showError(new Error("This browser cannot show notifications."));
    return false;
  }
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (answer !== "granted") showError(new Error("The browser blocks notifications from this site; its site settings can allow them."));
  return answer === "granted";
}

async function trySound(on) {
  if (on) chime(); // a first chime now, which also lets the browser play later ones
  return on;
}

/** The two switches, for the table's side column. */
export function alertControls() {
  return h("div", { class: "turn-alerts", role: "group", "aria-label": "When it is my turn" }, [
    toggle("notify", "Notify me on my turn", askToNotify),
    toggle("sound", "Sound", trySound),
  ]);
}
