// What Goblin Laundromat's controls do. Handlers get the element's data-* values; `app` is the
// shell's controller (controller.js): {state, render, send, root, ...}. Every choice is one whole
// command (GGEN-2), sent with the window it was meant for.
export function handlers({ send }) {
  return {
    pick(data) {
      send({ type: "pick", card: data.card }, "pick");
    },
    draw() {
      send({ type: "draw" }, "draw");
    },
    "draw-potion"() {
      send({ type: "draw_with_potion" }, "draw_with_potion");
    },
    stop() {
      send({ type: "stop" }, "stop");
    },
    keep(data) {
      send({ type: "keep", card: data.card }, "keep");
    },
  };
}
