// Payments, pure (no DOM, no store): which bills reach a price, what a choice of bills comes
// to, and the payment the open window asks for. tests/js checks them under node.
import { exactBonus, rulesOf, smallestBill } from "./rules.js";

/** A subset of `bills` ({card, value}) reaching `target`: exact when possible (fewest bills),
 *  else the smallest overpayment. Returns card ids, or null when the wallet cannot reach it. */
export function autoPick(bills, target) {
  if (target <= 0) return [];
  const total = bills.reduce((sum, b) => sum + b.value, 0);
  if (total < target) return null;
  // best[sum] = fewest cards reaching exactly `sum`
  let best = new Map([[0, []]]);
  for (const bill of bills) {
    const next = new Map(best);
    for (const [sum, cards] of best) {
      const s = sum + bill.value;
      const prev = next.get(s);
      if (!prev || prev.length > cards.length + 1) next.set(s, [...cards, bill.card]);
    }
    best = next;
  }
  const reachable = [...best.keys()].filter((s) => s >= target).sort((a, b) => a - b);
  return best.get(reachable[0]);
}

/**
 * Work out a payment.
 * pay: {bills: [card], reference: card|null}; forced: a bill always committed (the Alarm bill).
 * mode "addition" (Green T-Shirt may apply, exact earns a bonus) or "printed" (weapons, bribes).
 */
export function evaluate({ wallet, forced, pay, target, mode }) {
  const byCard = new Map(wallet.map((b) => [b.card, b]));
  if (forced) byCard.set(forced.card, forced);
  const committed = [...(forced ? [forced.card] : []), ...pay.bills.filter((c) => byCard.has(c))];
  const reference =
    mode === "addition" && pay.reference !== null && committed.includes(pay.reference)
      ? pay.reference
      : null;
  const printed = committed.reduce((sum, c) => sum + byCard.get(c).value, 0);
  const total = reference !== null ? committed.length * byCard.get(reference).value : printed;
  return {
    committed,
    bills: pay.bills.filter((c) => wallet.some((b) => b.card === c)),
    reference,
    total,
    printed,
    short: Math.max(0, target - total),
    over: Math.max(0, total - target),
    ok: total >= target,
    exact: total === target,
  };
}

function cost(game, kind) {
  return game.market.find((m) => m.kind === kind)?.cost ?? 0;
}

/** The payment being built for the open window, as bill-picker options (or null).
 *  `game` is view.game, `ui` the per-window ui state (freshUi). */
export function paymentFor(game, ui) {
  const me = game?.me;
  if (!me?.options.can_act) return null;
  const rules = rulesOf(game);
  const base = { wallet: me.wallet, pay: ui.pay, forced: null, mode: "printed" };
  const weapon = game.players[me.seat]?.weapon;
  const addition = {
    mode: "addition",
    tshirt: weapon === "green_tshirt",
    exactBonus: exactBonus(rules, weapon),
  };
  switch (game.phase) {
    case "alarm":
      if (!game.alarm) return null;
      return {
        ...base,
        ...addition,
        forced: { card: game.alarm.card, value: game.alarm.value },
        target: ui.alarmType ? cost(game, ui.alarmType) : 0,
      };
    case "purchase": {
      const choice = ui.choice;
      if (!choice) return null;
      if (choice.kind === "addition")
        return { ...base, ...addition, target: cost(game, choice.id) };
      return { ...base, target: game.weapon_price ?? 0 };
    }
    case "bribe_protect": {
      const copy = game.copies.find((c) => c.id === ui.target);
      if (!copy) return null;
      return {
        ...base,
        target: copy.protection > 0 ? smallestBill(rules) : rules.protection_minimum,
      };
    }
    case "bribe_counter": {
      const offer = (me.options.counter ?? []).find((o) => o.copy === ui.target);
      if (!offer) return null;
      return { ...base, target: offer.amount };
    }
    case "bribe_entries":
      return { ...base, target: rules.entry_price };
    default:
      return null;
  }
}
