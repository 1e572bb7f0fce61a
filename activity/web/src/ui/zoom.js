// Fitting the board to the space it has, and zoom and pan for boards whose cells would be
// too small to touch at that size: pinch or the +/− buttons (or + and − keys, Ctrl+wheel)
// to zoom, a drag or the wheel to pan. The stage clips; the board inside is laid out at
// the zoomed size (so the picture stays sharp and the cell overlay, in percent, follows it)
// and panned by the stage's scroll position. A drag is never a tap.

const TOUCH_CELL = 24; // px: below this a cell is too small for a finger, so zoom is offered
const BIG_CELL = 48; // px: the largest zoom makes cells at least this big
const STEP = 1.5;
const DRAG = 8; // px a pointer moves before a press becomes a drag

export class Zoom {
  /** `area` holds the stage and gives it its width; `picture` is the view's picture. */
  constructor(area, stage, board, picture) {
    Object.assign(this, { area, stage, board });
    this.picture = picture;
    this.zoom = 1;
    this.pointers = new Map();
    this.dragged = false;
    this.listeners = [];
    this.listen(stage, "pointerdown", (event) => this.down(event));
    this.listen(stage, "pointermove", (event) => this.move(event));
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
      this.listen(stage, type, (event) => this.up(event));
    }
    this.listen(stage, "wheel", (event) => this.wheel(event), { passive: false });
    this.listen(window, "resize", () => this.fit());
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(area);
  }

  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push(() => target.removeEventListener(type, handler, options));
  }

  destroy() {
    this.observer.disconnect();
    for (const remove of this.listeners) remove();
  }

  /** A new picture (its size may differ from the last one's): fit again. */
  setPicture(picture) {
    const changed = picture.width !== this.picture.width || picture.height !== this.picture.height;
    this.picture = picture;
    if (changed) this.fit();
  }

  /** The board's size when whole: the area's width, no more than the picture's own size or
   * most of the window's height. Keeps the zoom; says whether zooming is offered. */
  fit() {
    const { width, height, grid } = this.picture;
    const room = this.area.clientWidth || width;
    const tall = Math.max(240, window.innerHeight * 0.8);
    this.fitWidth = Math.floor(Math.min(room, width, (tall * width) / height));
    const cell = (grid.cell * this.fitWidth) / width;
    this.zoomable = cell < TOUCH_CELL;
    this.maxZoom = this.zoomable ? Math.max(2, BIG_CELL / cell) : 1;
    this.stage.style.width = `${this.fitWidth}px`;
    this.stage.style.height = `${Math.round((this.fitWidth * height) / width)}px`;
    this.stage.classList.toggle("zoomable", this.zoomable);
    this.area.classList.toggle("zoomable", this.zoomable);
    this.set(this.zoom);
  }

  /** Zooms to `zoom` (clamped to 1…max) keeping the point (x, y) of the stage, in client
   * px, where it is (the stage's centre by default). */
  set(zoom, x, y) {
    const box = this.stage.getBoundingClientRect();
    const [px, py] = [
      x === undefined ? box.width / 2 : x - box.left,
      y === undefined ? box.height / 2 : y - box.top,
    ];
    const [bx, by] = [(this.stage.scrollLeft + px) / this.zoom, (this.stage.scrollTop + py) / this.zoom];
    this.zoom = Math.min(this.maxZoom, Math.max(1, zoom));
    const width = this.fitWidth * this.zoom;
    this.board.style.width = `${width}px`;
    this.board.style.height = `${(width * this.picture.height) / this.picture.width}px`;
    this.stage.scrollLeft = bx * this.zoom - px;
    this.stage.scrollTop = by * this.zoom - py;
    this.stage.dataset.zoom = this.zoom.toFixed(2);
    this.onChange?.();
  }

  zoomIn() {
    this.set(this.zoom * STEP);
  }

  zoomOut() {
    this.set(this.zoom / STEP);
  }

  /** True once if the last press was a drag or a pinch (its click is not a tap). */
  consumeDrag() {
    const dragged = this.dragged;
    this.dragged = false;
    return dragged;
  }

  down(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (!this.pointers.size) this.dragged = false;
    this.pointers.set(event.pointerId, {
      x: event.clientX,
      y: event.clientY,
      startX: event.clientX,
      startY: event.clientY,
    });
    if (this.pointers.size === 2) {
      this.pinch = { distance: this.spread(), zoom: this.zoom };
      this.dragged = true;
    }
  }

  move(event) {
    const pointer = this.pointers.get(event.pointerId);
    if (!pointer) return;
    const [dx, dy] = [event.clientX - pointer.x, event.clientY - pointer.y];
    Object.assign(pointer, { x: event.clientX, y: event.clientY });
    if (this.pointers.size >= 2 && this.pinch) {
      const [a, b] = [...this.pointers.values()];
      this.set((this.pinch.zoom * this.spread()) / this.pinch.distance, (a.x + b.x) / 2, (a.y + b.y) / 2);
      return;
    }
    if (!this.zoomable) return;
    if (!this.dragged && Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) > DRAG)
      this.dragged = true;
    if (this.dragged) {
      this.stage.scrollLeft -= dx;
      this.stage.scrollTop -= dy;
    }
  }

  up(event) {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
  }

  spread() {
    const [a, b] = [...this.pointers.values()];
    return Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
  }

  wheel(event) {
    if (!this.zoomable) return;
    if (event.ctrlKey) {
      event.preventDefault();
      this.set(this.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), event.clientX, event.clientY);
      return;
    }
    const [left, top] = [this.stage.scrollLeft, this.stage.scrollTop];
    this.stage.scrollLeft += event.deltaX;
    this.stage.scrollTop += event.deltaY;
    if (left !== this.stage.scrollLeft || top !== this.stage.scrollTop) event.preventDefault();
  }
}
