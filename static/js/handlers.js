// What each button, field and form does. Handlers get the element's data-* values.
import { api } from "./net.js";
import { openRules } from "./rules.js";
import { dismissToast, forgetSeat, saveSeat, savedSeat, setWatching, state } from "./store.js";
import { errorSentence } from "./text.js";
import { paymentFor } from "./ui/actions.js";
import { autoPick, evaluate } from "./ui/pay.js";

/** app: {render, navigate, send, lobby, enterRoom, root, socket()} from main.js */
export function makeHandlers(app) {
  const { render, navigate, send, lobby, enterRoom, root } = app;

  const payment = () => paymentFor(state);

  function resetPay(key) {
    state.ui.pay = { key, bills: [], reference: null };
  }

  return {
    // home
    "home-field"(data, el) {
      state.home[data.field] = data.field.endsWith("Timer") ? Number(el.value) : el.value;
      if (data.field === "code") {
        el.value = el.value.toUpperCase();
        state.home.code = el.value;
      }
    },
    async "create-room"() {
      state.home.errorFor = "create";
      const name = state.home.name.trim();
      if (!name) {
        state.home.error = "Please enter your name first.";
        render();
        return;
      }
      state.home.busy = true;
      state.home.error = null;
      render();
      try {
        const seat = await api.createRoom(name, { round_timer: state.home.roundTimer, bribe_timer: state.home.bribeTimer });
        localStorage.setItem("laundermat.name", name);
        saveSeat(seat.code, { token: seat.token, player_id: seat.player_id, name });
        state.home.busy = false;
        navigate(`/r/${seat.code}`);
      } catch (err) {
        state.home.busy = false;
        state.home.error = errorSentence(err.code, err.message);
        render();
      }
    },
    async "join-room"() {
      state.home.errorFor = "join";
      const name = state.home.name.trim();
      const code = state.home.code.trim().toUpperCase();
      if (!code) {
        state.home.error = "Please enter the room code.";
        render();
        return;
      }
      if (!name) {
        state.home.error = "Please enter your name first.";
        render();
        return;
      }
      const existing = savedSeat(code);
      if (existing?.token) {
        navigate(`/r/${code}`);
        return;
      }
      state.home.busy = true;
      state.home.error = null;
      render();
      try {
        const seat = await api.joinRoom(code, name);
        localStorage.setItem("laundermat.name", name);
        saveSeat(seat.code, { token: seat.token, player_id: seat.player_id, name });
        setWatching(seat.code, false);
        state.home.busy = false;
        navigate(`/r/${seat.code}`);
      } catch (err) {
        state.home.busy = false;
        state.home.error = errorSentence(err.code, err.message);
        render();
      }
    },
    "watch-room"() {
      state.home.errorFor = "join";
      const code = (state.route.code ?? state.home.code).trim().toUpperCase();
      if (!code) {
        state.home.error = "Please enter the room code to watch.";
        render();
        return;
      }
      setWatching(code, true);
      navigate(`/r/${code}`);
    },
    "go-home"() {
      if (state.session?.role === "spectator") setWatching(state.session.code, false);
      navigate("/");
    },
    "open-room"(data) {
      navigate(`/r/${data.code}`);
    },
    "open-rules"() {
      openRules();
    },
    "retry-now"() {
      app.socket()?.retryNow();
    },
    "reclaim-seat"() {
      if (state.session) enterRoom(state.session.code, state.session);
    },
    "dismiss-toast"(data) {
      dismissToast(Number(data.id));
      render();
    },
    // lobby
    async "copy-link"() {
      const link = `${location.origin}/r/${state.session.code}`;
      try {
        await navigator.clipboard.writeText(link);
        state.copied = true;
      } catch {
        state.copied = "manual";
      }
      render();
      setTimeout(() => {
        state.copied = false;
        render();
      }, 2500);
    },
    "lobby-settings"(data, el) {
      const settings = { ...state.view.room.settings, [data.setting]: Number(el.value) };
      lobby("settings", { settings });
    },
    kick(data) {
      lobby("kick", { player_id: data.player });
    },
    "start-game"() {
      lobby("start");
    },
    rematch() {
      lobby("rematch");
    },
    "leave-room"() {
      const code = state.session.code;
      if (state.session.role === "player" && app.socket()) {
        app.socket().lobby("leave");
        forgetSeat(code);
      }
      setWatching(code, false);
      setTimeout(() => navigate("/"), 150);
    },
    // draft
    "select-bill"(data, el) {
      const card = Number(data.card);
      if (el.getAttribute("aria-pressed") === "true") send({ type: "clear_selection" }, "clear");
      else send({ type: "select", card }, "select");
    },
    "clear-selection"() {
      send({ type: "clear_selection" }, "clear");
    },
    "lost-and-found"() {
      send({ type: "lost_and_found" }, "lost_and_found");
    },
    "broken-machine"() {
      send({ type: "broken_machine" }, "broken_machine");
    },
    seniority(data) {
      send({ type: "seniority", claim: data.claim === "true" }, "seniority");
    },
    // payments
    "pay-toggle"(data) {
      const card = Number(data.card);
      const pay = state.ui.pay;
      pay.bills = pay.bills.includes(card) ? pay.bills.filter((c) => c !== card) : [...pay.bills, card];
      if (pay.reference === card && !pay.bills.includes(card)) pay.reference = null;
      render();
    },
    "pay-auto"() {
      const p = payment();
      if (!p) return;
      const picked = autoPick(p.wallet, p.target - (p.forced ? p.forced.value : 0));
      if (picked) state.ui.pay = { ...state.ui.pay, bills: picked, reference: null };
      render();
    },
    "pay-clear"() {
      state.ui.pay = { ...state.ui.pay, bills: [], reference: null };
      render();
    },
    "pay-reference"(data, el) {
      state.ui.pay.reference = el.value === "" ? null : Number(el.value);
      render();
    },
    // alarm
    "alarm-type"(data) {
      state.ui.alarmType = data.kind;
      render();
    },
    "alarm-buy"() {
      const p = payment();
      if (!p || !state.ui.alarmType) return;
      const r = evaluate(p);
      if (!r.ok) return;
      send({ type: "alarm_purchase", addition: state.ui.alarmType, bills: r.bills, reference: r.reference }, "alarm_purchase");
    },
    "alarm-discard"() {
      send({ type: "alarm_discard" }, "alarm_discard");
    },
    // purchases
    choose(data) {
      state.ui.choice = { kind: data.kind, id: data.id };
      state.ui.emailType = null;
      state.ui.jackpotTarget = null;
      resetPay(`${data.kind}:${data.id}`);
      render();
      requestAnimationFrame(() => root.querySelector("[data-focus=checkout]")?.focus());
    },
    unchoose() {
      const previous = state.ui.choice;
      state.ui.choice = null;
      resetPay(null);
      render();
      if (previous) requestAnimationFrame(() => root.querySelector(`[data-testid=choose-${previous.id}]`)?.focus());
    },
    "email-type"(data) {
      state.ui.emailType = data.kind;
      render();
    },
    "jackpot-target"(data) {
      state.ui.jackpotTarget = Number(data.seat);
      render();
    },
    "confirm-purchase"() {
      const choice = state.ui.choice;
      const p = payment();
      if (!choice || !p) return;
      const r = evaluate(p);
      if (!r.ok) return;
      if (choice.kind === "addition") {
        send({ type: "buy_addition", addition: choice.id, bills: r.bills, reference: r.reference }, "buy");
      } else {
        const command = { type: "buy_weapon", weapon: choice.id, bills: r.bills };
        if (choice.id === "anonymous_email") command.email_type = state.ui.emailType;
        if (choice.id === "jackpot") command.jackpot_target = state.ui.jackpotTarget;
        send(command, "buy");
      }
    },
    skip() {
      send({ type: "skip" }, "skip");
    },
    // bribery
    "bribe-target"(data) {
      state.ui.target = Number(data.copy);
      resetPay(`bribe:${data.copy}`);
      render();
      requestAnimationFrame(() => root.querySelector("[data-focus=checkout]")?.focus());
    },
    "bribe-untarget"() {
      state.ui.target = null;
      resetPay(null);
      render();
    },
    "confirm-protect"() {
      const p = payment();
      const r = p && evaluate(p);
      if (!r?.ok) return;
      send({ type: "protect", copy: state.ui.target, bills: r.bills }, "protect", () => {
        state.ui.target = null;
        resetPay(null);
      });
    },
    "confirm-counter"() {
      const p = payment();
      const r = p && evaluate(p);
      if (!r?.ok) return;
      send({ type: "counter", copy: state.ui.target, bills: r.bills }, "counter", () => {
        state.ui.target = null;
        resetPay(null);
      });
    },
    "split-inc"(data) {
      state.ui.split = { ...state.ui.split, [data.kind]: (state.ui.split[data.kind] ?? 0) + 1 };
      render();
    },
    "split-dec"(data) {
      state.ui.split = { ...state.ui.split, [data.kind]: Math.max(0, (state.ui.split[data.kind] ?? 0) - 1) };
      render();
    },
    "confirm-entries"() {
      const p = payment();
      const r = p && evaluate(p);
      if (!r?.ok) return;
      const split = Object.fromEntries(Object.entries(state.ui.split).filter(([, n]) => n > 0));
      send({ type: "entries", bills: r.bills, split }, "entries", () => {
        state.ui.split = {};
        resetPay("entries");
      });
    },
    "bribe-done"() {
      send({ type: "done" }, "done");
    },
  };
}
