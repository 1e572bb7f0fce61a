// One board: heading, goal, par, status and clock; the picture with its cells laid over it;
// the kind's modes and controls; hint, undo, restart, give up; the result and share line.
// Everything comes from the server's View; moves go through the queue, and each answer's
// view is drawn over the last without a flash (the new picture is decoded before the swap).

import { Animation } from "./animation.js";
import { ask } from "./dialog.js";
import { h, nextFrame, setText } from "./dom.js";
import { CellGrid } from "./grid.js";
import { MoveQueue } from "./moves.js";
import { errorText } from "./status.js";
import { Timer } from "./timer.js";
import { Zoom } from "./zoom.js";

const ACTIONS = { hint: "Hint", undo: "Undo", restart: "Restart", giveup: "Give up" };

/** The figures the benchmark reads: the last tap-to-update time and how many updates. */
const figures = (window.__activity ??= { lastTapToUpdateMs: null, updates: 0 });

/** A key of what a list of things looks like, to rebuild its buttons only when it changes. */
const signature = (items) => JSON.stringify(items ?? []);

export class BoardScreen {
  /** `api` as given to startApp, `status` the page's status line, `onHome` leaves the board. */
  constructor(view, { api, status, onHome }) {
    Object.assign(this, { api, status });
    this.view = view;
    this.latest = view;
    this.mode = view.mode;
    this.seq = 0;
    this.shown = 0;
    this.rendering = 0;
    this.queueBusy = false;
    this.closed = false;
    this.queue = new MoveQueue({
      post: (body) => api(`api/boards/${view.id}/moves`, { method: "POST", body }),
      version: () => this.latest.version,
      onAnswer: (answer, move) => this.show(answer.view, move.started),
      onRefusal: (error) => this.refused(error),
      onFailure: (error) => status.show(errorText(error)),
      onBusy: (busy) => {
        this.queueBusy = busy;
        this.busy();
      },
    });
    this.build(view, onHome);
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
  }

  build(view, onHome) {
    this.heading = h("h1", { class: "heading" });
    this.goal = h("p", { class: "goal" });
    this.par = h("span", { class: "par" });
    this.state = h("span", { class: "state" });
    this.clock = h("span", { class: "timer", role: "timer", title: "Time" });
    this.timer = new Timer(this.clock);
    this.img = h("img", { class: "picture", src: view.picture.url, alt: "", draggable: "false" });
    this.board = h("div", { class: "board" }, this.img);
    this.stage = h("div", { class: "stage" }, this.board);
    this.zoomOut = h("button", {
      type: "button",
      dataset: { zoom: "out" },
      "aria-label": "Zoom out",
      text: "−",
    });
    this.zoomIn = h("button", {
      type: "button",
      dataset: { zoom: "in" },
      "aria-label": "Zoom in",
      text: "+",
    });
    this.zoombar = h(
      "div",
      { class: "zoombar", role: "group", "aria-label": "Zoom" },
      this.zoomOut,
      this.zoomIn,
    );
    this.area = h("div", { class: "area" }, this.zoombar, this.stage);
    this.modes = h("div", { class: "modes", role: "group", "aria-label": "Mode" });
    this.controls = h("div", { class: "controls", role: "group", "aria-label": "Moves" });
    this.actions = h("div", { class: "actions", role: "group", "aria-label": "Board" });
    this.hints = h("p", { class: "keys" });
    this.result = h("p", { id: "result", class: "result" });
    this.share = h("pre", { id: "share", class: "share" });
    this.copy = h("button", {
      type: "button",
      dataset: { copy: "share" },
      text: "Copy",
      "aria-label": "Copy the share line",
    });
    this.ending = h(
      "section",
      { class: "ending", "aria-label": "Result" },
      this.result,
      h("div", { class: "share-row" }, this.share, this.copy),
    );
    this.element = h(
      "section",
      { class: "board-screen" },
      h(
        "header",
        { class: "topbar" },
        h("button", {
          type: "button",
          class: "back",
          dataset: { nav: "home" },
          "aria-label": "Back to the list",
          text: "←",
          onclick: onHome,
        }),
        this.heading,
      ),
      this.goal,
      h("p", { class: "facts" }, this.par, this.state, this.clock),
      this.ending,
      this.area,
      this.modes,
      this.controls,
      this.actions,
      this.hints,
    );
    this.grid = this.makeGrid(view);
    this.animation = new Animation(this.board);
    this.zoom = new Zoom(this.area, this.stage, this.board, view.picture);
    this.zoom.onChange = () => this.zoomed();
    this.zoomOut.addEventListener("click", () => this.zoom.zoomOut());
    this.zoomIn.addEventListener("click", () => this.zoom.zoomIn());
    this.copy.addEventListener("click", () => this.copyShare());
    this.render(view);
  }

  makeGrid(view) {
    const grid = new CellGrid(view, {
      onPress: (cell, started) => this.push({ cell, mode: this.mode }, started),
      ignoreClick: () => this.zoom.consumeDrag(),
    });
    this.board.append(grid.element);
    return grid;
  }

  /** Puts the screen in `parent` (it measures itself there). */
  mount(parent) {
    parent.replaceChildren(this.element);
    document.body.dataset.view = "board";
    this.zoom.fit();
  }

  /** Puts the keyboard on the board's current cell. */
  focus() {
    this.grid.buttons[this.grid.focused].focus({ preventScroll: true });
  }

  destroy() {
    this.closed = true;
    this.queue.close();
    this.timer.stop();
    this.zoom.destroy();
    this.animation.stop();
    document.removeEventListener("keydown", this.keys);
    delete document.body.dataset.busy;
  }

  push(move, started) {
    this.status.clear();
    this.queue.push(move, started);
  }

  busy() {
    if (this.closed) return;
    document.body.dataset.busy = this.queueBusy || this.rendering ? "1" : "0";
  }

  refused(error) {
    this.status.show(errorText(error));
    if (error.body?.view) this.show(error.body.view, null, false);
  }

  /** Draws a view from the server over the last one: the new picture is loaded and decoded
   * first, then swapped in whole (the cells stay, and so does the focus). A view older than
   * the one shown is dropped. `started`: when the player pressed, for the figures. */
  async show(view, started = null, moved = true) {
    const seq = ++this.seq;
    this.latest = view;
    this.rendering++;
    this.busy();
    try {
      let picture = this.img;
      if (view.picture.url !== this.img.getAttribute("src")) {
        picture = h("img", { class: "picture", src: view.picture.url, alt: "", draggable: "false" });
        try {
          await picture.decode();
        } catch {
          if (!this.closed) this.status.show("The board's picture could not be loaded; try again.");
          return;
        }
      }
      if (this.closed || seq <= this.shown) return;
      this.shown = seq;
      if (picture !== this.img) {
        this.img.replaceWith(picture);
        this.img = picture;
      }
      this.render(view);
      if (moved) {
        this.grid.mark(view.marks);
        this.animation.play(view.animation);
      }
      if (started !== null) {
        await nextFrame();
        figures.lastTapToUpdateMs = performance.now() - started;
        figures.updates += 1;
      }
    } finally {
      this.rendering--;
      this.busy();
    }
  }

  /** Everything but the picture, from a view. */
  render(view) {
    this.view = view;
    const playing = view.ending === "playing";
    setText(this.heading, view.heading);
    setText(this.goal, view.goal);
    setText(this.par, view.par);
    setText(this.state, view.status);
    this.state.hidden = view.status === view.result?.text; // said once, in the result
    this.timer.set(view);
    if (!this.grid.fits(view)) {
      this.grid.element.remove();
      this.grid = this.makeGrid(view);
    }
    this.grid.place(view.picture);
    this.grid.label(view.cells);
    this.zoom.setPicture(view.picture);
    this.renderModes(view);
    this.renderControls(view);
    this.renderActions(view);
    this.modes.hidden = !playing || !view.modes?.length;
    this.controls.hidden = !playing || !view.controls?.length;
    this.ending.hidden = !view.result;
    setText(this.result, view.result?.text);
    setText(this.share, view.result?.share);
    this.copy.hidden = !view.result?.share;
    this.hint();
    document.body.dataset.version = view.version;
  }

  renderModes(view) {
    const modes = view.modes ?? [];
    if (!modes.some((mode) => mode.key === this.mode)) this.mode = view.mode ?? modes[0]?.key;
    if (this.modes.dataset.signature !== signature(modes)) {
      this.modes.dataset.signature = signature(modes);
      this.modes.replaceChildren(
        ...modes.map((mode, index) =>
          h(
            "button",
            {
              type: "button",
              class: "mode",
              dataset: { mode: mode.key },
              "aria-label": mode.label,
              "aria-keyshortcuts": index < 9 ? String(index + 1) : null,
              onclick: () => this.choose(mode.key),
            },
            index < 9 ? h("kbd", { text: String(index + 1), "aria-hidden": "true" }) : null,
            mode.label,
          ),
        ),
      );
    }
    for (const button of this.modes.children)
      button.setAttribute("aria-pressed", String(button.dataset.mode === this.mode));
  }

  renderControls(view) {
    const controls = view.controls ?? [];
    if (this.controls.dataset.signature === signature(controls)) return;
    this.controls.dataset.signature = signature(controls);
    this.controls.replaceChildren(
      ...controls.map((control) =>
        h("button", {
          type: "button",
          class: "control",
          dataset: { control: control.token },
          text: control.label,
          onclick: () => this.push({ control: control.token, mode: this.mode }),
        }),
      ),
    );
  }

  renderActions(view) {
    const actions = (view.actions ?? []).filter((action) => action in ACTIONS);
    if (this.actions.dataset.signature === signature(actions)) return;
    this.actions.dataset.signature = signature(actions);
    this.actions.replaceChildren(
      ...actions.map((action) =>
        h("button", {
          type: "button",
          class: action === "giveup" ? "action danger" : "action",
          dataset: { action },
          text: ACTIONS[action],
          onclick: () => this.act(action),
        }),
      ),
    );
  }

  async act(action) {
    if (action === "giveup" && !(await ask("Give up this board?", "Give up", "Keep playing"))) return;
    this.push({ action });
  }

  choose(mode) {
    this.mode = mode;
    for (const button of this.modes.children)
      button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
  }

  /** The keys line: what the keyboard does on this board. */
  hint() {
    const count = this.view.modes?.length ?? 0;
    const parts = ["Keys: arrows move", "Enter or Space presses"];
    if (count > 1 && this.view.ending === "playing") parts.push(`1–${Math.min(count, 9)} or M changes mode`);
    if (this.zoom.zoomable) parts.push("+ and − zoom");
    setText(this.hints, parts.join(" · "));
  }

  zoomed() {
    this.zoombar.hidden = !this.zoom.zoomable;
    this.zoomOut.disabled = this.zoom.zoom <= 1;
    this.zoomIn.disabled = this.zoom.zoom >= this.zoom.maxZoom;
    if (this.view) this.hint();
  }

  /** Number keys pick a mode, M cycles them, + and − zoom (not while typing or in a dialog). */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    const modes = this.view.ending === "playing" ? (this.view.modes ?? []) : [];
    const digit = Number(event.key);
    if (Number.isInteger(digit) && digit >= 1 && digit <= modes.length) this.choose(modes[digit - 1].key);
    else if ((event.key === "m" || event.key === "M") && modes.length > 1) {
      const at = modes.findIndex((mode) => mode.key === this.mode);
      this.choose(modes[(at + 1) % modes.length].key);
    } else if ((event.key === "+" || event.key === "=") && this.zoom.zoomable) this.zoom.zoomIn();
    else if (event.key === "-" && this.zoom.zoomable) this.zoom.zoomOut();
    else return;
    event.preventDefault();
  }

  async copyShare() {
    const text = this.share.textContent;
    try {
      await navigator.clipboard.writeText(text);
      this.status.show("Copied the share line.", "note");
    } catch {
      const range = document.createRange();
      range.selectNodeContents(this.share);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      this.status.show("The share line is selected: copy it with your device's copy.", "note");
    }
  }
}
