// LaunderMat in Spanish: the log's "you" and named forms, plurals, money, points and odds
// through Intl, the coach's hints from their key and facts, and the same in English.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { hintText } from "../../static/js/games/laundermat/coach.js";
import { logSentence } from "../../static/js/games/laundermat/sentences.js";
import {
  entries,
  errors,
  money,
  pageTitle,
  points,
  weapons,
} from "../../static/js/games/laundermat/text.js";
import { percent } from "../../static/js/games/laundermat/words.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";
import { RULES } from "./rules-fixture.mjs";

installCatalogs();
afterEach(() => setLanguage("en"));

const names = ["Ana", "Bo", "Cyd"];
const ctx = {
  who: (s) => (s === 1 ? "you" : names[s]),
  copyKind: () => "pawn_shop",
  viewer: 1,
  rules: RULES,
};
const say = (entry) => logSentence(entry, ctx);
// Spanish writes "$90 mil" with a no-break space, so a line never ends between the two.
const same = (actual, wanted) => assert.equal(actual, wanted.replaceAll(" mil", "\u00a0mil"));

test("money, points and odds in Spanish digits and words", () => {
  setLanguage("es");
  same(money(0), "$0");
  same(money(90000), "$90 mil");
  same(money(12500), "$12.500");
  same(points(130000), "130 mil pts");
  same(points(2500), "2,5 mil pts");
  same(percent(0.25), "25\u00a0%"); // a no-break space, as Spanish writes it
  setLanguage("en");
  same(points(2500), "2.5k pts");
  same(percent(0.25), "25%");
});

test("plurals: one entry, several entries, and the rules' numbers in errors", () => {
  setLanguage("es");
  same(entries(1), "1 boleto");
  same(entries(3), "3 boletos");
  same(
    errors({ ...RULES, max_players: 6 }).room_full,
    "Esa sala ya tiene 6 jugadores. Aún puedes mirar.",
  );
  same(pageTitle({ phase: "draft", round: 2 }), "Ronda 2: Selección");
  assert.match(weapons(RULES).budget_app.does, /vale \$10\smil en vez de \$5\smil/);
});

test("the log in Spanish: the viewer's own conjugation, and others' by name", () => {
  setLanguage("es");
  same(say({ kind: "skip", seat: 1 }), "No compraste nada esta ronda.");
  same(say({ kind: "skip", seat: 0 }), "Ana no compró nada esta ronda.");
  same(
    say({ kind: "done", seat: 1, phase: "bribe_counter" }),
    "Terminaste con los contrasobornos.",
  );
  same(
    say({
      kind: "draft_locked",
      collected: [{ seat: 0, value: 30000 }],
      collisions: [{ seats: [1, 2], value: 50000 }],
      timed_out: [2],
    }),
    "Se cerró la selección. Ana consiguió $30 mil. Tú y Cyd chocaron en $50 mil. Cyd no eligió nada.",
  );
  same(
    say({ kind: "to_vault", cards: [0, 59], returned: [], vault_size: 1 }),
    "$10 mil y $100 mil fueron a la Bóveda, que ahora guarda 1 billete.",
  );
  same(
    say({
      kind: "purchase",
      seat: 1,
      addition: "pawn_shop",
      flagged: true,
      copies: [1, 2],
      paid: 80000,
      exact: true,
    }),
    "Compraste Casa de empeño (copia marcada) y conseguiste gratis una segunda copia con 2 por 1. " +
      "Pagaste $80 mil exactos: ganaste la bonificación.",
  );
  same(
    say({ kind: "jackpot", seat: 0, target: 1, value: 20000 }),
    "Ana usó Premio gordo contra ti y se llevó un billete al azar ($20 mil).",
  );
  same(
    say({ kind: "counter", seat: 2, owner: 0, amount: 60000, copy: 4 }),
    "Cyd pagó $60 mil para anular la protección de Ana en Casa de empeño.",
  );
  same(
    say({ kind: "entries", seat: 0, amount: 20000, split: { pawn_shop: 1 } }),
    "Ana pagó $20 mil por 1 boleto de investigación: Casa de empeño +1.",
  );
  same(
    say({ kind: "seniority_claim", seat: 0, value: 40000, losers: [1, 2] }),
    "Ana usó Antigüedad para quedarse con el billete de $40 mil; tú y Cyd no reciben nada.",
  );
});

test("the same entries in English keep their sentences", () => {
  setLanguage("en");
  same(
    say({ kind: "jackpot", seat: 0, target: 1, value: 20000 }),
    "Ana hit you with Jackpot and took a random bill ($20k).",
  );
  same(
    say({ kind: "seniority_claim", seat: 0, value: 40000, losers: [2] }),
    "Ana used Seniority to claim the $40k bill; Cyd gets nothing from it.",
  );
});

// Hints as coach.py sends them (tests/games/laundermat/test_coach_catalog.py checks that the
// server's hints have these keys and that English's message is the server's text).
const PICK = {
  text: "Pick the $50k bill: …",
  key: "coach.draft.pick",
  vars: { value: 50000, vault: 3 },
};
const BUY = {
  text: "Buy a Pawn Shop …",
  key: "coach.purchase.addition_exact",
  vars: { addition: "pawn_shop", cost: 80000, points: 120000, paid: 80000, wallet: 90000 },
};

test("a hint is worded from its key and facts, in the person's language", () => {
  setLanguage("en");
  same(
    hintText(PICK),
    "Pick the $50k bill: if nobody else picks it, it is yours and lets you buy an addition " +
      "this round (DRAFT-5, BUY-1). If someone picks it too, you raid the Vault (3 bills) " +
      "instead, where a big bill may sound an Alarm (DRAFT-4, VAULT-4).",
  );
  setLanguage("es");
  assert.match(
    hintText(PICK),
    /^Elige el billete de \$50\smil: .*asaltas la Bóveda \(3 billetes\)/,
  );
  same(
    hintText(BUY),
    "Compra Casa de empeño ($80 mil, vale $120 mil al final) con $80 mil de tus $90 mil. " +
      "Pago exacto: una bonificación (BUY-4). El dinero no puntúa al final (SCORE-4).",
  );
  // A key this client does not know (a newer server): the server's English.
  same(hintText({ text: "Something new.", key: "coach.new", vars: {} }), "Something new.");
  same(hintText({ text: "Older server." }), "Older server.");
});
