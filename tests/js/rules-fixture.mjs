// LaunderMat's game.rules as the engine builds them (laundermat-rules.json), for unit tests
// that need a view's rules. tests/games/laundermat/test_views.py checks the file against the engine.
import { readFileSync } from "node:fs";

export const RULES = Object.freeze(
  JSON.parse(readFileSync(new URL("./laundermat-rules.json", import.meta.url), "utf8")),
);
