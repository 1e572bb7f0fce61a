// The one status line (#status): refusals and notices in one sentence, read out by screen
// readers (a live region kept in the page from the start), cleared by the next action or a tap.

import { h } from "./dom.js";

export class Status {
  constructor() {
    this.element = h("p", {
      id: "status",
      class: "status",
      role: "status",
      "aria-live": "polite",
      title: "Tap to dismiss",
      onclick: () => this.clear(),
    });
  }

  /** Shows one sentence; `kind` is "error" (a refusal, a failure) or "note". */
  show(text, kind = "error") {
    this.element.textContent = text;
    this.element.dataset.kind = kind;
  }

  clear() {
    this.element.textContent = "";
    delete this.element.dataset.kind;
  }
}

/** What went wrong, in one sentence: the server's own or a plain one for a lost connection. */
export function errorText(error) {
  if (error?.body?.error) return error.body.error;
  if (error?.status) return "The server could not do that; try again.";
  return "Could not reach the server; check your connection and try again.";
}
