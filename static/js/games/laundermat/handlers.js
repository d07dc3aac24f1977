// What LaunderMat's controls do, one map per panel of its screen. Handlers get the element's
// data-* values; `app` is the shell's controller (controller.js): {state, render, send, root, ...}.
// The arithmetic of payments is payment.js's; a command goes out only when it pays its price.
import { autoPick, evaluate, paymentFor } from "./payment.js";

export function handlers(app) {
  const maps = [draft, payment, alarm, purchase, bribery].map((make) => make(app));
  return Object.assign({}, ...maps);
}

/** The open window's payment and what it comes to (null unless it reaches its price). */
function paid(state) {
  const p = paymentFor(state.view?.game, state.ui);
  const r = p && evaluate(p);
  return r?.ok ? r : null;
}

function resetPay(state, key) {
  state.ui.pay = { key, bills: [], reference: null };
}

/** Move focus to the checkout once it is on the page (the render is a microtask away). */
function focusCheckout(root) {
  requestAnimationFrame(() => root.querySelector("[data-focus=checkout]")?.focus());
}

function draft({ state, render, send, root }) {
  return {
    "select-bill"(data, el) {
      if (el.getAttribute("aria-pressed") === "true") send({ type: "clear_selection" }, "clear");
      else send({ type: "select", card: Number(data.card) }, "select");
    },
    "clear-selection"() {
      send({ type: "clear_selection" }, "clear");
    },
    "lost-and-found"() {
      send({ type: "lost_and_found" }, "lost_and_found");
    },
    "broken-machine"() {
      state.ui.confirmBroken = state.view?.game?.window?.id ?? null;
      render();
      requestAnimationFrame(() => root.querySelector("[data-focus=confirm]")?.focus());
    },
    "broken-machine-cancel"() {
      state.ui.confirmBroken = null;
      render();
      requestAnimationFrame(() => root.querySelector("[data-testid=broken-machine]")?.focus());
    },
    "broken-machine-confirm"() {
      state.ui.confirmBroken = null;
      send({ type: "broken_machine" }, "broken_machine");
    },
    seniority(data) {
      send({ type: "seniority", claim: data.claim === "true" }, "seniority");
    },
  };
}

function payment({ state, render }) {
  return {
    "pay-toggle"(data) {
      const card = Number(data.card);
      const pay = state.ui.pay;
      pay.bills = pay.bills.includes(card)
        ? pay.bills.filter((c) => c !== card)
        : [...pay.bills, card];
      if (pay.reference === card && !pay.bills.includes(card)) pay.reference = null;
      render();
    },
    "pay-auto"() {
      const p = paymentFor(state.view?.game, state.ui);
      if (!p) return;
      const picked = autoPick(p.wallet, p.target - (p.forced ? p.forced.value : 0));
      if (picked) state.ui.pay = { ...state.ui.pay, bills: picked, reference: null };
      render();
    },
    "pay-clear"() {
      state.ui.pay = { ...state.ui.pay, bills: [], reference: null };
      render();
    },
    "pay-reference"(_data, el) {
      state.ui.pay.reference = el.value === "" ? null : Number(el.value);
      render();
    },
  };
}

function alarm({ state, render, send }) {
  return {
    "alarm-type"(data) {
      state.ui.alarmType = data.kind;
      render();
    },
    "alarm-buy"() {
      const r = state.ui.alarmType && paid(state);
      if (!r) return;
      send(
        {
          type: "alarm_purchase",
          addition: state.ui.alarmType,
          bills: r.bills,
          reference: r.reference,
        },
        "alarm_purchase",
      );
    },
    "alarm-discard"() {
      send({ type: "alarm_discard" }, "alarm_discard");
    },
  };
}

function purchase({ state, render, send, root }) {
  return {
    choose(data) {
      state.ui.choice = { kind: data.kind, id: data.id };
      state.ui.emailType = null;
      state.ui.jackpotTarget = null;
      resetPay(state, `${data.kind}:${data.id}`);
      render();
      focusCheckout(root);
    },
    unchoose() {
      const previous = state.ui.choice;
      state.ui.choice = null;
      resetPay(state, null);
      render();
      if (previous)
        requestAnimationFrame(() =>
          root.querySelector(`[data-testid=choose-${previous.id}]`)?.focus(),
        );
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
      const r = choice && paid(state);
      if (!r) return;
      if (choice.kind === "addition") {
        send(
          { type: "buy_addition", addition: choice.id, bills: r.bills, reference: r.reference },
          "buy",
        );
        return;
      }
      const command = { type: "buy_weapon", weapon: choice.id, bills: r.bills };
      if (choice.id === "anonymous_email") command.email_type = state.ui.emailType;
      if (choice.id === "jackpot") command.jackpot_target = state.ui.jackpotTarget;
      send(command, "buy");
    },
    skip() {
      send({ type: "skip" }, "skip");
    },
  };
}

function bribery({ state, render, send, root }) {
  const untarget = () => {
    state.ui.target = null;
    resetPay(state, null);
  };
  return {
    "bribe-target"(data) {
      state.ui.target = Number(data.copy);
      resetPay(state, `bribe:${data.copy}`);
      render();
      focusCheckout(root);
    },
    "bribe-untarget"() {
      untarget();
      render();
    },
    "confirm-protect"() {
      const r = paid(state);
      if (r) send({ type: "protect", copy: state.ui.target, bills: r.bills }, "protect", untarget);
    },
    "confirm-counter"() {
      const r = paid(state);
      if (r) send({ type: "counter", copy: state.ui.target, bills: r.bills }, "counter", untarget);
    },
    "split-inc"(data) {
      state.ui.split = { ...state.ui.split, [data.kind]: (state.ui.split[data.kind] ?? 0) + 1 };
      render();
    },
    "split-dec"(data) {
      state.ui.split = {
        ...state.ui.split,
        [data.kind]: Math.max(0, (state.ui.split[data.kind] ?? 0) - 1),
      };
      render();
    },
    "confirm-entries"() {
      const r = paid(state);
      if (!r) return;
      const split = Object.fromEntries(Object.entries(state.ui.split).filter(([, n]) => n > 0));
      send({ type: "entries", bills: r.bills, split }, "entries", () => {
        state.ui.split = {};
        resetPay(state, "entries");
      });
    },
    "bribe-done"() {
      send({ type: "done" }, "done");
    },
  };
}
