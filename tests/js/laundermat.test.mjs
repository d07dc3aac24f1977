// LaunderMat's words: log sentences, rule numbers from game.rules, errors, titles.
import assert from "node:assert/strict";
import { test } from "node:test";
import { revealNews } from "../../static/js/games/laundermat/news.js";
import {
  billValues,
  exactBonus,
  rulesOf,
  smallestBill,
} from "../../static/js/games/laundermat/rules.js";
import { logSentence } from "../../static/js/games/laundermat/sentences.js";
import {
  errors,
  money,
  pageTitle,
  points,
  weaponName,
  weapons,
} from "../../static/js/games/laundermat/text.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";
import { RULES } from "./rules-fixture.mjs";

installCatalogs();
setLanguage("en");

const names = ["Ana", "Bo", "Cyd"];
const ctx = {
  who: (s) => (s === 1 ? "you" : names[s]),
  copyKind: () => "pawn_shop",
  viewer: 1,
  rules: RULES,
};

test("money and points", () => {
  assert.equal(money(0), "$0");
  assert.equal(money(50000), "$50k");
  assert.equal(money(1500), "$1,500");
  assert.equal(money(1234), "$1,234");
  assert.equal(points(130000), "130k pts");
});

test("rules: game.rules first, then the catalog's, else none (no copy to drift)", () => {
  const mine = { ...RULES, rounds: 3 };
  assert.equal(rulesOf({ rules: mine }), mine);
  assert.equal(rulesOf(null, { rules: mine }), mine);
  assert.equal(rulesOf({}), null);
  assert.equal(billValues(RULES).length, 60);
  assert.equal(billValues(RULES)[0], 10000);
  assert.equal(billValues(RULES)[59], 100000);
  assert.equal(
    smallestBill({
      deck: [
        [30000, 1],
        [5000, 2],
      ],
    }),
    5000,
  );
  assert.equal(exactBonus(RULES, "budget_app"), 10000);
  assert.equal(exactBonus(RULES, "jackpot"), 5000);
});

test("weapon texts take their numbers from the rules", () => {
  const w = weapons({
    ...RULES,
    exact_bonus: 4000,
    budget_exact_bonus: 9000,
    review_bonus: [0, 1000, 2000],
  });
  assert.match(w.budget_app.does, /\$9k instead of \$4k/);
  assert.match(w.five_star_review.does, /1 → \$1k, 2 → \$2k\./);
  assert.equal(weaponName("two_for_one"), "2 for 1");
  assert.equal(weaponName("unknown"), "unknown");
});

test("rule errors say the rules' numbers", () => {
  const e = errors({ ...RULES, protection_minimum: 70000, max_players: 5 });
  assert.equal(e.protection_too_small, "A new protection costs at least $70k.");
  assert.equal(e.room_full, "That room already has 5 players. You can still watch.");
});

test("page titles", () => {
  assert.equal(pageTitle({ phase: "draft", round: 2 }), "Round 2: Draft");
  assert.equal(pageTitle({ phase: "bribe_protect", round: 8 }), "Bribery 1 of 3 · Protection");
  assert.equal(pageTitle({ phase: "over", round: 8 }), "Game over");
});

test("log sentences name the viewer as you", () => {
  assert.equal(logSentence({ kind: "skip", seat: 1 }, ctx), "You bought nothing this round.");
  assert.equal(logSentence({ kind: "skip", seat: 0 }, ctx), "Ana bought nothing this round.");
  assert.equal(
    logSentence({ kind: "done", seat: 1, phase: "bribe_counter" }, ctx),
    "You are done with counterbribes.",
  );
  assert.equal(
    logSentence({ kind: "done", seat: 2, phase: "bribe_entries" }, ctx),
    "Cyd is done with investigation entries.",
  );
  assert.equal(logSentence({ kind: "window" }, ctx), null);
});

test("the draft's lock and the Vault, with bill values from the rules' deck", () => {
  const locked = {
    kind: "draft_locked",
    collected: [{ seat: 0, value: 30000 }],
    collisions: [{ seats: [1, 2], value: 50000 }],
    timed_out: [],
  };
  assert.equal(
    logSentence(locked, ctx),
    "The draft locked. Ana collected $30k. You and Cyd collided on $50k.",
  );
  const vault = { kind: "to_vault", cards: [0, 59], returned: [], vault_size: 4 };
  assert.equal(
    logSentence(vault, ctx),
    "$10k and $100k went into the Vault, which now holds 4 bills.",
  );
  const other = {
    ...ctx,
    rules: {
      ...RULES,
      deck: [
        [5000, 1],
        [7000, 1],
      ],
    },
  };
  assert.equal(
    logSentence({ ...vault, cards: [1] }, other),
    "$7k went into the Vault, which now holds 4 bills.",
  );
});

test("raids, purchases and bribes", () => {
  assert.equal(
    logSentence({ kind: "vault_raid", seat: 0, roll: 3, die: 1, alarm: false, value: 20000 }, ctx),
    "Ana raided the Vault, rolled 3 (1 + Rubber Gloves): no Alarm and kept a $20k bill.",
  );
  assert.equal(
    logSentence(
      {
        kind: "purchase",
        seat: 1,
        addition: "pawn_shop",
        flagged: false,
        copies: [1],
        paid: 80000,
        exact: true,
      },
      ctx,
    ),
    "You bought Pawn Shop (clean). Paid $80k, exactly: bonus earned.",
  );
  assert.equal(
    logSentence({ kind: "protect", seat: 1, amount: 50000, copy: 3, protection: 50000 }, ctx),
    "You paid $50k to protect your Pawn Shop (protection now $50k).",
  );
  assert.equal(
    logSentence({ kind: "entries", seat: 0, amount: 40000, split: { pawn_shop: 2 } }, ctx),
    "Ana paid $40k for 2 investigation entries: Pawn Shop +2.",
  );
});

test("the reveal's news: what the lock and the Vault did to you, nothing before the lock", () => {
  const say = (entry) => logSentence(entry, ctx);
  const locked = {
    kind: "draft_locked",
    collected: [{ seat: 2, card: 5, value: 30000 }],
    lost_and_found: [],
    timed_out: [],
    unselected: [],
    collisions: [{ card: 3, value: 20000, seats: [0, 1] }],
  };
  const raid = { kind: "vault_raid", seat: 1, roll: 2, die: 2, alarm: false, value: 40000 };
  const round = [{ kind: "round", round: 2, display: [] }];
  assert.equal(revealNews(round, 1, say, ctx.who), "");
  assert.equal(
    revealNews([...round, locked, raid, { ...raid, seat: 0 }], 1, say, ctx.who),
    "The draft locked. You collided with Ana on $20k: nobody collects it, you raid the " +
      "Vault. You raided the Vault, rolled 2: no Alarm and kept a $40k bill.",
  );
  assert.equal(
    revealNews([...round, locked], 2, say, ctx.who),
    "The draft locked. You collected $30k.",
  );
  assert.equal(
    revealNews([...round, { ...locked, collected: [] }], 2, say, ctx.who),
    "The draft locked. Nothing happened to you.",
  );
  assert.equal(revealNews([...round, locked], null, say, ctx.who), ""); // a spectator
  assert.equal(revealNews([...round, locked, ...round], 1, say, ctx.who), ""); // the next round
  // The last round's reveal ends when bribery opens; the end screen says nothing of its draft.
  const purchase = { kind: "window", id: 40, phase: "purchase", actors: [2] };
  assert.equal(
    revealNews([...round, locked, purchase], 2, say, ctx.who),
    "The draft locked. You collected $30k.",
  );
  const bribery = { kind: "window", id: 41, phase: "bribe_protect", actors: [0, 1, 2] };
  assert.equal(revealNews([...round, locked, purchase, bribery], 2, say, ctx.who), "");
  assert.equal(
    revealNews(
      [...round, locked, purchase, { kind: "investigation", investigated: "pawn_shop" }],
      2,
      say,
      ctx.who,
    ),
    "",
  );
});
