// games/laundermat/payment.js: which bills reach a price, what they come to, and the payment
// each window asks for.
import assert from "node:assert/strict";
import { test } from "node:test";
import { autoPick, evaluate, paymentFor } from "../../static/js/games/laundermat/payment.js";
import { RULES } from "./rules-fixture.mjs";

const bill = (card, value) => ({ card, value });
const wallet = [bill(1, 10000), bill(2, 20000), bill(3, 30000), bill(4, 50000)];
const sum = (cards) => cards.reduce((s, c) => s + wallet.find((b) => b.card === c).value, 0);

test("autoPick pays exactly with the fewest bills when it can", () => {
  assert.deepEqual(autoPick(wallet, 50000), [4]);
  const picked = autoPick(wallet, 60000);
  assert.equal(sum(picked), 60000);
  assert.equal(picked.length, 2);
});

test("autoPick overpays as little as possible, and gives up when the wallet is short", () => {
  const few = [bill(1, 30000), bill(2, 50000)];
  assert.deepEqual(autoPick(few, 40000), [2]);
  assert.equal(autoPick(few, 90000), null);
  assert.deepEqual(autoPick(few, 0), []);
});

const pay = (bills, reference = null) => ({ bills, reference });

test("evaluate says short, exact or over", () => {
  const short = evaluate({ wallet, pay: pay([1]), target: 30000, mode: "printed" });
  assert.deepEqual([short.ok, short.short, short.total], [false, 20000, 10000]);
  const exact = evaluate({ wallet, pay: pay([1, 2]), target: 30000, mode: "printed" });
  assert.deepEqual([exact.ok, exact.exact, exact.over], [true, true, 0]);
  const over = evaluate({ wallet, pay: pay([4]), target: 30000, mode: "printed" });
  assert.deepEqual([over.ok, over.exact, over.over], [true, false, 20000]);
});

test("evaluate counts a forced Alarm bill but sends only the wallet's bills", () => {
  const r = evaluate({
    wallet,
    forced: bill(99, 40000),
    pay: pay([1, 77]),
    target: 50000,
    mode: "addition",
  });
  assert.deepEqual(r.committed, [99, 1]);
  assert.deepEqual(r.bills, [1]); // 77 is not in the wallet
  assert.equal(r.total, 50000);
  assert.ok(r.exact);
});

test("a Green T-Shirt reference counts every committed bill at its value (additions only)", () => {
  const tshirt = evaluate({ wallet, pay: pay([1, 3], 3), target: 60000, mode: "addition" });
  assert.deepEqual(
    [tshirt.reference, tshirt.total, tshirt.printed, tshirt.exact],
    [3, 60000, 40000, true],
  );
  const printed = evaluate({ wallet, pay: pay([1, 3], 3), target: 60000, mode: "printed" });
  assert.deepEqual([printed.reference, printed.total], [null, 40000]);
  const notPaid = evaluate({ wallet, pay: pay([1], 3), target: 60000, mode: "addition" });
  assert.equal(notPaid.reference, null); // the reference must be one of the bills paid
});

function game(phase, extra = {}) {
  return {
    phase,
    rules: {
      ...RULES,
      protection_minimum: 70000,
      entry_price: 25000,
      exact_bonus: 6000,
      budget_exact_bonus: 12000,
    },
    market: [{ kind: "pawn_shop", cost: 80000, points: 130000, stock: 5 }],
    weapon_price: 60000,
    copies: [
      { id: 7, owner: 0, protection: 0 },
      { id: 8, owner: 0, protection: 50000 },
    ],
    players: [{ seat: 0, weapon: "budget_app" }],
    me: { seat: 0, wallet, options: { can_act: true, counter: [{ copy: 9, amount: 40000 }] } },
    ...extra,
  };
}
const ui = (extra = {}) => ({
  pay: pay([]),
  choice: null,
  target: null,
  alarmType: null,
  ...extra,
});

test("paymentFor: nothing to pay without a decision", () => {
  assert.equal(
    paymentFor(
      game("purchase", { me: { ...game("x").me, options: { can_act: false } } }),
      ui({ choice: { kind: "addition", id: "pawn_shop" } }),
    ),
    null,
  );
  assert.equal(paymentFor(game("purchase"), ui()), null);
  assert.equal(paymentFor(game("draft"), ui()), null);
  assert.equal(paymentFor(null, ui()), null);
});

test("paymentFor: an addition costs its market price and earns the rules' exact bonus", () => {
  const p = paymentFor(game("purchase"), ui({ choice: { kind: "addition", id: "pawn_shop" } }));
  assert.deepEqual([p.target, p.mode, p.exactBonus, p.tshirt], [80000, "addition", 12000, false]);
  const w = paymentFor(game("purchase"), ui({ choice: { kind: "weapon", id: "jackpot" } }));
  assert.deepEqual([w.target, w.mode], [60000, "printed"]);
});

test("paymentFor: the Alarm bill is forced into the payment", () => {
  const g = game("alarm", {
    alarm: { card: 42, value: 50000 },
    players: [{ seat: 0, weapon: "green_tshirt" }],
  });
  const p = paymentFor(g, ui({ alarmType: "pawn_shop" }));
  assert.deepEqual(p.forced, { card: 42, value: 50000 });
  assert.deepEqual([p.target, p.tshirt, p.exactBonus], [80000, true, 6000]);
  assert.equal(paymentFor(g, ui()).target, 0); // no type chosen yet
});

test("paymentFor: bribes follow game.rules", () => {
  // A new protection; then adding to one: the smallest bill.
  assert.equal(paymentFor(game("bribe_protect"), ui({ target: 7 })).target, 70000);
  assert.equal(paymentFor(game("bribe_protect"), ui({ target: 8 })).target, 10000);
  assert.equal(paymentFor(game("bribe_protect"), ui({ target: 99 })), null);
  assert.equal(paymentFor(game("bribe_counter"), ui({ target: 9 })).target, 40000);
  assert.equal(paymentFor(game("bribe_entries"), ui()).target, 25000);
});
