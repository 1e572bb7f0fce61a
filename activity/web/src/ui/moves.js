// The player's moves, sent one at a time in the order they were made, each with the newest
// version the client has seen and its own request id (the server applies an id once, so a
// retry after a lost connection cannot move twice).

/** A fresh random request id (128 bits, hex). */
export function requestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** True for a failure worth one retry: no answer at all, or the server or proxy failing. */
const transient = (error) => !error?.status || error.status >= 500;

export class MoveQueue {
  /**
   * post(body) → the answer's JSON or throws (`.status`, `.body`); version() → the newest
   * version seen; onAnswer(answer, move) after each applied or repeated move;
   * onRefusal(error, move) for a refused one; onFailure(error) when the server could not be
   * reached twice (the moves still waiting are dropped: they were meant for a board the
   * player has not seen); onBusy(busy) when the queue starts or stops working.
   */
  constructor({ post, version, onAnswer, onRefusal, onFailure, onBusy }) {
    Object.assign(this, { post, version, onAnswer, onRefusal, onFailure, onBusy });
    this.waiting = [];
    this.running = false;
    this.closed = false;
  }

  /** Queues a move (`{cell, mode}`, `{control, mode}` or `{action}`); `started` is when the
   * player pressed (performance.now()), for the tap-to-update figure. */
  push(move, started = performance.now()) {
    if (this.closed) return;
    this.waiting.push({ move, started, request: requestId() });
    this.run();
  }

  /** Stops sending (the board was left); answers still on their way are ignored. */
  close() {
    this.closed = true;
    this.waiting.length = 0;
  }

  async run() {
    if (this.running) return;
    this.running = true;
    this.onBusy(true);
    while (this.waiting.length && !this.closed) {
      const item = this.waiting.shift();
      try {
        const answer = await this.send(item);
        if (!this.closed) this.onAnswer(answer, item);
      } catch (error) {
        if (this.closed) break;
        if (transient(error)) {
          this.waiting.length = 0;
          this.onFailure(error);
        } else this.onRefusal(error, item);
      }
    }
    this.running = false;
    this.onBusy(false);
  }

  async send(item) {
    const body = { request: item.request, version: this.version(), ...item.move };
    try {
      return await this.post(body);
    } catch (error) {
      if (!transient(error) || this.closed) throw error;
      return await this.post(body);
    }
  }
}
