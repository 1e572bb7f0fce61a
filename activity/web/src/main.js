// The Activity's entry: sign in through Discord's client, then the board UI.
import { ConnectError, connect } from "./discord.js";
import { startApp } from "./ui/app.js";

const FAILED = "Something went wrong: close the Activity and open it again.";

function showError(root, sentence) {
  const line = document.createElement("p");
  line.className = "error";
  line.setAttribute("role", "alert");
  line.textContent = sentence;
  root.replaceChildren(line);
}

async function main() {
  const root = document.getElementById("app");
  try {
    const { sdk, user, api } = await connect();
    await startApp({ root, api, user, sdk });
  } catch (error) {
    showError(root, error instanceof ConnectError ? error.message : FAILED);
    if (!(error instanceof ConnectError)) console.error(error);
  }
}

main();
