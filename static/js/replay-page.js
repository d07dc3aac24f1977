// The replay and history pages' data: the record, the steps (fetched per step and viewer,
// kept in a small cache, the newest request wins), the URL's ?step=&viewer=, the history list.
import { playedGames } from "./history.js";
import { api } from "./net.js";
import { clampStep, roundStart, viewerParam } from "./replay.js";
import { playedGameIds, playedRooms, savedRooms, state } from "./store.js";

const CACHE_SIZE = 120;

/** app: {render}. Returns {openReplay, showStep, stepBy, jumpToRound, setViewer, openHistory}. */
export function pages({ render }) {
  const cache = new Map(); // "gameId|step|viewer" -> Promise of the step's answer
  let wanted = null;

  function fetchStep(gameId, step, viewer) {
    const key = `${gameId}|${step}|${viewer}`;
    if (!cache.has(key)) {
      const promise = api.replayStep(gameId, step, viewer);
      promise.catch(() => cache.delete(key));
      cache.set(key, promise);
      while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
    }
    return cache.get(key);
  }

  function syncUrl() {
    const r = state.replay;
    const url = `/replay/${r.gameId}?step=${r.step}&viewer=${r.viewer}`;
    if (`${location.pathname}${location.search}` !== url) history.replaceState({}, "", url);
  }

  function showStep(step, viewer = state.replay?.viewer) {
    const r = state.replay;
    if (!r?.record) return;
    r.step = clampStep(step, r.record.steps);
    r.viewer = viewerParam(viewer, r.record.player_ids.length);
    syncUrl();
    const ask = { gameId: r.gameId, step: r.step, viewer: r.viewer };
    wanted = ask;
    render();
    fetchStep(ask.gameId, ask.step, ask.viewer).then((data) => {
      if (wanted !== ask || state.replay?.gameId !== ask.gameId) return;
      state.replay.shown = { step: ask.step, viewer: ask.viewer, view: data.view, round: data.round };
      state.replay.error = null;
      render();
      if (ask.step < r.record.steps) fetchStep(ask.gameId, ask.step + 1, ask.viewer).catch(() => {}); // the next click is instant
    }).catch((err) => {
      if (wanted !== ask) return;
      state.replay.error = err.code;
      render();
    });
  }

  function openReplay(gameId) {
    const params = new URLSearchParams(location.search);
    state.replay = { gameId, record: null, step: 0, viewer: "all", shown: null, error: null };
    render();
    api.replay(gameId).then((record) => {
      if (state.replay?.gameId !== gameId) return;
      state.replay.record = { ...record, steps: record.steps ?? record.commands.length, round_starts: record.round_starts ?? {} };
      showStep(params.get("step") ?? 0, params.get("viewer") ?? "all");
    }).catch((err) => {
      if (state.replay?.gameId !== gameId) return;
      state.replay.error = err.code === "room_not_found" ? "not_found" : err.code;
      render();
    });
  }

  function openHistory() {
    state.history = { games: null, error: null };
    render();
    const played = [...playedRooms(), ...savedRooms().map((code) => ({ code, joined_at: 0 }))];
    api.history(200).then((games) => {
      state.history = { games: playedGames(games, played, playedGameIds()), error: null };
      render();
    }).catch((err) => {
      state.history = { games: null, error: err.code };
      render();
    });
  }

  return {
    openReplay,
    openHistory,
    showStep,
    stepBy: (delta) => state.replay && showStep(state.replay.step + delta),
    jumpToRound(round) {
      const step = roundStart(state.replay?.record?.round_starts, round);
      if (step !== null) showStep(step);
    },
    setViewer: (viewer) => state.replay && showStep(state.replay.step, viewer),
  };
}
