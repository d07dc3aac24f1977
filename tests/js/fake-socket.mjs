// A stand-in for the browser's WebSocket, for the tests of static/js/net.js: it records each
// socket made and what each was sent (parsed), and opens only when a test says so.
export class FakeSocket {
  static made = [];
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(message) {
    this.sent.push(JSON.parse(message));
  }
  close() {}
}

/** The globals net.js reads: this WebSocket, and the page's location. */
export function installFakePage() {
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: "http:", host: "play.example" };
}
