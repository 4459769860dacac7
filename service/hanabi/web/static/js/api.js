// The public REST API under /v1, the same one the SDK uses, and the signed-in account.

const SESSION_KEY = "hanabi.session";

export class ApiProblem extends Error {
  constructor(status, body, retryAfter = null) {
    const problem = body && typeof body === "object" ? body : {};
    super(problem.detail || `The server answered ${status}.`);
    this.status = status;
    this.retryAfter = retryAfter;
    this.code = problem.code || "http_" + status;
    this.detail = this.message;
    this.errors = problem.errors;
  }
}

export class Unreachable extends Error {
  constructor() {
    super("The server cannot be reached right now; trying again.");
    this.detail = this.message;
    this.code = "unreachable";
  }
}

export function session() {
  try {
    return JSON.parse(localStorage.getItem(SESSION_KEY));
  } catch {
    return null;
  }
}

export function saveSession(name, token) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ name, token }));
}

export function forgetSession() {
  localStorage.removeItem(SESSION_KEY);
}

// A JSON request; resolves to the parsed body (null for 204/304), rejects with ApiProblem for
// an error answer (its `detail` is the server's sentence) or Unreachable for a network error.
export async function api(method, path, { body, signal, headers = {} } = {}) {
  const init = { method, signal, headers: { Accept: "application/json", ...headers } };
  const current = session();
  if (current) init.headers.Authorization = `Bearer ${current.token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch("/v1" + path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new Unreachable();
  }
  if (response.status === 204 || response.status === 304) return null;
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (response.status === 401 && current) window.dispatchEvent(new CustomEvent("hanabi:unauthorized"));
    const retryAfter = Number(response.headers.get("Retry-After")) || null;
    throw new ApiProblem(response.status, data, retryAfter);
  }
  return data;
}

let description = null;

// The API's own OpenAPI description: the create-game form reads the options, their ranges,
// the variants and the bot strategies from it instead of knowing them.
export async function apiDescription() {
  if (!description) {
    description = api("GET", "/openapi.json").catch((error) => {
      description = null;
      throw error;
    });
  }
  return description;
}

export function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });
}

// A tab out of sight keeps no long poll of its own open (the tab that reads the turns for the
// browser excepted): a browser opens at most 6 connections to one host, shared by all its tabs,
// and a request waits for a free one, so the long polls of a few tabs left open would hold up
// every move and chat message. `inSight(signal)` resolves once the tab is in sight (at once when
// it is); `whileInSight(signal)` gives a signal that also aborts when the tab goes out of sight
// (`release()` it after the request).
export function inSight(signal) {
  if (document.visibilityState !== "hidden") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (document.visibilityState === "hidden") return;
      document.removeEventListener("visibilitychange", check);
      resolve();
    };
    document.addEventListener("visibilitychange", check);
    signal.addEventListener(
      "abort",
      () => {
        document.removeEventListener("visibilitychange", check);
        reject(new DOMException("Aborted", "AbortError"));
      },
      { once: true },
    );
  });
}

export function whileInSight(signal) {
  const controller = new AbortController();
  const end = () => controller.abort();
  const check = () => document.visibilityState === "hidden" && controller.abort();
  signal.addEventListener("abort", end, { once: true });
  document.addEventListener("visibilitychange", check);
  if (signal.aborted) controller.abort();
  return {
    signal: controller.signal,
    release() {
      signal.removeEventListener("abort", end);
      document.removeEventListener("visibilitychange", check);
    },
  };
}
