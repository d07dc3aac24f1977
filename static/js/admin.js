// The operator's console (/admin, static/admin.html; the server's side is web/admin.py).
// Logged in, it draws GET /api/admin/overview every few seconds: the replicas and their
// load, the live rooms (close one with a message to its players), blocks, recent problems
// and actions. The token is sent once, by the login form; then a session cookie (HttpOnly)
// stands for it. Everything is built with DOM calls: no markup from the server's data.
// Its words are the shell catalog's admin.* (static/locales/), in the operator's language.
import { h } from "./dom.js";
import { has, locale, t } from "./i18n.js";
import { loadLanguage, preferredLanguage, translatePage } from "./i18n-load.js";

const REFRESH_MS = 5000;

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
  if (data.code && has(`admin.errors.${data.code}`)) return t(`admin.errors.${data.code}`);
  return data.message || t("admin.errors.unknown");
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
    section(t("admin.replicas"), replicasTable(data), "replicas"),
    section(t("admin.rooms", { count: data.rooms.length }), roomsTable(data.rooms), "rooms"),
    section(t("admin.block"), blockForm(data.blocks), "blocks"),
    section(t("admin.problems"), problemsTable(data.problems), "problems"),
    section(t("admin.errors_sent"), errorCounts(data.error_counts), "errors"),
    section(t("admin.actions"), actionsTable(data.actions), "actions"),
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
  const head = ["replica", "rooms_col", "playing", "sockets", "relayed", "cpu", "up"]
    .map((c) => t(`admin.col.${c}`))
    .concat("");
  return table(
    head,
    data.replicas.map((r) =>
      r.unreachable
        ? h("tr", h("td", r.id), h("td.gone", { colspan: 7 }, t("admin.not_answering")))
        : h(
            "tr",
            { data: { replica: r.id } },
            h(
              "td",
              r.id === data.me ? t("admin.this_one", { id: r.id }) : r.id,
              r.draining ? t("admin.draining") : "",
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
                : h(
                    "button.ghost.small",
                    { type: "button", data: { drain: r.id } },
                    t("admin.drain"),
                  ),
            ),
          ),
    ),
    t("admin.no_replica"),
  );
}

function roomsTable(rooms) {
  const head = ["code", "game", "status", "players", "age", "replica", "close"].map((c) =>
    t(`admin.col.${c}`),
  );
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
              "aria-label": t("admin.message_to", { code: room.code }),
              placeholder: t("admin.why"),
            }),
            h("button.small", { type: "submit" }, t("admin.close_room")),
          ),
        ),
      ),
    ),
    t("admin.no_rooms"),
  );
}

function players(room) {
  const people = room.players.map((p) =>
    h(
      p.bot ? "span.bot" : p.connected ? "span" : "span.gone",
      [p.name, p.bot ? t("admin.bot") : "", p.host ? " ★" : "", p.away ? t("admin.away") : ""].join(
        "",
      ),
    ),
  );
  const list = people.flatMap((el, i) => (i ? [", ", el] : [el]));
  return room.spectators ? [...list, t("admin.watching", { count: room.spectators })] : list;
}

function blockForm(blocks) {
  const form = h(
    "form#block-form.inline",
    h("label", t("admin.address"), h("input", { name: "address", required: true, maxlength: 64 })),
    h(
      "label",
      t("admin.minutes"),
      h("input", { name: "minutes", type: "number", min: 0, max: 10080, value: 60 }),
    ),
    h("label", t("admin.reason"), h("input", { name: "reason", maxlength: 200 })),
    h("button.small", { type: "submit" }, t("admin.block_button")),
  );
  const list = blocks.length
    ? h(
        "ul",
        blocks.map((b) =>
          h("li", t("admin.blocked_left", { address: b.address, time: duration(b.seconds_left) })),
        ),
      )
    : h("p.muted", t("admin.no_blocks"));
  return [form, list];
}

function problemsTable(problems) {
  return table(
    ["when", "replica", "level", "what", "details"].map((c) => t(`admin.col.${c}`)),
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
    t("admin.no_problems"),
  );
}

function errorCounts(byReplica) {
  const rows = Object.entries(byReplica).flatMap(([replica, counts]) =>
    Object.entries(counts).map(([code, n]) => h("tr", h("td", replica), h("td", code), h("td", n))),
  );
  const head = ["replica", "code", "count"].map((c) => t(`admin.col.${c}`));
  return table(head, rows, t("admin.no_errors"));
}

function actionsTable(actions) {
  return table(
    ["when", "who", "replica", "action", "on", "details"].map((c) => t(`admin.col.${c}`)),
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
    t("admin.no_actions"),
  );
}

function details(fields) {
  if (!fields) return "";
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
}

function clock(ts) {
  return new Date(ts * 1000).toLocaleTimeString(locale());
}

function duration(seconds) {
  if (seconds < 60) return t("admin.seconds", { n: String(seconds) });
  if (seconds < 3600) return t("admin.minutes_short", { n: String(Math.floor(seconds / 60)) });
  const hours = String(Math.floor(seconds / 3600));
  return t("admin.hours", { h: hours, m: String(Math.floor((seconds % 3600) / 60)) });
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
    say(t("admin.logged_out"));
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
    await act("POST", path, { message }, () => t("admin.closed", { code }));
  } else if (form.id === "block-form") {
    event.preventDefault();
    const body = {
      address: form.elements.address.value.trim(),
      minutes: Number(form.elements.minutes.value || 0),
      reason: form.elements.reason.value,
    };
    await act("POST", "/api/admin/blocks", body, (d) =>
      body.minutes
        ? t("admin.blocked", { address: d.address, n: String(body.minutes) })
        : t("admin.unblocked", { address: d.address }),
    );
  }
}

async function onClick(event) {
  const button = event.target.closest("button[data-drain]");
  if (!button) return;
  const replica = button.dataset.drain;
  if (button.dataset.armed !== "yes") {
    button.dataset.armed = "yes"; // a second click drains: one stray click does not
    button.textContent = t("admin.drain_again");
    return;
  }
  const path = `/api/admin/replicas/${encodeURIComponent(replica)}/drain`;
  await act("POST", path, undefined, (d) => t("admin.drained", { id: d.drained }));
}

document.addEventListener("submit", onSubmit);
document.addEventListener("click", onClick);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refresh();
});
loadLanguage(preferredLanguage(), [])
  .then(() => translatePage(document.body))
  .catch((err) => console.error(err))
  .finally(refresh);
