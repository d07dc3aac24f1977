// The Pick game on Colyseus 0.18 (@colyseus/core with @colyseus/ws-transport): each seat's
// pick is a `.view()` field only its own client's StateView holds until the reveal.
//   node colyseus_server.mjs PORT every|default
// `every`: a patch after every command (broadcastPatch, no patch timer); `default`: the
// default 50 ms patch rate.
import { Room, Server } from "@colyseus/core";
import { ArraySchema, MapSchema, StateView, schema, t } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { SEATS, scorer, validPick } from "./pick_rules.mjs";

const Player = schema(
  {
    seat: t.uint8(),
    score: t.uint32(),
    picked: t.boolean(),
    pick: t.uint32().view(), // the secret: sent only to a view that holds this player
  },
  "Player",
);

const PickState = schema(
  {
    round: t.uint32(),
    moves: t.uint32(), // commands applied: the load generator's sign that a pick arrived
    players: t.map(Player),
    revealed: t.array("uint32"), // the last round's picks, public once it is over
    scorer: t.int8(),
  },
  "PickState",
);

const everyCommand = process.argv[3] === "every";

class PickRoom extends Room {
  maxClients = SEATS;

  onCreate() {
    this.autoDispose = false;
    this.state = new PickState({ round: 1, moves: 0, scorer: -1 });
    this.state.players = new MapSchema();
    this.state.revealed = new ArraySchema();
    if (everyCommand) this.patchRate = null;
    this.onMessage("pick", (client, number) => this.pick(client, number));
  }

  onJoin(client) {
    const seat = this.state.players.size;
    const player = new Player({ seat, score: 0, picked: false, pick: 0 });
    this.state.players.set(client.sessionId, player);
    client.view = new StateView();
    client.view.add(player);
  }

  pick(client, number) {
    const player = this.state.players.get(client.sessionId);
    if (!player || player.picked || !validPick(number)) {
      client.send("error", "refused");
      return;
    }
    player.picked = true;
    player.pick = number;
    this.state.moves += 1;
    const players = [...this.state.players.values()];
    if (players.length === SEATS && players.every((p) => p.picked)) this.reveal(players);
    if (everyCommand) this.broadcastPatch();
  }

  reveal(players) {
    const picks = players.map((p) => p.pick);
    const best = scorer(picks);
    if (best >= 0) players[best].score += 1;
    this.state.revealed = new ArraySchema(...picks);
    this.state.scorer = best;
    for (const p of players) {
      p.picked = false;
      p.pick = 0;
    }
    this.state.round += 1;
  }
}

const server = new Server({ transport: new WebSocketTransport({ perMessageDeflate: false }) });
server.define("pick", PickRoom);
await server.listen(Number(process.argv[2]), "127.0.0.1");
