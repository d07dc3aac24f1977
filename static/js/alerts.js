// Telling a player that something became theirs to do (the rule is turn.js, pure): a
// vibration, a short synthesized beep (one mute toggle, remembered), and, when they opted in
// and the tab is hidden, a system notification (through the service worker where there is
// one); controller.js marks the tab's title. And the Screen Wake Lock, which keeps a playing
// phone's screen on. Every API here is optional: a browser
// without one (or a refusal) just goes without that part, silently.
import { t } from "./i18n.js";
import { decisionKey, nextTurn, turnLabel } from "./turn.js";
import { activeWorker } from "./worker.js";

const MUTE_KEY = "laundermat.mute"; // "1": no turn sound
const NOTIFY_KEY = "laundermat.notify"; // "1": the player asked for notifications

let tracker = { seen: false, alerted: null };
let audio = null; // the AudioContext, made in a tap: browsers start sound only after one
let notice = null; // the notification on show
let lock = null; // the wake lock's sentinel, or "asking"
let wantAwake = false;

// ------------------------------------------------------------------ preferences

/** muted (bool) and notify: "unsupported" | "blocked" | "off" | "on". */
export function alertPrefs() {
  return { muted: stored(MUTE_KEY), notify: notifyState() };
}

function notifyState() {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return Notification.permission === "granted" && stored(NOTIFY_KEY) ? "on" : "off";
}

function stored(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function store(key, on) {
  try {
    if (on) localStorage.setItem(key, "1");
    else localStorage.removeItem(key);
  } catch {
    // storage off (a private window's quota): the choice lasts this page
  }
}

/** The mute toggle. Called in a tap, so unmuting may start the sound there and then. */
export function toggleMute() {
  const muted = !stored(MUTE_KEY);
  store(MUTE_KEY, muted);
  if (!muted) wakeAudio();
}

/** "Notify me": asks the browser's permission now (in the player's tap, never before). */
export function optInNotifications() {
  if (typeof Notification === "undefined") return Promise.resolve();
  const asked =
    Notification.permission === "default"
      ? Notification.requestPermission()
      : Promise.resolve(Notification.permission);
  return Promise.resolve(asked)
    .then((permission) => store(NOTIFY_KEY, permission === "granted"))
    .catch(() => {});
}

export function optOutNotifications() {
  store(NOTIFY_KEY, false);
  closeNotice();
}

// ------------------------------------------------------------------ the alert

/** A new room's page: its first view alerts nobody (turn.js nextTurn). */
export function resetTurns() {
  tracker = { seen: false, alerted: null };
  closeNotice();
}

/** Every view of the room: alert once per new decision; hold the wake lock while playing (the
 *  table screen holds it as long as it is open: a TV that dims mid-game is no table). */
export function alertTurn(view, session, client) {
  const key = decisionKey(view, session?.role);
  const next = nextTurn(tracker, key);
  tracker = next.tracker;
  keepAwake(!!session?.tv || (session?.role === "player" && view.room?.status === "playing"));
  if (!key) closeNotice();
  if (next.alert)
    ring(turnLabel(view, session.role, client) ?? t("turn.your_turn"), view.room.code);
}

function ring(label, code) {
  // Chrome refuses (and logs) a vibration before the page has had a tap.
  if (navigator.userActivation?.hasBeenActive !== false) navigator.vibrate?.([80, 60, 80]);
  if (!stored(MUTE_KEY)) beep();
  if (notifyState() === "on" && document.visibilityState === "hidden") showNotice(label, code);
}

/** Through the service worker where there is one (Android's Chrome has no `new
 *  Notification()`; sw.js brings the room's tab back on a tap), else the page's own. */
function showNotice(label, code) {
  const options = {
    body: t("turn.notice_body", { code }),
    tag: `laundermat-${code}`,
    data: { url: location.href },
  };
  activeWorker().then((worker) => {
    if (document.visibilityState !== "hidden") return; // back already
    if (worker) {
      // Shown by the worker, which notes this tab for a tap (sw.js). The room's tag replaces
      // the one on show: closing it first could close this one.
      worker.active.postMessage({ notice: { title: label, options } });
      notice = { tag: options.tag, worker };
      return;
    }
    closeNotice();
    try {
      notice = new Notification(label, options);
      notice.onclick = () => {
        window.focus();
        closeNotice();
      };
    } catch {
      // No worker and no page notifications (Android without the worker): the other alerts stand
    }
  });
}

function closeNotice() {
  if (notice?.worker) {
    notice.worker
      .getNotifications({ tag: notice.tag })
      .then((shown) => {
        for (const n of shown) n.close();
      })
      .catch(() => {});
  } else notice?.close();
  notice = null;
}

// ------------------------------------------------------------------ the beep

function wakeAudio() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context || stored(MUTE_KEY)) return;
  try {
    audio ??= new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}

/** Two short rising tones, synthesized: no audio file to fetch. */
function beep() {
  if (!audio) return;
  const at = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(660, at);
  osc.frequency.setValueAtTime(990, at + 0.09);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + 0.22);
}

// ------------------------------------------------------------------ the wake lock

/** Hold the screen on while `want`; the browser drops the lock when the tab is hidden, so it
 *  is asked for again each time the tab comes back. */
export function keepAwake(want) {
  wantAwake = want;
  if (want && !lock && document.visibilityState === "visible" && navigator.wakeLock) {
    lock = "asking";
    navigator.wakeLock
      .request("screen")
      .then((sentinel) => {
        lock = sentinel;
        sentinel.addEventListener("release", () => {
          if (lock === sentinel) lock = null;
        });
        if (!wantAwake) keepAwake(false); // the game ended while the browser answered
      })
      .catch(() => {
        lock = null;
      });
  } else if (!want && lock && lock !== "asking") {
    const sentinel = lock;
    lock = null;
    sentinel.release().catch(() => {});
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible") return;
  closeNotice(); // the player is back: the notification has done its job
  keepAwake(wantAwake);
});
// The first tap (and any after the browser suspended it) lets the sound play later.
for (const type of ["pointerdown", "keydown"])
  document.addEventListener(type, wakeAudio, { capture: true });
