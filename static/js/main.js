// The client's entry: the home page (and the join form) and what every page shares: render(),
// the catalog, the language, routing, and which handler map answers a data-action. Every other
// screen's controller (a room's connection, the table screen, a replay, the history:
// controller.js) is fetched the first time a page needs it, as its screens are (screens.js):
// the home page's first visit runs only what it draws, which is the graph the page preloads
// (web/pages.py). What each button does is in handlers/ and in a room's game client (games/).

import { api } from "./api.js";
import { delegate, patch } from "./dom.js";
import { allCards, gameCard, gameTitle } from "./games/index.js";
import { commonHandlers } from "./handlers/common.js";
import { defaultSettings, homeHandlers } from "./handlers/home.js";
import { t } from "./i18n.js";
import { loadLanguage, preferredLanguage } from "./i18n-load.js";
import { bringIntoView, keepReading, landFocus, readingAt } from "./landing.js";
import { router } from "./routes.js";
import { loadController, screenFetcher } from "./screens.js";
import { dismissToast, state, toast } from "./store.js";
import { errorSentence, offlineScreen } from "./text.js";
import { roomTitle, tabTitle } from "./titles.js";
import { renderApp } from "./ui/shell.js";
import { checkForUpgrade, startWorker } from "./worker.js";

const RETRY_MS = 3000;
const root = document.getElementById("app");
let renderQueued = false;
let live = null; // controller.js's controller, once fetched
const waiting = []; // what waits for it: each is called with it once it is in

export function render() {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    const before = root.firstElementChild?.getAttribute("data-key");
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    const reading = readingAt(root);
    live?.beforeRender();
    fetchScreen(state.route.screen);
    patch(root, renderApp(state));
    if (reading) keepReading(root, reading);
    const after = root.firstElementChild?.getAttribute("data-key");
    if (before !== after) window.scrollTo(0, 0); // a new screen starts at its top
    document.title = live ? live.title() : homeTitle();
    landFocus(root, hadFocus, reading);
    bringIntoView(root);
    live?.afterRender();
    // The e2e suite's screen auditor (tests/e2e/screen_audit.js) reads each drawn screen beside
    // the state it was drawn from. Nothing defines the hook outside those tests.
    globalThis.__screenAudit?.rendered(state);
  });
}

/** The tab's title on the home page and the join form (titles.js); the controller names the
 *  other screens. */
function homeTitle() {
  const code = state.route.code;
  if (!code) return tabTitle();
  const name = state.view?.room?.game ?? state.home.room?.game;
  const room = roomTitle(name ? gameTitle(state.catalog, name) : "", code);
  return tabTitle(state.home.room?.status === "lobby" ? t("titles.join") : "", room);
}

/** The sentence for an error code (in a room, its game's own codes first). */
function sentence(code, message) {
  return live ? live.sentence(code, message) : errorSentence(code, message);
}

/** A message that goes away by itself after a while (or when dismissed). */
function notify(text) {
  const id = toast(text);
  setTimeout(() => {
    dismissToast(id);
    render();
  }, 8000);
}

// ------------------------------------------------------------------ the other screens' controller

/** Call `then` with the controller once it is in: fetched on first need; offline, the page
 *  says so and tries again a little later. */
function withController(then) {
  if (live) {
    then(live);
    return;
  }
  waiting.push(then);
  if (waiting.length === 1) fetchController();
}

function fetchController() {
  loadController()
    .then((module) => {
      live = module.controller({ state, render, navigate, notify, root, homeTitle });
      for (const then of waiting.splice(0)) then(live);
      render();
    })
    .catch(() => {
      notify(offlineScreen());
      setTimeout(fetchController, RETRY_MS);
    });
}

/** Until the controller is in, the route's screen (a loading line, screens.js) and its
 *  session; a route left before then is not entered. */
function enterRoom(code, session) {
  if (live) {
    live.enterRoom(code, session);
    return;
  }
  const route = { screen: session.tv ? "tv" : "room", code };
  state.route = route;
  state.session = { code, ...session };
  render();
  withController((controller) => {
    if (state.route === route) controller.enterRoom(code, session);
  });
}

/** The replay and history pages' data, once the controller is in (the route still shown). */
function opening(name) {
  return (...args) => {
    const route = state.route;
    withController((controller) => {
      if (state.route === route) controller.pages[name](...args);
    });
  };
}

// ------------------------------------------------------------------ the catalog

/** GET /api/catalog: the games and their settings, for the create form and the lobby. */
function loadCatalog() {
  api
    .catalog()
    .then((catalog) => {
      state.catalog = catalog;
      const names = catalog.games.map((g) => g.name).filter((name) => gameCard(name));
      if (!names.includes(state.home.game)) state.home.game = names[0] ?? null;
      state.home.settings = defaultSettings(state.home.game, state.home.settings);
      render();
    })
    .catch((err) => {
      state.home.error = sentence(err.code, err.message);
      state.home.errorFor = "create";
      render();
    });
}

// ------------------------------------------------------------------ wiring

const fetchScreen = screenFetcher({ render, notify });
const pages = { openReplay: opening("openReplay"), openHistory: opening("openHistory") };
const leaveRoom = () => live?.leaveRoom();
const routes = router({ render, enterRoom, leaveRoom, sentence, pages });
const route = routes.route;
/** Another page of the app: a moment to check for a new client too (worker.js). */
function navigate(path) {
  checkForUpgrade();
  routes.navigate(path);
}
const app = { state, render, navigate, root };
const common = commonHandlers(app);
const home = homeHandlers(app);

/** The handlers of the screen on show: the home page's and the join form's here, the other
 *  screens' in the controller. */
function handler(name) {
  if (common[name]) return common[name];
  const theirs = live?.handler(name);
  return theirs || ["room", "replay"].includes(state.route.screen) ? theirs : home[name];
}

delegate(document.body, handler);
document.addEventListener("keydown", (event) => live?.key(event));
// Until the catalog says which games the server hosts.
state.home.game = allCards()[0]?.name ?? null;
loadCatalog();
// The first render waits for the words; the page the server drew stays until then.
loadLanguage(preferredLanguage(), allCards())
  .catch((err) => console.error(err))
  .finally(route);
startWorker();
