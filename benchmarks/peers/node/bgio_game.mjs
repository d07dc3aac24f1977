// The Pick game as a boardgame.io game, shared by the server and the load generator's clients.
import { createRequire } from "node:module";
import { SEATS, scorer, validPick } from "./pick_rules.mjs";

const require = createRequire(import.meta.url); // boardgame.io ships CommonJS
const { ActivePlayers, INVALID_MOVE } = require("boardgame.io/core");

function pick({ G, playerID }, number) {
  if (G.picks[playerID] !== null || !validPick(number)) return INVALID_MOVE;
  G.picks[playerID] = number;
  G.moves += 1;
  if (G.picks.every((p) => p !== null)) {
    const best = scorer(G.picks);
    if (best >= 0) G.scores[best] += 1;
    G.revealed = G.picks;
    G.picks = Array(SEATS).fill(null);
    G.round += 1;
  }
}

export const PickGame = {
  name: "pick",
  minPlayers: SEATS,
  maxPlayers: SEATS,
  setup: () => ({
    round: 1,
    moves: 0,
    picks: Array(SEATS).fill(null),
    scores: Array(SEATS).fill(0),
    revealed: [],
  }),
  // `client: false`: the server alone applies a pick (a client cannot guess the reveal), so
  // a client's state changes only when the server's does.
  moves: { pick: { move: pick, redact: true, client: false } },
  turn: { activePlayers: ActivePlayers.ALL },
  playerView: ({ G, playerID }) => ({
    ...G,
    picks: G.picks.map((p, seat) => (String(seat) === playerID ? p : p !== null)),
  }),
};
