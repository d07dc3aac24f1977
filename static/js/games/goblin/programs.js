// The Programs row a viewer sees in a player's area (pure, no DOM): GSETUP-4's row I..IV as it
// still stands in front of the player (docs/goblin.md, players[i].programs), face up by id,
// and, in the viewer's own row, the face-down ones by the id only they know (me.programs).

/**
 * [{type, id, secret}] in the row's order: `id` null when this viewer cannot know it; `secret`
 * true for an id only this viewer sees. `row` is players[i].programs; `own` is me.programs when
 * the row is the viewer's own, else null. The row loses a Program each round (completed or out
 * of the game) while me.programs keeps all four, so the two are matched by type, never by place.
 */
export function visibleRow(row, own = null) {
  const ownIds = new Map((own ?? []).map((p) => [p.type, p.id]));
  return row.map((prog) => {
    const id = prog.id ?? ownIds.get(prog.type) ?? null;
    return { type: prog.type, id, secret: !prog.id && id !== null };
  });
}
