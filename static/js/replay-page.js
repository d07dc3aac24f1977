// The replay and history pages' data: the record, the steps (fetched per step and viewer,
// kept in a small cache, the newest request wins), the URL's ?step=&viewer=, the history list.

import { api } from "./api.js";
import { playedGames } from "./history.js";
import {
  clampStep,
  nextPlayStep,
  playDelay,
  playStart,
  roundStart,
  viewerParam,
} from "./replay.js";
import { playedGameIds, playedRooms, savedRooms, state } from "./store.js";

const CACHE_SIZE = 120;

/** app: {render}. Returns {openReplay, showStep, stepBy, jumpToRound, setViewer, togglePlay,
 * openHistory}; each way of moving through the replay but ▶ pauses it. */
export function pages({ render }) {
  const cache = new Map(); // "gameId|step|viewer" -> Promise of the step's answer
  let wanted = null;
  let playTimer = null;

  /** Playing: the next step a pace after this one is on screen (a slow answer waits). */
  function playOn() {
    clearTimeout(playTimer);
    const r = state.replay;
    if (!r?.playing || r.shown?.step !== r.step) return;
    const next = nextPlayStep(r.step, r.record.steps);
    if (next === null) {
      r.playing = false;
      render();
      return;
    }
    const reduced = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    playTimer = setTimeout(() => state.replay === r && r.playing && show(next), playDelay(reduced));
  }

  function pause() {
    clearTimeout(playTimer);
    if (state.replay) state.replay.playing = false;
  }

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

  function show(step, viewer = state.replay?.viewer) {
    const r = state.replay;
    if (!r?.record) return;
    r.step = clampStep(step, r.record.steps);
    r.viewer = viewerParam(viewer, r.record.player_ids.length);
    syncUrl();
    const ask = { gameId: r.gameId, step: r.step, viewer: r.viewer };
    wanted = ask;
    render();
    fetchStep(ask.gameId, ask.step, ask.viewer)
      .then((data) => {
        if (wanted !== ask || state.replay?.gameId !== ask.gameId) return;
        state.replay.shown = {
          step: ask.step,
          viewer: ask.viewer,
          view: data.view,
          round: data.round,
        };
        state.replay.error = null;
        render();
        playOn();
        // Fetched ahead, so the next click is instant.
        if (ask.step < r.record.steps)
          fetchStep(ask.gameId, ask.step + 1, ask.viewer).catch(() => {});
      })
      .catch((err) => {
        if (wanted !== ask) return;
        pause();
        state.replay.error = err.code;
        render();
      });
  }

  function openReplay(gameId) {
    const params = new URLSearchParams(location.search);
    clearTimeout(playTimer);
    state.replay = {
      gameId,
      record: null,
      step: 0,
      viewer: "all",
      shown: null,
      error: null,
      playing: false,
    };
    render();
    api
      .replay(gameId)
      .then((record) => {
        if (state.replay?.gameId !== gameId) return;
        state.replay.record = {
          ...record,
          steps: record.steps ?? record.commands.length,
          round_starts: record.round_starts ?? {},
        };
        show(params.get("step") ?? 0, params.get("viewer") ?? "all");
      })
      .catch((err) => {
        if (state.replay?.gameId !== gameId) return;
        state.replay.error = err.code === "room_not_found" ? "not_found" : err.code;
        render();
      });
  }

  function openHistory() {
    state.history = { games: null, error: null };
    render();
    const played = [...playedRooms(), ...savedRooms().map((code) => ({ code, joined_at: 0 }))];
    api
      .history(200)
      .then((games) => {
        state.history = { games: playedGames(games, played, playedGameIds()), error: null };
        render();
      })
      .catch((err) => {
        state.history = { games: null, error: err.code };
        render();
      });
  }

  function showStep(step) {
    pause();
    show(step);
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
    setViewer(viewer) {
      if (!state.replay) return;
      clearTimeout(playTimer); // it plays on, as that seat, once the step is in
      show(state.replay.step, viewer);
    },
    togglePlay() {
      const r = state.replay;
      if (!r?.record) return;
      if (r.playing) {
        pause();
        render();
        return;
      }
      r.playing = true;
      const from = playStart(r.step, r.record.steps);
      if (from !== r.step) show(from);
      else {
        render();
        playOn();
      }
    },
  };
}
