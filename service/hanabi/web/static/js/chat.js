// The table's chat, beside the log (and in the waiting room): players and spectators. Messages arrive by long polling
// GET /v1/games/{id}/chat; the box is one element kept across redraws, so what is being typed
// stays.

import { api, inSight, sleep, whileInSight } from "./api.js";
import { h, showProblem } from "./dom.js";

const LONG_POLL_SECONDS = 25;

export function chatBox(gameId, signal) {
  const list = h("ol", { class: "messages", "aria-live": "polite" });
  const input = h("input", {
    name: "chat",
    maxlength: 300,
    autocomplete: "off",
    placeholder: "Say something",
    "aria-label": "Chat message",
    dataset: { focus: "chat-input" },
  });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit", dataset: { focus: "chat-send" } }, "Send"));
  const element = h("section", { class: "chat", "aria-label": "Chat" }, h("h2", {}, "Chat"), list, form);
  let started = false;
  let lastId = 0;
  // Where the reader left the messages (null: at the latest one). A redraw moves the box, and a
  // list put back into the page starts at its top: `restoreScroll` puts it back here.
  let readTo = null;
  list.addEventListener("scroll", () => {
    if (list.isConnected && list.clientHeight) readTo = list.scrollTop + list.clientHeight >= list.scrollHeight - 2 ? null : list.scrollTop;
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api("POST", `/games/${gameId}/chat`, { body: { text }, signal });
      input.value = "";
    } catch (error) {
      if (error.name !== "AbortError") showProblem(error);
    }
  });

  function add(messages) {
    for (const message of messages) {
      const who = message.seat === null ? `${message.author} (watching)` : message.author;
      list.append(h("li", { dataset: { id: message.id, seat: message.seat ?? "" } }, h("strong", {}, `${who}: `), message.text));
    }
    if (messages.length) list.scrollTop = list.scrollHeight;
  }

  async function follow() {
    let wait = 0;
    while (!signal.aborted) {
      try {
        await inSight(signal);
        const poll = whileInSight(signal);
        const page = await api("GET", `/games/${gameId}/chat?after=${lastId}&limit=200&wait=${wait}`, { signal: poll.signal }).finally(poll.release);
        add(page.messages);
        lastId = page.last_id;
        wait = page.messages.length === 200 ? 0 : LONG_POLL_SECONDS;
      } catch (error) {
        if (error.name === "AbortError") {
          if (signal.aborted) return;
          continue; // out of sight: the poll waits until the tab is in sight again
        }
        if (error.code === "not_a_player") {
          element.hidden = true;
          started = false;
          return;
        }
        await sleep(Math.max(2, error.retryAfter || 0) * 1000, signal).catch(() => {});
      }
    }
  }

  return {
    element,
    start() {
      if (started) return;
      started = true;
      element.hidden = false;
      follow();
    },
    running: () => started,
    restoreScroll() {
      list.scrollTop = readTo ?? list.scrollHeight;
    },
  };
}
