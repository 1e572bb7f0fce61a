// Small DOM helpers: build elements without HTML strings (the page's CSP forbids inline
// styles and scripts, and text never passes through innerHTML).

/**
 * An element: `h("button", {class: "x", dataset: {cell: "B3"}, onclick: f}, "text", child)`.
 * Props: `class`, `text`, `dataset`, `on<event>` handlers, anything else as an attribute
 * (`true` sets it empty, `false`/`null`/`undefined` leaves it out).
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") element.className = value;
    else if (key === "text") element.textContent = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else element.setAttribute(key, value === true ? "" : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return element;
}

/** Sets an element's text only when it changed (keeps screen readers quiet otherwise). */
export function setText(element, text) {
  const value = text ?? "";
  if (element.textContent !== value) element.textContent = value;
}

/** Resolves after the next frame has been laid out, when what was swapped in is shown. */
export function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
