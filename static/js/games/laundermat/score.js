// The running score (pure): what each player would score from the public view alone, as the
// engine scores it (engine/scoring.py) — each copy scores its type's points plus its public
// exact bonus; flagged copies of the investigated type score 0 and, unless protected, get
// their owner caught; Five-Star Review adds rules.review_bonus[distinct surviving types].
// Wallets are secret and worth nothing at the end, so the public view is enough.

function isProtected(copy) {
  return (copy.protection > 0 && !copy.countered) || !!copy.email_protected;
}

function copyPoints(rules, copy) {
  return (rules.addition_points[copy.kind] ?? 0) + (copy.bonus ?? 0);
}

/** A seat's score if `investigated` (null: no type) were investigated, and whether it is caught. */
export function scoreIf(rules, game, seat, investigated = null) {
  const mine = game.copies.filter((c) => c.owner === seat);
  let total = 0;
  let caught = false;
  const surviving = new Set();
  for (const copy of mine) {
    const shut = copy.flagged && copy.kind === investigated;
    if (shut) {
      if (!isProtected(copy)) caught = true;
      continue;
    }
    total += copyPoints(rules, copy);
    surviving.add(copy.kind);
  }
  const weapon = game.players.find((p) => p.seat === seat)?.weapon;
  if (weapon === "five_star_review") total += rules.review_bonus[surviving.size] ?? 0;
  return { total, caught };
}

/**
 * A seat's running score: `total` if no type were investigated, and for each type that
 * would cost it anything, `[{kind, lose, caught}]` (the points it would lose and whether it
 * would be caught), biggest loss first.
 */
export function runningScore(rules, game, seat) {
  const base = scoreIf(rules, game, seat, null);
  const kinds = [
    ...new Set(game.copies.filter((c) => c.owner === seat && c.flagged).map((c) => c.kind)),
  ];
  const risks = kinds
    .map((kind) => {
      const hit = scoreIf(rules, game, seat, kind);
      return { kind, lose: base.total - hit.total, caught: hit.caught };
    })
    .sort((a, b) => b.lose - a.lose || (a.kind < b.kind ? -1 : 1));
  return { total: base.total, risks };
}
