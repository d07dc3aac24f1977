// The countdown: every [data-role=timer] bar and text follows view.deadline on the server's
// clock, redrawn four times a second between views (the arithmetic is in time.js); one with
// data-deadline (a time on the server's clock) counts down to that instead, as a text ("12 s").
// A text is written only when it changes, and never inside a live region (role=status,
// aria-live): a screen reader would read it out every second.

import { t } from "./i18n.js";
import { serverNow, state } from "./store.js";
import { timeLeft, timeSpan } from "./text.js";
import { fractionLeft } from "./time.js";

export function tick(root) {
  const view = state.view;
  const window = view?.game?.window;
  for (const el of root.querySelectorAll("[data-role=timer]")) {
    const bar = el.querySelector(".timer-fill");
    const text = el.querySelector(".timer-text");
    if (el.dataset.deadline) {
      setText(text, timeSpan(Number(el.dataset.deadline) - serverNow()));
      continue;
    }
    if (!view?.deadline || !window) {
      bar?.style.setProperty("transform", "scaleX(0)");
      setText(text, "");
      continue;
    }
    const total = state.span?.id === window.id ? state.span.total : window.duration * 1000;
    const left = Math.max(0, view.deadline - serverNow());
    if (bar) {
      bar.style.setProperty("transform", `scaleX(${fractionLeft(left, total).toFixed(4)})`);
      bar.classList.toggle("urgent", left < 5000);
    }
    setText(text, timeLeft(left));
  }
  const retry = root.querySelector("[data-role=retry-in]");
  if (retry && state.conn.retryAt) {
    setText(
      retry,
      t("shell.retry_in", {
        seconds: String(Math.max(0, Math.ceil((state.conn.retryAt - Date.now()) / 1000))),
      }),
    );
  }
}

function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}
