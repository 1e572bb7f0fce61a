// The board's clock: counts on from the view's `elapsed` while the board is being played,
// and stands still once it is finished.

import { setText } from "./dom.js";

/** Seconds as m:ss, or h:mm:ss from an hour on. */
export function clock(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
}

export class Timer {
  constructor(element) {
    this.element = element;
    this.interval = null;
  }

  /** Follows a view: `elapsed` as of now; running while it has started and not finished. */
  set(view) {
    const base = Number(view.elapsed) || 0;
    const since = performance.now();
    const running = Boolean(view.started) && !view.finished && view.ending === "playing";
    const tick = () =>
      setText(this.element, clock(base + (running ? (performance.now() - since) / 1000 : 0)));
    this.stop();
    tick();
    if (running) this.interval = setInterval(tick, 250);
  }

  stop() {
    clearInterval(this.interval);
    this.interval = null;
  }
}
