// The Node floor: benchmarks/baseline_app.py in Node's `ws`. Clients connect to /ws/{room};
// any text message a client sends makes the server send one pre-encoded payload of
// BASELINE_PAYLOAD_BYTES to every socket of that room, the sender included. No parsing, no
// rules, no storage: what is left is Node, `ws` and the socket itself.
//   BASELINE_PAYLOAD_BYTES=200 node ws_floor.mjs 8765
import http from "node:http";
import { WebSocketServer } from "ws";

const bytes = Number(process.env.BASELINE_PAYLOAD_BYTES ?? 3000);
const payload = `{"type":"view","pad":"${"x".repeat(Math.max(0, bytes - 24))}"}`;
const rooms = new Map();

const server = http.createServer((_req, res) => res.end("ok"));
const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 65536 });
wss.on("connection", (socket, req) => {
  const room = req.url.split("/").pop();
  if (!rooms.has(room)) rooms.set(room, new Set());
  const members = rooms.get(room);
  members.add(socket);
  socket.on("message", () => {
    for (const member of members) member.send(payload);
  });
  socket.on("close", () => members.delete(socket));
});
server.listen(Number(process.argv[2]), "127.0.0.1");
