// The screen auditor's half inside the page (an init script; screen_audit.py is the other
// half). main.js calls __screenAudit.rendered(state) after every render: this records what the
// screen now states, read from the DOM by data-testid, beside the state it was drawn from, so
// the test can compare every screen a page showed, not only the ones it happened to look at.
// Only what changed is kept (a render that changed nothing on screen or in the view is
// skipped; a log line is sent again only when its text or entry changed): a game renders a
// thousand times, and the suite's time is precious.
(() => {
  const snapshots = [];
  const sentLines = new Map();
  let previous = "";
  let rulesSent = false;

  const text = (el) => (el ? el.textContent.replace(/\s+/g, " ").trim() : null);
  const all = (selector, root = document) => [...root.querySelectorAll(selector)];
  const one = (selector, root = document) => root.querySelector(selector);
  const cards = (root) => (root ? all("[data-card]", root).map((el) => el.dataset.card) : null);
  const pressed = (el) => el.getAttribute("aria-pressed");
  const seatOf = (el, prefix) => Number(el.dataset.testid.slice(prefix.length));

  /** The state a screen was drawn from: the live room's view, or the replay step on show. */
  function source(state) {
    if (state.route?.screen === "replay") {
      const { shown, record, viewer } = state.replay ?? {};
      if (!shown || !record || !one("[data-testid=replay-board]")) return null;
      return {
        game: shown.view,
        log: shown.view.log ?? [],
        name: record.game ?? "laundermat",
        replay: { viewer: shown.viewer, step: shown.step, asked: viewer },
        names: record.player_ids.map((id, i) => [id, record.names[i]]),
      };
    }
    const view = state.view;
    if (!view?.game || !one("[data-testid=game]")) return null;
    return {
      game: view.game,
      log: state.log,
      name: view.room.game ?? "laundermat",
      replay: null,
      version: view.version,
      names: view.room.players.map((p) => [p.player_id, p.name]),
    };
  }

  function board(el) {
    const zone = one("[data-testid^=zone-]", el);
    return {
      seat: seatOf(el, "board-"),
      name: text(one(".board-name", el)),
      status: text(one(".status", el)),
      facts: text(one(".facts", el)),
      programs: all("[data-testid^=program-]", el).map((p) => ({
        type: p.dataset.type,
        id: p.dataset.program ?? null,
        text: text(p),
      })),
      zone: zone ? { cards: cards(zone), text: text(zone) } : null,
      points: text(one("[data-testid^=points-]", el)),
    };
  }

  /** LaunderMat's wallets: the viewer's own, or in a replay the seat's (or every seat's). */
  function wallets() {
    return all("section.wallet").map((el) => ({
      seat: Number(el.dataset.seat),
      total: text(one("[data-testid=wallet-total]", el)),
      bills: all(".bill-chip", el).map(text),
    }));
  }

  /** Every fact the screen states that the auditor checks, as the DOM says it. */
  function facts() {
    const basket = one("[data-testid=my-basket]");
    return {
      seat: one("[data-testid=game]")?.dataset.seat ?? null,
      tv: one("main.tv") !== null,
      round: text(one("[data-testid=round]")),
      lead: text(one("[data-testid=lead-line]")),
      boards: all("[data-testid^=board-]").map(board),
      hand: all("[data-testid=hand] [data-card]").map((b) => [b.dataset.card, pressed(b)]),
      basket: basket
        ? { cards: cards(one("ul", basket)) ?? [], text: text(one("p", basket)) }
        : null,
      meter: all("[data-testid^=meter-]").map((row) => [
        row.dataset.testid.slice(6),
        ...[...row.cells].map(text),
      ]),
      drawn: cards(one("[data-testid=drawn]")),
      drawnCount: text(one("[data-testid=drawn-count]")),
      odds: text(one("[data-testid=fail-odds] strong")),
      decisionOdds: text(one("[data-testid=decision-odds] strong")),
      laundryTitle: text(one("[data-testid=laundry-panel] h2")),
      totals: all("[data-testid^=total-]").map((el) => [seatOf(el, "total-"), text(el)]),
      wallets: wallets(),
      draft: all("[data-testid^=draft-bill-]").map((b) => [Number(b.dataset.card), pressed(b)]),
    };
  }

  /** The log lines on show whose text or entry changed since they were last sent. */
  function changedLines(log, viewer) {
    const out = [];
    for (const li of all("[data-testid=game-log] li[data-key^=g]")) {
      const index = Number(li.dataset.key.slice(1));
      const line = [index, text(li), log[index] ?? null];
      const key = JSON.stringify([viewer, line]);
      if (sentLines.get(index) === key) continue;
      sentLines.set(index, key);
      out.push(line);
    }
    return out;
  }

  window.__screenAudit = {
    ms: 0, // time spent here, so the suite can tell what the auditor costs it
    take: () => snapshots.splice(0),
    rendered(state) {
      const started = performance.now();
      try {
        record(state);
      } finally {
        this.ms += performance.now() - started;
      }
    },
  };

  function record(state) {
    const src = source(state);
    if (!src) return;
    const { rules, log, ...game } = src.game;
    const body = JSON.stringify({
      game,
      facts: facts(),
      name: src.name,
      replay: src.replay,
      version: src.version ?? null,
      names: src.names,
    });
    const lines = changedLines(src.log, JSON.stringify([src.replay, game.viewer]));
    if (body === previous && !lines.length) return;
    previous = body;
    snapshots.push({ body, lines, rules: rulesSent ? null : (rules ?? null) });
    rulesSent = rulesSent || !!rules;
  }
})();
