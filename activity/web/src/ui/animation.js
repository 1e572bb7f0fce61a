// A move's animation (the kind's GIF) played over the board for one run of it: how long a
// run lasts is the sum of its frames' delays, read from the file (an <img> cannot tell when
// its animation has run).

import { h } from "./dom.js";

export class Animation {
  /** Plays over `board` (the element holding the picture). */
  constructor(board) {
    this.board = board;
    this.gif = null;
    this.timer = null;
  }

  /** Plays the view's `animation` ({url, alt} or null), replacing one still running. */
  async play(animation) {
    this.stop();
    if (!animation) return;
    const gif = h("img", {
      class: "animation",
      src: animation.url,
      alt: animation.alt ?? "",
      draggable: "false",
    });
    this.gif = gif;
    const [duration] = await Promise.all([gifDuration(animation.url), gif.decode().catch(() => null)]);
    if (this.gif !== gif) return;
    this.board.append(gif);
    this.timer = setTimeout(() => this.stop(), duration);
  }

  stop() {
    clearTimeout(this.timer);
    this.gif?.remove();
    this.gif = null;
  }
}

/** Milliseconds of one loop of the GIF at `url`; `fallback` when it cannot be read. */
export async function gifDuration(url, fallback = 1500) {
  try {
    const response = await fetch(url);
    if (!response.ok) return fallback;
    return frameDelays(new Uint8Array(await response.arrayBuffer())) || fallback;
  } catch {
    return fallback;
  }
}

/** The sum of the frame delays in a GIF's bytes, in ms, as browsers play them (a delay of
 * 10 ms or less is shown as 100 ms). */
export function frameDelays(bytes) {
  const colourTable = (packed) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const skipBlocks = (at) => {
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
    return at + 1;
  };
  let at = 13 + colourTable(bytes[10]);
  let total = 0;
  let delay = 0;
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x21 && bytes[at + 1] === 0xf9) {
      delay = (bytes[at + 4] | (bytes[at + 5] << 8)) * 10;
      at = skipBlocks(at + 2);
    } else if (block === 0x21) {
      at = skipBlocks(at + 2);
    } else if (block === 0x2c) {
      total += delay <= 10 ? 100 : delay;
      delay = 0;
      at = skipBlocks(at + 10 + colourTable(bytes[at + 9]) + 1);
    } else break;
  }
  return total;
}
