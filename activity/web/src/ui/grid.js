// The board's cells: one transparent button per cell laid exactly over the picture's cells
// (the hit map: the view's `picture.grid`, in percent of the picture, so it follows any
// displayed size), in an ARIA grid with a roving tabindex.

import { h } from "./dom.js";

const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The name a cell's words start with ("B3: ┐ a tile" → "B3"). */
export const cellName = (words) => String(words).split(/[:\s]/, 1)[0];

export class CellGrid {
  /** onPress(index, started): a cell pressed (tap, click, Enter or Space); `ignoreClick()` is
   * asked first (true right after a drag that panned the board). */
  constructor(view, { onPress, ignoreClick }) {
    this.width = view.width;
    this.height = view.height;
    this.focused = 0;
    this.pressStarted = null;
    this.buttons = [];
    this.element = h("div", {
      class: "cells",
      role: "grid",
      "aria-label": `${view.title} board, ${view.width} by ${view.height}`,
      "aria-rowcount": view.height,
      "aria-colcount": view.width,
    });
    for (let row = 0; row < view.height; row++) {
      const line = h("div", { class: "cell-row", role: "row" });
      for (let col = 0; col < view.width; col++) {
        const index = row * view.width + col;
        const button = h("button", {
          type: "button",
          class: "cell",
          tabindex: index === 0 ? 0 : -1,
          dataset: { index },
        });
        this.buttons.push(button);
        line.append(h("div", { class: "cell-box", role: "gridcell" }, button));
      }
      this.element.append(line);
    }
    this.place(view.picture);
    this.label(view.cells);
    this.element.addEventListener("pointerdown", () => (this.pressStarted = performance.now()));
    this.element.addEventListener("keydown", (event) => this.key(event));
    this.element.addEventListener("focusin", (event) => {
      const index = Number(event.target.dataset?.index);
      if (Number.isInteger(index)) this.rove(index);
    });
    this.element.addEventListener("click", (event) => {
      const button = event.target.closest("button.cell");
      const started = this.pressStarted ?? performance.now();
      this.pressStarted = null;
      // A click from the keyboard (detail 0) is never the end of a drag.
      if (!button || (event.detail !== 0 && ignoreClick())) return;
      onPress(Number(button.dataset.index), started);
    });
  }

  /** Whether a view fits this grid (else the board is rebuilt). */
  fits(view) {
    return view.width === this.width && view.height === this.height;
  }

  /** Lays the grid over the picture's cells, in percent of the picture. */
  place(picture) {
    const { width, height, grid } = picture;
    const percent = (px, of) => `${(100 * px) / of}%`;
    Object.assign(this.element.style, {
      left: percent(grid.left, width),
      top: percent(grid.top, height),
      width: percent(grid.cell * this.width, width),
      height: percent(grid.cell * this.height, height),
    });
  }

  /** Each cell's accessible name: the view's words for it, starting with its name. */
  label(cells) {
    this.buttons.forEach((button, index) => {
      const words = cells[index] ?? "";
      if (button.getAttribute("aria-label") !== words) button.setAttribute("aria-label", words);
      const name = cellName(words);
      if (button.dataset.cell !== name) button.dataset.cell = name;
    });
  }

  /** Flashes the cells a move touched. */
  mark(indices) {
    for (const button of this.element.querySelectorAll(".cell.marked")) button.classList.remove("marked");
    void this.element.offsetWidth; // restarts the flash on a cell marked twice in a row
    for (const index of indices ?? []) this.buttons[index]?.classList.add("marked");
  }

  rove(index) {
    if (index === this.focused) return;
    this.buttons[this.focused].tabIndex = -1;
    this.buttons[index].tabIndex = 0;
    this.focused = index;
  }

  key(event) {
    const index = Number(event.target.dataset?.index);
    if (!Number.isInteger(index)) return;
    if (event.key === "Enter" || event.key === " ") {
      this.pressStarted = performance.now();
      return;
    }
    let [col, row] = [index % this.width, Math.floor(index / this.width)];
    const ctrl = event.ctrlKey || event.metaKey;
    if (STEPS[event.key]) {
      const [dx, dy] = STEPS[event.key];
      [col, row] = [
        Math.min(this.width - 1, Math.max(0, col + dx)),
        Math.min(this.height - 1, Math.max(0, row + dy)),
      ];
    } else if (event.key === "Home") [col, row] = [0, ctrl ? 0 : row];
    else if (event.key === "End") [col, row] = [this.width - 1, ctrl ? this.height - 1 : row];
    else return;
    event.preventDefault();
    const next = row * this.width + col;
    this.rove(next);
    this.buttons[next].focus();
  }
}
