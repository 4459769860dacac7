// The arena's pages on the public API: #/ the leaderboard (#/players/N), #/entry/ID a rating
// line's profile with its rating over time as a chart, its recent games (replays), and a
// challenge form for a signed-in person when the bot is online.

import { api, session } from "../js/api.js";
import { clearProblem, h, replaceContent, showProblem } from "../js/dom.js";

const PLAYER_COUNTS = [2, 3, 4, 5, 6];
let challengeTimer = null;

function number(value, digits = 1) {
  return value === null || value === undefined ? "–" : Number(value).toFixed(digits);
}

function paired(figures) {
  const { n, mean, standard_error: error } = figures.paired;
  if (!n) return "–";
  return error === null ? `${number(mean, 2)} (n=${n})` : `${number(mean, 2)} ± ${number(error, 2)} (n=${n})`;
}

function lineName(entry) {
  return entry.reference ? `${entry.name} (built-in)` : `${entry.name} ${entry.version}`;
}

function familyNav(board) {
  const link = (family, label, current) =>
    h("a", { href: `#/players/${board.players}${family ? `/${encodeURIComponent(family)}` : ""}`, "aria-current": current ? "page" : null }, label);
  return h(
    "nav",
    { class: "tabs", id: "families", "aria-label": "Variant family" },
    link(null, "all variants", board.family === null),
    board.families.map((family) =>
      family.shown
        ? link(family.family, `${family.family} (${family.deals})`, family.family === board.family)
        : h("span", { class: "muted", title: `rated once it has ${board.family_min_deals} deals` }, `${family.family} (${family.deals})`),
    ),
  );
}

async function leaderboard(screen, players, family) {
  const query = family ? `&family=${encodeURIComponent(family)}` : "";
  const [board, online] = await Promise.all([
    api("GET", `/arena/leaderboard?players=${players}${query}`),
    api("GET", "/arena/online"),
  ]);
  const tabs = h(
    "nav",
    { class: "tabs", "aria-label": "Player count" },
    PLAYER_COUNTS.map((count) =>
      h("a", { href: `#/players/${count}`, "aria-current": count === players ? "page" : null }, `${count} players`),
    ),
  );
  const rows = board.standings.map((standing) =>
    h(
      "tr",
      { dataset: { entry: standing.entry.id } },
      h("td", { class: "number" }, standing.rank),
      h("td", {}, h("a", { href: `#/entry/${standing.entry.id}` }, lineName(standing.entry))),
      h("td", { class: "number" }, number(standing.rating.mu, 2)),
      h("td", { class: "number" }, `${number(standing.rating.low, 1)} – ${number(standing.rating.high, 1)}`),
      h("td", { class: "number" }, standing.rated_deals),
      h("td", { class: "number" }, number(standing.figures.mean_score, 2)),
      h("td", { class: "number" }, paired(standing.figures)),
      h("td", { class: "number" }, standing.figures.timeouts),
      h("td", { class: standing.online ? "online" : "muted" }, standing.online ? "online" : "offline"),
    ),
  );
  replaceContent(
    screen,
    h("h1", {}, "Arena leaderboard"),
    h(
      "p",
      { class: "muted" },
      `Bots rated by how they play beside built-in partners on duplicate deals (openskill, ordered by mu − 2σ); ` +
        `paired: score minus ${board.anchor}'s in the same seat on the same deals.`,
    ),
    tabs,
    familyNav(board),
    h(
      "table",
      { id: "leaderboard" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["#", "bot", "mu", "interval (±2σ)", "deals", "mean score", `paired vs ${board.anchor}`, "time-outs", ""].map(
            (title, index) => h("th", { class: index === 1 || index === 8 ? null : "number" }, title),
          ),
        ),
      ),
      h("tbody", {}, rows),
    ),
    rows.length
      ? null
      : h(
          "p",
          { class: "muted" },
          family
            ? `${family} is rated at ${players} players once it has ${board.family_min_deals} published deals.`
            : `No bot is rated at ${players} players yet.`,
        ),
    h("h2", {}, "Bots online"),
    online.items.length
      ? h(
          "ul",
          { id: "online" },
          online.items.map((item) =>
            h(
              "li",
              { dataset: { bot: item.name } },
              item.entry ? h("a", { href: `#/entry/${item.entry.id}` }, lineName(item.entry)) : item.name,
              item.entry
                ? ` plays ${item.player_counts.join(", ")} players: ${item.variants.join(", ")}`
                : " · not in the arena: takes challenges of any player count and variant",
            ),
          ),
        )
      : h("p", { class: "muted" }, "No bot is online right now."),
  );
}

// SVG elements are made in the namespace of the page's chart template (an <svg> the HTML
// parser put in the SVG namespace), so no namespace URL is written here.
function svg(tag, attributes = {}) {
  const template = document.getElementById("chart-template").content.firstElementChild;
  const element = document.createElementNS(template.namespaceURI, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

// The rating after each deal: mu as a line, mu ± 2σ as a band, one point per rated deal.
function chart(points) {
  const width = 900;
  const height = 260;
  const pad = 36;
  const chartSvg = svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img" });
  chartSvg.append(svg("title"));
  chartSvg.firstChild.textContent = "Rating over time: mu, and the interval mu ± 2 sigma";
  if (!points.length) return chartSvg;
  const lows = points.map((point) => point.mu - 2 * point.sigma);
  const highs = points.map((point) => point.mu + 2 * point.sigma);
  const top = Math.max(...highs);
  const bottom = Math.min(...lows);
  const span = top - bottom || 1;
  const x = (index) => pad + (points.length === 1 ? 0 : (index * (width - 2 * pad)) / (points.length - 1));
  const y = (value) => height - pad - ((value - bottom) * (height - 2 * pad)) / span;
  const band = highs.map((value, index) => `${x(index)},${y(value)}`);
  const under = lows.map((value, index) => `${x(index)},${y(value)}`).reverse();
  chartSvg.append(svg("polygon", { class: "band", points: band.concat(under).join(" ") }));
  chartSvg.append(
    svg("polyline", { class: "line", points: points.map((point, index) => `${x(index)},${y(point.mu)}`).join(" ") }),
  );
  chartSvg.append(svg("line", { class: "axis", x1: pad, y1: height - pad, x2: width - pad, y2: height - pad }));
  chartSvg.append(svg("line", { class: "axis", x1: pad, y1: pad, x2: pad, y2: height - pad }));
  for (const [value, label] of [
    [top, top.toFixed(1)],
    [bottom, bottom.toFixed(1)],
  ]) {
    const text = svg("text", { x: 2, y: y(value) + 4 });
    text.textContent = label;
    chartSvg.append(text);
  }
  const caption = svg("text", { x: width - pad, y: height - 8, "text-anchor": "end" });
  caption.textContent = `${points.length} deals`;
  chartSvg.append(caption);
  chartSvg.dataset.points = String(points.length);
  return chartSvg;
}

function challengeForm(entry, status) {
  if (entry.reference) return null;
  if (!session()) return h("p", { class: "muted" }, "Sign in on the main page to challenge this bot.");
  const players = h(
    "select",
    { name: "players", "aria-label": "Players" },
    entry.player_counts.map((count) => h("option", { value: count }, count)),
  );
  const partner = h(
    "select",
    { name: "partner", "aria-label": "Partners" },
    ["basic", "hat", "random"].map((name) => h("option", { value: name }, name)),
  );
  const form = h(
    "form",
    { class: "challenge", id: "challenge" },
    h("label", {}, "Players", players),
    h("label", {}, "Partners", partner),
    h("button", { type: "submit" }, `Challenge ${entry.name}`),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    try {
      const made = await api("POST", "/arena/challenges", {
        body: { bot: entry.name, options: { players: Number(players.value) }, partner: partner.value },
      });
      followChallenge(made, status);
    } catch (error) {
      showProblem(error);
    }
  });
  return form;
}

function followChallenge(challenge, status) {
  clearInterval(challengeTimer);
  const show = (current) => {
    if (current.status === "accepted") {
      replaceContent(
        status,
        h("span", {}, `${current.bot} accepted. `),
        h("a", { href: `/#/game/${current.game_id}`, id: "challenge-game" }, "Open the game"),
      );
      clearInterval(challengeTimer);
    } else if (current.status === "pending") {
      replaceContent(status, `Waiting for ${current.bot} to answer…`);
    } else {
      replaceContent(status, `The challenge was ${current.status}.`);
      clearInterval(challengeTimer);
    }
    status.dataset.status = current.status;
  };
  show(challenge);
  challengeTimer = setInterval(async () => {
    try {
      show(await api("GET", `/arena/challenges/${challenge.id}`));
    } catch (error) {
      showProblem(error);
      clearInterval(challengeTimer);
    }
  }, 1000);
}

async function profile(screen, entryId) {
  const found = await api("GET", `/arena/entries/${entryId}`);
  const online = await api("GET", "/arena/online");
  const isOnline = online.items.some((item) => item.entry?.id === found.entry.id);
  const counts = found.ratings.map((line) => line.players);
  const status = h("p", { id: "challenge-status", role: "status" });
  const ratingRows = found.ratings.map((line) =>
    h(
      "tr",
      {},
      h("td", { class: "number" }, line.players),
      h("td", { class: "number" }, number(line.rating.mu, 2)),
      h("td", { class: "number" }, `${number(line.rating.low, 1)} – ${number(line.rating.high, 1)}`),
      h("td", { class: "number" }, line.rated_deals),
      h("td", { class: "number" }, number(line.figures.mean_score, 2)),
      h("td", { class: "number" }, paired(line.figures)),
      h("td", { class: "number" }, number(line.figures.mean_strikes, 2)),
      h("td", { class: "number" }, line.figures.timeouts),
    ),
  );
  const charts = counts.map((count) =>
    h("section", {}, h("h3", {}, `${count} players`), chart(found.history.filter((point) => point.players === count))),
  );
  const games = found.recent_games.map((game) =>
    h(
      "tr",
      {},
      h("td", {}, h("a", { href: `#/deal/${game.deal_id}` }, `deal ${game.deal_id}`)),
      h("td", { class: "number" }, game.players),
      h("td", {}, game.variant),
      h("td", { class: "number" }, game.seat),
      h("td", {}, game.candidate ? "candidate" : "partner"),
      h("td", { class: "number" }, game.score === null ? "playing" : game.score),
      h("td", {}, game.replay ? h("a", { href: `/#/replay/${game.game_id}/0` }, "replay") : "after the deal"),
    ),
  );
  replaceContent(
    screen,
    h("h1", {}, lineName(found.entry)),
    h(
      "p",
      {},
      h("span", { class: isOnline || found.entry.reference ? "online" : "muted" }, isOnline ? "online" : found.entry.reference ? "built-in" : "offline"),
      ` · plays ${found.entry.player_counts.join(", ")} players · ${found.entry.variants.join(", ")}`,
      found.entry.active ? null : " · retired line",
    ),
    isOnline ? challengeForm(found.entry, status) : null,
    status,
    h("h2", {}, "Ratings"),
    h(
      "table",
      { id: "ratings" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["players", "mu", "interval (±2σ)", "deals", "mean score", "paired", "strikes", "time-outs"].map((title) =>
            h("th", { class: "number" }, title),
          ),
        ),
      ),
      h("tbody", {}, ratingRows),
    ),
    found.family_ratings.length ? h("h3", {}, "Per variant family") : null,
    found.family_ratings.length
      ? h(
          "table",
          { id: "family-ratings" },
          h("thead", {}, h("tr", {}, ["players", "family", "mu", "interval (±2σ)", "deals"].map((t) => h("th", {}, t)))),
          h(
            "tbody",
            {},
            found.family_ratings.map((line) =>
              h(
                "tr",
                {},
                h("td", { class: "number" }, line.players),
                h("td", {}, line.family),
                h("td", { class: "number" }, number(line.rating.mu, 2)),
                h("td", { class: "number" }, `${number(line.rating.low, 1)} – ${number(line.rating.high, 1)}`),
                h("td", { class: "number" }, line.rated_deals),
              ),
            ),
          ),
        )
      : null,
    h("h2", {}, "Rating over time"),
    charts.length ? charts : h("p", { class: "muted" }, "Not rated yet."),
    h("h2", {}, "Recent games"),
    h(
      "table",
      { id: "recent-games" },
      h("thead", {}, h("tr", {}, ["deal", "players", "variant", "seat", "role", "score", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, games),
    ),
  );
}

async function deal(screen, dealId) {
  const found = await api("GET", `/arena/deals/${dealId}`);
  replaceContent(
    screen,
    h("h1", {}, `Deal ${found.id}`),
    h(
      "p",
      {},
      `${found.players} players · ${found.variant} · candidate seat ${found.candidate_seat} · `,
      found.seed ? `seed ${found.seed}` : "still being played: its seed and results show when every table has finished",
    ),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, ["seats", "score", "strikes", ""].map((t) => h("th", {}, t)))),
      h(
        "tbody",
        {},
        found.tables.map((table) =>
          h(
            "tr",
            {},
            h("td", {}, table.seats.join(" · ")),
            h("td", { class: "number" }, table.score ?? "–"),
            h("td", { class: "number" }, table.strikes ?? "–"),
            h("td", {}, found.seed ? h("a", { href: `/#/replay/${table.game_id}/0` }, "replay") : ""),
          ),
        ),
      ),
    ),
  );
}

async function route() {
  clearInterval(challengeTimer);
  const screen = document.getElementById("screen");
  const path = location.hash.replace(/^#/, "") || "/";
  const [, kind, id, family] = path.split("/");
  try {
    if (kind === "entry" && id) await profile(screen, Number(id));
    else if (kind === "deal" && id) await deal(screen, Number(id));
    else await leaderboard(screen, PLAYER_COUNTS.includes(Number(id)) ? Number(id) : 2, family ? decodeURIComponent(family) : null);
  } catch (error) {
    showProblem(error);
  }
}

window.addEventListener("hashchange", route);
route();
