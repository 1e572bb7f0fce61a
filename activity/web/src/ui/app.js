// The Activity's board UI: startApp shows the home list (or opens at once what the player
// launched) and one board at a time. It names no kind: everything comes from the server's
// JSON (see the contract in docs/architecture.md).

import { BoardScreen } from "./board.js";
import { h } from "./dom.js";
import { homeScreen } from "./home.js";
import { errorText, Status } from "./status.js";

/**
 * Starts the UI in `root`. `api(path, {method, body})` returns the answer's JSON or throws an
 * Error with `.status` and `.body` (`{error, view}`); `user` is the signed-in player; `sdk`
 * the Discord SDK (unused by the board itself).
 */
export async function startApp({ root, api }) {
  const status = new Status();
  const screen = h("div", { class: "screen" });
  root.replaceChildren(screen, status.element);
  let board = null;

  const leave = () => {
    board?.destroy();
    board = null;
  };

  const showHome = async () => {
    leave();
    status.clear();
    try {
      const home = await api("api/home");
      screen.replaceChildren(homeScreen(home, open));
      document.body.dataset.view = "home";
      return home;
    } catch (error) {
      status.show(errorText(error));
      screen.replaceChildren(
        h("button", { type: "button", class: "retry", text: "Try again", onclick: showHome }),
      );
      document.body.dataset.view = "home";
      return null;
    }
  };

  /** Opens a board: `{game_id}` (resume), `{kind, daily_id}` (a daily: this starts its clock),
   * or `{kind, params}` (a new board of one's own). */
  async function open(request) {
    status.clear();
    try {
      const answer = request.game_id
        ? await api(`api/boards/${request.game_id}`)
        : await api("api/boards", {
            method: "POST",
            body: request.daily_id
              ? { kind: request.kind, daily_id: request.daily_id }
              : { kind: request.kind, params: request.params },
          });
      leave();
      board = new BoardScreen(answer.view, { api, status, onHome: showHome });
      board.mount(screen);
      board.focus();
    } catch (error) {
      status.show(errorText(error));
    }
  }

  const home = await showHome();
  if (home?.launch) await open(home.launch);
}
