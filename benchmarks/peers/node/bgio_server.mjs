// The Pick game on boardgame.io 0.50 (socket.io, its in-memory storage): all six seats act at
// once, `playerView` hides the others' picks, and the move's arguments are redacted from the
// log the others receive (`redact: true`).
//   node bgio_server.mjs PORT
import { createRequire } from "node:module";
import { PickGame } from "./bgio_game.mjs";

const require = createRequire(import.meta.url); // boardgame.io ships CommonJS
const { Server } = require("boardgame.io/server");

const server = Server({ games: [PickGame] });
await server.run({ port: Number(process.argv[2]), callback: () => {} });
