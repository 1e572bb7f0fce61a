// A question asked in the page (a modal <dialog>, never window.confirm, which Discord's
// frame may block): resolves true for yes, false for no or Escape.

import { h } from "./dom.js";

export function ask(question, yes, no) {
  return new Promise((resolve) => {
    const answer = (value) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    const dialog = h(
      "dialog",
      { class: "confirm", "aria-label": question },
      h("p", { text: question }),
      h(
        "div",
        { class: "confirm-buttons" },
        h("button", {
          type: "button",
          class: "danger",
          dataset: { confirm: "yes" },
          text: yes,
          onclick: () => answer(true),
        }),
        h("button", { type: "button", dataset: { confirm: "no" }, text: no, onclick: () => answer(false) }),
      ),
    );
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      answer(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector("[data-confirm=no]").focus();
  });
}
