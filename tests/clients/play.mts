// A client of the Hanabi API on types generated from openapi.yaml by openapi-typescript, with
// openapi-fetch: two accounts create a game, join it and play it to its end, posting legal actions
// back as they stand (or with the version seen), without a cast. tests/clients/test_typescript.py compiles it with `tsc --strict` and runs it.
import createClient from "openapi-fetch";
import type { components, paths } from "./hanabi.mjs";

declare const process: { env: Record<string, string | undefined>; exitCode: number };

type Schemas = components["schemas"];
type ActionRequest = Schemas["ActionRequest"];
type LegalAction = Schemas["LegalAction"];
type GameEvent = Schemas["Event"];

const api = createClient<paths>({ baseUrl: process.env.HANABI_URL });

async function signUp(name: string): Promise<Record<string, string>> {
  const { data, error } = await api.POST("/v1/accounts", { body: { name, kind: "human" } });
  if (!data) throw new Error(`sign-up failed: ${error.code}: ${error.detail}`);
  return { Authorization: `Bearer ${data.token}` };
}

function requestOf(action: LegalAction, version: number): ActionRequest {
  return { ...action, expected_version: version }; // a legal action is the request of its kind
}

async function play(): Promise<void> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const players = [await signUp(`ts-a-${suffix}`), await signUp(`ts-b-${suffix}`)];
  const count: number = players.length;
  const seats: Schemas["SeatPlanRequest"][] = players.map(() => ({ kind: "open" }));
  const created = await api.POST("/v1/games", {
    headers: players[0],
    body: { options: { players: count, variant: "No Variant" }, seats, seed: `typescript ${suffix}` },
  });
  if (!created.data) throw new Error(`create failed: ${created.error.code}`);
  const game_id = created.data.id;
  for (const headers of players) {
    const joined = await api.POST("/v1/games/{game_id}/join", { headers, params: { path: { game_id } } });
    if (joined.error) throw new Error(`join failed: ${joined.error.code}`);
  }
  let moves = 0;
  for (;;) {
    const game = await api.GET("/v1/games/{game_id}", { headers: players[0], params: { path: { game_id } } });
    if (!game.data) throw new Error(`get_game failed: ${game.error.code}`);
    if (game.data.status === "finished" || game.data.current_seat === null) break;
    const headers = players[game.data.current_seat];
    const view = await api.GET("/v1/games/{game_id}/view", { headers, params: { path: { game_id } } });
    if (!view.data) throw new Error("get_view gave no view");
    const discard = view.data.legal_actions.find((action) => action.kind === "discard");
    const action = discard ?? view.data.legal_actions[0];
    const acted = await api.POST("/v1/games/{game_id}/actions", {
      headers,
      params: { path: { game_id } },
      body: moves % 2 === 0 ? action : requestOf(action, view.data.version), // as it stands, or at the version seen
    });
    if (!acted.data) throw new Error(`act failed: ${acted.error.code}: ${acted.error.detail}`);
    moves += 1;
  }
  const end = await api.GET("/v1/games/{game_id}/view", { headers: players[0], params: { path: { game_id } } });
  const endCondition: Schemas["EndCondition"] | undefined = end.data?.end_condition;
  const log = await api.GET("/v1/games/{game_id}/events", {
    headers: players[0],
    params: { path: { game_id }, query: { limit: 500 } },
  });
  if (!log.data) throw new Error(`list_events failed: ${log.error.code}`);
  const cards = log.data.events.map(cardOf).filter((card) => card !== undefined);
  const turns = log.data.events.filter((event) => "turn" in event).length;
  const score = end.data?.score;
  console.log(JSON.stringify({ game_id, moves, end_condition: endCondition, score, cards, log_turns: turns }));
}

function cardOf(event: GameEvent): number | undefined {
  switch (event.type) { // the type narrows the event: a PlayEvent or a DiscardEvent has a card
    case "play":
    case "discard":
      return event.card;
    default:
      return undefined;
  }
}

// Bodies the server refuses (422) do not compile.
// @ts-expect-error a discard names its card
export const discardWithoutCard: ActionRequest = { kind: "discard" };
// @ts-expect-error a play has no target
export const playWithTarget: ActionRequest = { kind: "play", card: 1, target: 0 };
// @ts-expect-error a seat is a number
export const seatByName: ActionRequest = { kind: "discard", card: 1, seat: "alice" };
// @ts-expect-error a legal action is a turn action: a reorder is never one
export const legalReorder: LegalAction = { kind: "reorder", seat: 0, cards: [1, 2] };
// @ts-expect-error no action is called dance
export const dance: ActionRequest = { kind: "dance" };
// @ts-expect-error a bot seat names its strategy
export const botWithoutStrategy: Schemas["SeatPlanRequest"] = { kind: "bot" };
// @ts-expect-error an open seat has no account
export const openWithAccount: Schemas["SeatPlanRequest"] = { kind: "open", account: "alice" };
// @ts-expect-error a clock needs its base_seconds
export const clockWithoutBase: Schemas["TimeControlRequest"] = { kind: "clock", increment_seconds: 5 };
// @ts-expect-error a problem code is one the server sends
export const misspeltCode: Schemas["ProblemCode"] = "not_youre_turn";
// @ts-expect-error a variant is one of the server's
export const noSuchVariant: Schemas["OptionsRequest"] = { players: 2, variant: "No Varient" };
// @ts-expect-error an event's fields depend on its type: a seat_joined has no card
export const cardOfAnyEvent = (event: GameEvent): number => event.card;
// @ts-expect-error a history entry's fields depend on its kind: a reorder has no card
export const cardOfAnyEntry = (entry: Schemas["HistoryEvent"]): number => entry.card;
export const playedCards = (view: Schemas["View"]): number[] =>
  view.history.flatMap((entry) => (entry.kind === "play" ? [entry.card] : []));
// @ts-expect-error an event type is one the server sends
export const noSuchEvent: GameEvent["type"] = "seat_swapped";

play().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
