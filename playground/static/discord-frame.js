// Discord's client around an Activity, offline: this page embeds the Activity in an
// iframe, as Discord does, and answers the Embedded App SDK over postMessage as Discord's
// client does (the SDK's RPC: [opcode, payload] with HANDSHAKE 0, FRAME 1, CLOSE 2).
//
// The query names who plays and how: ?user=<id>&name=<name> (default Alice), and optionally
// instance=, guild=, channel=, platform=desktop|mobile, activity=<path, default /activity/>
// and refuse=AUTHORIZE (a player who refuses the sign-in). Embed this page in an iframe or
// open it as a page: not with window.open from another page, or the SDK talks to that page
// (it prefers window.parent.opener).
"use strict";

const HANDSHAKE = 0;
const FRAME = 1;
const CLOSE = 2;
// Discord's RPC error and close codes the SDK knows (its RPCErrorCodes, RPCCloseCodes).
const INVALID_COMMAND = 4002;
const INVALID_TOKEN = 4009;
const OAUTH2_ERROR = 5000;
const INVALID_CLIENTID = 4000;

const query = new URLSearchParams(location.search);
const user = { id: query.get("user") || "1001", name: query.get("name") || "Alice" };
const refused = new Set((query.get("refuse") || "").split(",").filter(Boolean));
const clientId = document.querySelector('meta[name="client-id"]').content;
const frameId = crypto.randomUUID();
const frame = document.getElementById("activity");
const rpc = document.getElementById("rpc");

function note(text, ok) {
  const line = document.createElement("li");
  line.textContent = `${ok ? "✓" : "✗"} ${text}`;
  line.dataset.ok = ok ? "1" : "0";
  Object.assign(line.style, { display: "inline", marginLeft: "1em" });
  rpc.append(line);
}

function send(opcode, payload) {
  frame.contentWindow.postMessage([opcode, payload], location.origin);
}

function answer(command, data) {
  send(FRAME, { cmd: command.cmd, evt: null, nonce: command.nonce, data });
  note(command.cmd, true);
}

function fail(command, code, message) {
  send(FRAME, { cmd: command.cmd, evt: "ERROR", nonce: command.nonce, data: { code, message } });
  note(`${command.cmd}: ${message}`, false);
}

async function authorize(command) {
  if (refused.has("AUTHORIZE")) return fail(command, OAUTH2_ERROR, "The user refused.");
  const response = await fetch("authorize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_id: command.args?.client_id, user: user.id, name: user.name }),
  });
  const granted = await response.json();
  if (!response.ok) return fail(command, OAUTH2_ERROR, granted.error_description);
  return answer(command, { code: granted.code });
}

async function authenticate(command) {
  const token = command.args?.access_token;
  const response = await fetch("users/@me", { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return fail(command, INVALID_TOKEN, "Invalid access token.");
  const me = await response.json();
  const week = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  return answer(command, {
    access_token: token,
    user: {
      id: me.id,
      username: me.username,
      discriminator: me.discriminator,
      global_name: me.global_name,
      avatar: me.avatar,
      public_flags: me.public_flags,
    },
    scopes: ["identify"],
    expires: week,
    application: { id: clientId, name: "Daily Pipes", description: "", icon: null },
  });
}

function handshake(payload) {
  if (payload?.client_id !== clientId || payload?.frame_id !== frameId) {
    send(CLOSE, { code: INVALID_CLIENTID, message: "Invalid client id or frame id." });
    note("HANDSHAKE: refused", false);
    return;
  }
  send(FRAME, {
    cmd: "DISPATCH",
    evt: "READY",
    nonce: null,
    data: {
      v: 1,
      config: {
        cdn_host: "cdn.discordapp.com",
        api_endpoint: "//discord.com/api",
        environment: "production",
      },
      user: { id: user.id, username: user.name.toLowerCase(), discriminator: "0" },
    },
  });
  note("HANDSHAKE → READY", true);
}

const COMMANDS = {
  AUTHORIZE: authorize,
  AUTHENTICATE: authenticate,
  SUBSCRIBE: (command) => answer(command, { evt: command.evt }),
  UNSUBSCRIBE: (command) => answer(command, { evt: command.evt }),
};

window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  if (!Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === HANDSHAKE) return handshake(payload);
  if (opcode === CLOSE) return note(`CLOSE ${payload?.code}`, true);
  if (opcode !== FRAME) return;
  const handle = COMMANDS[payload?.cmd];
  if (!handle) return fail(payload, INVALID_COMMAND, `Unknown command ${payload?.cmd}.`);
  Promise.resolve(handle(payload)).catch(() => fail(payload, OAUTH2_ERROR, "Discord failed."));
});

function layout() {
  Object.assign(document.body.style, {
    margin: "0",
    height: "100vh",
    display: "flex",
    flexDirection: "column",
    background: "#313338",
    color: "#dbdee1",
    font: "13px sans-serif",
  });
  Object.assign(document.getElementById("bar").style, { padding: "4px 8px" });
  Object.assign(rpc.style, { display: "inline", margin: "0", padding: "0" });
  Object.assign(frame.style, { flex: "1", border: "0", width: "100%", background: "#fff" });
}

layout();
document.getElementById("who").textContent = `Discord (offline) · playing as ${user.name}`;
const launch = new URLSearchParams({
  frame_id: frameId,
  instance_id: query.get("instance") || "i-playground",
  platform: query.get("platform") || "desktop",
  guild_id: query.get("guild") || "1",
  channel_id: query.get("channel") || "2",
});
frame.src = `${query.get("activity") || "/activity/"}?${launch}`;
