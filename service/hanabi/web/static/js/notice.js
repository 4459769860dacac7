// Your turn, noticed: the tab's title and icon count the games waiting for your move, and while
// the page is in a tab you are not looking at, the browser's notification says when one more
// does. Asking the browser's permission needs a click (`askButton`).

import { api, session, sleep } from "./api.js";
import { h } from "./dom.js";

const TITLE = "Hanabi";
const LONG_POLL_SECONDS = 25;
const RECHECK_MS = 10_000;

let waiting = null; // the ids of the games waiting for your move, as last read (null: not read yet)
let running = null;
let lookNow = null; // in the tab that reads: ends its wait so that it reads again at once
const listeners = new Set();

// The tabs of this browser share one reader of GET /v1/me/turn: the tab holding the lock reads it
// and tells the others what it read. A browser opens at most 6 connections to one host, and each
// game tab in sight keeps two long polls of its own open (the game's events and its chat): a turn
// poll in every tab would fill them with two game tabs, and a move or a chat message would wait
// for a long poll to end. Without the Web Locks API (a page served over plain http from elsewhere than
// localhost), each tab reads for itself.
const LOCK = "hanabi.turns";
const channel = navigator.locks && "BroadcastChannel" in window ? new BroadcastChannel(LOCK) : null;
channel?.addEventListener("message", ({ data }) => {
  if (!running || data.token !== session()?.token) return;
  if (data.look) lookNow?.();
  else if (!lookNow) update(data.items, { notifying: false });
});

// Follows GET /v1/me/turn while signed in: a long poll while no game waits for you (it answers
// as soon as one does), a new look every 10 s while some do (their number changes as you play).
export function followTurns() {
  running?.abort();
  running = new AbortController();
  const { signal } = running;
  waiting = null;
  lookNow = null;
  if (!channel) {
    read(signal);
    return;
  }
  navigator.locks.request(LOCK, { signal }, () => read(signal)).catch(() => {});
  channel.postMessage({ token: session()?.token, look: true }); // the count at once, from the tab that reads
}

async function read(signal) {
  const token = session()?.token;
  let fresh = true;
  while (!signal.aborted && session()?.token === token) {
    const current = new AbortController();
    const stop = () => current.abort();
    signal.addEventListener("abort", stop, { once: true });
    lookNow = () => {
      fresh = true;
      current.abort();
    };
    try {
      const wait = !fresh && waiting !== null && waiting.size === 0 ? LONG_POLL_SECONDS : 0;
      fresh = false;
      const page = await api("GET", `/me/turn?limit=100&wait=${wait}`, { signal: current.signal });
      update(page.items);
      channel?.postMessage({ token, items: page.items });
      if (waiting.size) await sleep(RECHECK_MS, current.signal);
    } catch (error) {
      if (error.name !== "AbortError") await sleep(Math.max(2, error.retryAfter || 0) * 1000, current.signal).catch(() => {});
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }
  if (running?.signal === signal) lookNow = null;
}

// Look again now (after a move of yours, say) instead of at the next 10 s.
export function lookAgain() {
  if (!running || running.signal.aborted) return;
  if (lookNow) lookNow();
  else channel?.postMessage({ token: session()?.token, look: true });
}

export function stopFollowingTurns() {
  running?.abort();
  running = null;
  lookNow = null;
  waiting = null;
  showCount(0);
}

// `listener(games)` hears each new answer (the games waiting for you, most urgent first).
export function onTurns(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// `notifying`: whether this tab may make notifications of what it was told (the tab that read
// it makes them, once for the browser).
function update(games, { notifying = true } = {}) {
  const before = waiting;
  waiting = new Set(games.map((game) => game.id));
  showCount(games.length);
  if (notifying && before !== null) {
    const fresh = games.filter((game) => !before.has(game.id));
    if (fresh.length && document.visibilityState === "hidden") notify(fresh);
  }
  for (const listener of listeners) listener(games);
}

function showCount(count) {
  document.title = count ? `(${count}) ${TITLE}` : TITLE;
  document.querySelector("link[rel='icon']").href = icon(count);
  document.documentElement.dataset.waiting = String(count);
}

// The tab's icon: a firework, with the count of games waiting for you in a red badge.
function icon(count) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const g = canvas.getContext("2d");
  g.fillStyle = "#123d2e";
  g.beginPath();
  g.arc(32, 32, 30, 0, 2 * Math.PI);
  g.fill();
  const colors = ["#d93b3b", "#e8c21c", "#2e9e4f", "#2f6fd6", "#f4f4f0"];
  colors.forEach((color, index) => {
    const angle = (index / colors.length) * 2 * Math.PI - Math.PI / 2;
    g.fillStyle = color;
    g.beginPath();
    g.arc(32 + 17 * Math.cos(angle), 32 + 17 * Math.sin(angle), 7, 0, 2 * Math.PI);
    g.fill();
  });
  if (count) {
    g.fillStyle = "#e5484d";
    g.beginPath();
    g.arc(44, 20, 20, 0, 2 * Math.PI);
    g.fill();
    g.fillStyle = "#fff";
    g.font = "bold 28px sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(count > 9 ? "9+" : String(count), 44, 21);
  }
  return canvas.toDataURL("image/png");
}

function notify(games) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  for (const game of games) {
    const others = game.seats.filter((seat) => seat.name && seat.name !== session()?.name).map((seat) => seat.name);
    const alert = new Notification(`Your turn in game ${game.id}`, {
      body: `${game.options.variant} with ${others.join(", ") || "your table"} · turn ${game.turn + 1}`,
      tag: `hanabi-turn-${game.id}`,
    });
    alert.onclick = () => {
      window.focus();
      location.hash = `#/game/${game.id}`;
      alert.close();
    };
  }
}

// The header's button that asks the browser's permission (a click is needed to ask); it says
// where things stand once asked.
export function askButton() {
  if (!("Notification" in window)) return null;
  const state = () => Notification.permission;
  const box = h("span", { class: "turn-alerts" });
  const draw = () => {
    if (state() === "granted") box.replaceChildren(h("span", { class: "hint", title: "The browser tells you when a game waits for your move while this page is in another tab" }, "Turn alerts on"));
    else if (state() === "denied") box.replaceChildren(h("span", { class: "hint", title: "Allow notifications for this site in the browser's settings" }, "Turn alerts blocked"));
    else {
      box.replaceChildren(
        h(
          "button",
          {
            type: "button",
            title: "The browser tells you when a game waits for your move while this page is in another tab",
            onclick: async () => {
              await Notification.requestPermission();
              draw();
            },
          },
          "Turn alerts",
        ),
      );
    }
  };
  draw();
  return box;
}
