// The home list: today's dailies, the player's open boards, and a new board of each kind
// with its presets. Every kind's name, icon and presets come from the server.

import { h } from "./dom.js";

/** The home screen for `home` (GET api/home); `open(request)` opens a board, where request is
 * `{daily_id, kind}`, `{game_id}` or `{kind, params}`. */
export function homeScreen(home, open) {
  const kinds = new Map((home.kinds ?? []).map((kind) => [kind.kind, kind]));
  const icon = (kind) => kinds.get(kind)?.icon ?? "";
  const section = (title, ...body) =>
    h("section", { class: "home-section" }, h("h2", { text: title }), ...body);

  const dailies = (home.dailies ?? []).map((daily) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "row",
          dataset: { homeDaily: daily.kind, state: daily.state },
          onclick: () =>
            open(daily.game_id ? { game_id: daily.game_id } : { kind: daily.kind, daily_id: daily.daily_id }),
        },
        h("span", { class: "row-title", text: `${icon(daily.kind)} ${daily.title}`.trim() }),
        h("span", { class: "badge", text: daily.state }),
      ),
    ),
  );
  const boards = (home.boards ?? []).map((board) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "row",
          dataset: { homeBoard: board.game_id },
          onclick: () => open({ game_id: board.game_id }),
        },
        h("span", { class: "row-title", text: `${icon(board.kind)} ${board.title}`.trim() }),
        h("span", { class: "badge", text: board.daily ? `daily ${board.daily}` : "your board" }),
      ),
    ),
  );
  const news = (home.kinds ?? []).map((kind) => {
    const select = h(
      "select",
      { id: `preset-${kind.kind}`, dataset: { preset: kind.kind }, "aria-label": `${kind.title} size` },
      (kind.presets ?? []).map((preset) =>
        h("option", { value: preset, selected: preset === kind.default, text: preset }),
      ),
    );
    return h(
      "li",
      { class: "new" },
      h("label", { for: select.id, class: "row-title", text: `${kind.icon ?? ""} ${kind.title}`.trim() }),
      select,
      h("button", {
        type: "button",
        dataset: { new: kind.kind },
        "aria-label": `New ${kind.title} board`,
        text: "New board",
        onclick: () => open({ kind: kind.kind, params: select.value }),
      }),
    );
  });

  return h(
    "section",
    { class: "home" },
    h(
      "header",
      { class: "topbar" },
      h("h1", { class: "heading", text: "Puzzles" }),
      home.user?.name ? h("span", { class: "who", text: home.user.name }) : null,
    ),
    section(
      "Today's dailies",
      dailies.length
        ? h("ul", { class: "list" }, dailies)
        : h("p", { class: "empty", text: "No daily puzzle today yet." }),
    ),
    boards.length ? section("Your open boards", h("ul", { class: "list" }, boards)) : null,
    section("New board", h("ul", { class: "list" }, news)),
  );
}
