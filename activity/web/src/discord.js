// Signing in inside Discord: the Embedded App SDK's handshake with Discord's client, the
// OAuth2 code from AUTHORIZE exchanged by our server (POST api/token) for Discord's access
// token and our session, then AUTHENTICATE. Every URL is relative: Discord serves the
// Activity at "/" behind its proxy, the playground under "/activity/".
import { DiscordSDK } from "@discord/embedded-app-sdk";

/** A failure the player reads: its message is one sentence. */
export class ConnectError extends Error {}

/** How long Discord's client may take to answer the handshake. */
const READY_MS = 15000;

const NO_DISCORD = "Open this from Discord: it could not reach Discord's client.";
const REFUSED = "Discord did not let Daily Pipes know who you are, so you cannot play here.";
const NO_SERVER = "The game server could not be reached: try again in a moment.";
const NOT_SIGNED_IN = "Discord did not accept the sign-in: open the Activity again.";

/** The server's JSON API with our session: `api(path, {method, body})` → the parsed answer,
 * or an Error with `.status` and `.body` (its message: the server's sentence). */
function apiWith(session) {
  return async (path, { method = "GET", body } = {}) => {
    const headers = { Accept: "application/json" };
    if (session) headers.Authorization = `Bearer ${session}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw Object.assign(new Error(NO_SERVER), { status: 0, body: null });
    }
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      const sentence = typeof data?.error === "string" ? data.error : NO_SERVER;
      throw Object.assign(new Error(sentence), { status: response.status, body: data });
    }
    return data;
  };
}

function within(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new ConnectError(NO_DISCORD)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Connect to Discord's client and sign in: `{sdk, user: {id, name}, api}`; throws a
 * ConnectError whose message says what went wrong in one sentence. */
export async function connect() {
  const clientId = document.querySelector('meta[name="client-id"]')?.content;
  if (!clientId || clientId.startsWith("__")) {
    throw new ConnectError("This Activity is not set up: Discord's client id is missing.");
  }
  let sdk;
  try {
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch {
    throw new ConnectError(NO_DISCORD); // no frame_id and the rest: not inside Discord
  }
  await within(sdk.ready(), READY_MS);
  let code;
  try {
    ({ code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    }));
  } catch {
    throw new ConnectError(REFUSED);
  }
  let signed;
  try {
    signed = await apiWith(null)("api/token", { method: "POST", body: { code } });
  } catch (error) {
    throw new ConnectError(error.status ? error.message : NO_SERVER);
  }
  try {
    await sdk.commands.authenticate({ access_token: signed.access_token });
  } catch {
    throw new ConnectError(NOT_SIGNED_IN);
  }
  return { sdk, user: signed.user, api: apiWith(signed.session) };
}
