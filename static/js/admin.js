// The operator's console (/admin, static/admin.html; the server's side is web/admin.py).
// Logged in, it draws GET /api/admin/overview every few seconds: the replicas and their
// load, the live rooms (close one with a message to its players), blocks, recent problems
// and actions. The token is sent once, by the login form; then a session cookie (HttpOnly)
// stands for it. Everything is built with DOM calls: no markup from the server's data.
import { h } from "./dom.js";

const REFRESH_MS = 5000;
const SENTENCES = {
  unauthorized: "That token is not the operator's.",
  too_many_requests: "Too many wrong tokens from this address: wait a minute.",
  room_not_found: "No live room has that code (it may have closed already).",
  not_found: "No live replica has that id.",
  bad_message: "Check the fields and try again.",
  unavailable: "The server could not do that now; try again.",
};

const $ = (id) => document.getElementById(id);
let timer = null;

function say(text) {
  $("admin-status").textContent = text;
}

async function api(method, path, body) {
  const init = { method, headers: { accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({}));
  return { ok: res.ok, status: res.status, data };
}

function refusal(data) {
  return SENTENCES[data.code] || data.message || "Something went wrong.";
}

function showLogin(message) {
  $("login").hidden = false;
  $("console").hidden = true;
  $("logout-form").hidden = true;
  $("login-error").textContent = message || "";
}

async function refresh() {
  clearTimeout(timer);
  timer = setTimeout(refresh, REFRESH_MS);
  if (document.activeElement?.closest("#console form")) return; // typing: leave it be
  // Asked first, so a visit before logging in is no failed request (a console error).
  if (!(await api("GET", "/api/admin/session")).data.operator) {
    clearTimeout(timer);
    showLogin("");
    return;
  }
  const { ok, status, data } = await api("GET", "/api/admin/overview");
  if (!ok) {
    clearTimeout(timer);
    showLogin(status === 401 ? "" : refusal(data));
    return;
  }
  $("login").hidden = true;
  $("logout-form").hidden = false;
  const root = $("console");
  root.hidden = false;
  root.replaceChildren(...draw(data));
}

function draw(data) {
  return [
    section("Replicas", replicasTable(data), "replicas"),
    section(`Rooms (${data.rooms.length})`, roomsTable(data.rooms), "rooms"),
    section("Block an address", blockForm(data.blocks), "blocks"),
    section("Recent problems", problemsTable(data.problems), "problems"),
    section("Errors sent to clients, by code", errorCounts(data.error_counts), "errors"),
    section("Recent actions", actionsTable(data.actions), "actions"),
  ];
}

function section(title, body, key) {
  return h(
    "section",
    { "aria-label": title, data: { testid: `admin-${key}` } },
    h("h2", title),
    body,
  );
}

function table(head, rows, empty) {
  if (!rows.length) return h("p.muted", empty);
  return h(
    "table",
    h(
      "thead",
      h(
        "tr",
        head.map((c) => h("th", { scope: "col" }, c)),
      ),
    ),
    h("tbody", rows),
  );
}

function replicasTable(data) {
  const head = ["Replica", "Rooms", "Playing", "Sockets", "Relayed", "CPU", "Up", ""];
  return table(
    head,
    data.replicas.map((r) =>
      r.unreachable
        ? h("tr", h("td", r.id), h("td.gone", { colspan: 7 }, "not answering"))
        : h(
            "tr",
            { data: { replica: r.id } },
            h(
              "td",
              r.id === data.me ? `${r.id} (this one)` : r.id,
              r.draining ? " · draining" : "",
            ),
            h("td", r.rooms),
            h("td", r.playing),
            h("td", r.sockets),
            h("td", r.relayed_sockets),
            h("td", r.cpu_percent === null ? "…" : `${r.cpu_percent}%`),
            h("td", duration(r.uptime_s)),
            h(
              "td",
              r.draining
                ? ""
                : h("button.ghost.small", { type: "button", data: { drain: r.id } }, "Drain"),
            ),
          ),
    ),
    "No replica answered.",
  );
}

function roomsTable(rooms) {
  const head = ["Code", "Game", "Status", "Players", "Age", "Replica", "Close with a message"];
  return table(
    head,
    rooms.map((room) =>
      h(
        "tr",
        { data: { room: room.code } },
        h("td", room.code),
        h("td", room.game),
        h("td", room.phase ? `${room.status} · ${room.phase}` : room.status),
        h("td", players(room)),
        h("td", duration(room.age_s)),
        h("td", room.replica),
        h(
          "td",
          h(
            "form.inline",
            { data: { close: room.code } },
            h("input", {
              name: "message",
              required: true,
              maxlength: 300,
              "aria-label": `Message to the players of ${room.code}`,
              placeholder: "Why it closes",
            }),
            h("button.small", { type: "submit" }, "Close room"),
          ),
        ),
      ),
    ),
    "No live rooms.",
  );
}

function players(room) {
  const people = room.players.map((p) =>
    h(
      p.bot ? "span.bot" : p.connected ? "span" : "span.gone",
      `${p.name}${p.bot ? " (bot)" : ""}${p.host ? " ★" : ""}${p.away ? " (away)" : ""}`,
    ),
  );
  const list = people.flatMap((el, i) => (i ? [", ", el] : [el]));
  return room.spectators ? [...list, ` + ${room.spectators} watching`] : list;
}

function blockForm(blocks) {
  const form = h(
    "form#block-form.inline",
    h("label", "Address", h("input", { name: "address", required: true, maxlength: 64 })),
    h(
      "label",
      "Minutes (0 lifts it)",
      h("input", { name: "minutes", type: "number", min: 0, max: 10080, value: 60 }),
    ),
    h("label", "Reason", h("input", { name: "reason", maxlength: 200 })),
    h("button.small", { type: "submit" }, "Block"),
  );
  const list = blocks.length
    ? h(
        "ul",
        blocks.map((b) => h("li", `${b.address}: ${duration(b.seconds_left)} left`)),
      )
    : h("p.muted", "No address is blocked.");
  return [form, list];
}

function problemsTable(problems) {
  return table(
    ["When", "Replica", "Level", "What", "Details"],
    problems.map((p) =>
      h(
        "tr",
        h("td", clock(p.ts)),
        h("td", p.replica),
        h("td", p.level),
        h("td", p.msg, p.exception ? ` (${p.exception})` : ""),
        h("td", details(p.fields)),
      ),
    ),
    "Nothing logged at warning or above.",
  );
}

function errorCounts(byReplica) {
  const rows = Object.entries(byReplica).flatMap(([replica, counts]) =>
    Object.entries(counts).map(([code, n]) => h("tr", h("td", replica), h("td", code), h("td", n))),
  );
  return table(["Replica", "Code", "Count"], rows, "No errors sent.");
}

function actionsTable(actions) {
  return table(
    ["When", "Who", "Replica", "Action", "On", "Details"],
    actions.map((a) => {
      const { ts, who, replica, action, target, ...rest } = a;
      return h(
        "tr",
        h("td", clock(ts)),
        h("td", who),
        h("td", replica),
        h("td", action),
        h("td", target),
        h("td", details(rest)),
      );
    }),
    "No actions yet.",
  );
}

function details(fields) {
  if (!fields) return "";
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
}

function clock(ts) {
  return new Date(ts * 1000).toLocaleTimeString();
}

function duration(seconds) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

// ------------------------------------------------------------------ actions

async function act(method, path, body, done) {
  const { ok, data } = await api(method, path, body);
  say(ok ? done(data) : refusal(data));
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  await refresh();
}

async function onSubmit(event) {
  const form = event.target;
  if (form.id === "logout-form") {
    // By fetch: a form's own POST carries `Origin: null` under the page's no-referrer
    // policy, which the server's origin check refuses.
    event.preventDefault();
    await fetch("/admin/logout", { method: "POST", credentials: "same-origin" });
    say("Logged out.");
    await refresh();
    return;
  }
  if (form.id === "login-form") {
    event.preventDefault();
    const res = await fetch("/admin/login", {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      credentials: "same-origin",
    });
    form.reset();
    if (res.ok) await refresh();
    else showLogin(refusal(await res.json().catch(() => ({}))));
    return;
  }
  const code = form.dataset.close;
  if (code) {
    event.preventDefault();
    const message = form.elements.message.value;
    const path = `/api/admin/rooms/${encodeURIComponent(code)}/close`;
    await act("POST", path, { message }, () => `Room ${code} closed; its players were told.`);
  } else if (form.id === "block-form") {
    event.preventDefault();
    const body = {
      address: form.elements.address.value.trim(),
      minutes: Number(form.elements.minutes.value || 0),
      reason: form.elements.reason.value,
    };
    await act("POST", "/api/admin/blocks", body, (d) =>
      body.minutes ? `${d.address} blocked for ${body.minutes} min.` : `${d.address} unblocked.`,
    );
  }
}

async function onClick(event) {
  const button = event.target.closest("button[data-drain]");
  if (!button) return;
  const replica = button.dataset.drain;
  if (button.dataset.armed !== "yes") {
    button.dataset.armed = "yes"; // a second click drains: one stray click does not
    button.textContent = "Drain: click again";
    return;
  }
  const path = `/api/admin/replicas/${encodeURIComponent(replica)}/drain`;
  await act("POST", path, undefined, (d) => `${d.drained} drained: it takes no new rooms.`);
}

document.addEventListener("submit", onSubmit);
document.addEventListener("click", onClick);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refresh();
});
refresh();
