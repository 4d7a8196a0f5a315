import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A message as Slack keeps it: what the channel's members see. */
export interface StoredMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  text?: string;
  blocks?: unknown[];
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
}

/** How the fake answers one call of a method instead of doing it. */
export type Fault =
  /** An HTTP error status; with `store`, the message was kept before the error (Slack's worst case). */
  | { status: number; store?: boolean }
  /** 429 with Retry-After (seconds); nothing stored. */
  | { rateLimited: number }
  /** Slack's `ok: false` with this error; nothing stored. */
  | { error: string }
  /** No answer at all, until the caller gives up; with `store`, the message was kept. */
  | { hang: true; store?: boolean };

export interface ApiCall {
  method: string;
  args: Record<string, unknown>;
  authorization: string;
  at: number;
}

export interface FakeSlackApi {
  /** Base URL for SLACK_API_URL / slackApiUrl (ends in /api/). */
  apiUrl: string;
  /** A response_url on this server; what is posted to it lands in `responses(path)`. */
  responseUrl(path: string): string;
  /** Everything posted to one response_url, in order. */
  responses(path: string): Record<string, unknown>[];
  messages: StoredMessage[];
  calls: ApiCall[];
  /** Calls of one method, in order. */
  callsOf(method: string): ApiCall[];
  /** The next calls of `method` (or POSTs to a response_url path) meet these faults, one each, in order. */
  fail(method: string, ...faults: Fault[]): void;
  /** Until `outage(method)` without a fault, every call of `method` (after the queued faults) meets this one. */
  outage(method: string, fault?: Fault): void;
  /** The next `count` calls of `method` are each held until all `count` have arrived, then answered together. */
  together(method: string, count: number): void;
  /** Stops accepting connections (callers get ECONNREFUSED) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** What apps.connections.open answers with (a Socket Mode server's URL). */
  socketUrl?: string;
  /** users.conversations: the channels each user is a member of (none unless set). */
  memberships: Record<string, string[]>;
  /** Every view published (views.publish), in order, parsed. */
  published: { userId: string; view: Record<string, unknown> }[];
  /** Every file uploaded: the bytes posted to the upload URL, and where completeUploadExternal shared it. */
  files: { id: string; content: string; channel?: string; title?: string; comment?: string }[];
  close(): Promise<void>;
}

function formOrJson(req: IncomingMessage, raw: string): Record<string, unknown> {
  if ((req.headers["content-type"] ?? "").includes("json")) return raw === "" ? {} : JSON.parse(raw);
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    args[key] = ["blocks", "attachments", "metadata", "view", "files"].includes(key)
      ? JSON.parse(value)
      : value;
  }
  return args;
}

const isTrue = (value: unknown) => value === true || value === "true";

export interface FakeSlackOptions {
  /** Slack's clock, for the ts of stored messages: the bots' clock when a test moves it. Date.now unless given. */
  now?: () => number;
}

/**
 * A loopback stand-in for Slack's Web API and response_urls that keeps the messages it is sent, so a test
 * can count what a user would see, and fails calls on demand (status, 429, error, hang, connection refused).
 */
export async function startFakeSlackApi(options: FakeSlackOptions = {}): Promise<FakeSlackApi> {
  const now = options.now ?? Date.now;
  const messages: StoredMessage[] = [];
  const calls: ApiCall[] = [];
  const faults = new Map<string, Fault[]>();
  const outages = new Map<string, Fault>();
  const gates = new Map<string, { count: number; held: (() => void)[] }>();
  const hooks = new Map<string, Record<string, unknown>[]>();
  const sockets = new Set<Socket>();
  const memberships: Record<string, string[]> = {};
  const published: FakeSlackApi["published"] = [];
  const files: FakeSlackApi["files"] = [];
  let sequence = 0;
  const nextTs = () => `${Math.floor(now() / 1000)}.${String(++sequence).padStart(6, "0")}`;
  const fake: Partial<FakeSlackApi> = {};

  const json = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  };

  const store = (args: Record<string, unknown>): StoredMessage => {
    const message: StoredMessage = {
      channel: String(args.channel),
      ts: nextTs(),
      ...(args.thread_ts === undefined ? {} : { thread_ts: String(args.thread_ts) }),
      ...(typeof args.text === "string" ? { text: args.text } : {}),
      ...(Array.isArray(args.blocks) ? { blocks: args.blocks } : {}),
      ...(typeof args.metadata === "object" && args.metadata !== null
        ? { metadata: args.metadata as StoredMessage["metadata"] }
        : {}),
    };
    messages.push(message);
    return message;
  };

  const visible = (m: StoredMessage, args: Record<string, unknown>) => {
    const { metadata, ...rest } = m;
    return isTrue(args.include_all_metadata) && metadata !== undefined ? { ...rest, metadata } : rest;
  };

  const api = (method: string, args: Record<string, unknown>, res: ServerResponse) => {
    const after = (m: StoredMessage) => args.oldest === undefined || Number(m.ts) > Number(args.oldest);
    switch (method) {
      case "auth.test":
        return json(res, 200, {
          ok: true,
          user_id: "U0BOT",
          bot_id: "B0BOT",
          team_id: "T0TEST",
          user: "paperbot",
        });
      case "apps.connections.open":
        return json(res, 200, { ok: true, url: fake.socketUrl });
      case "chat.postMessage": {
        const m = store(args);
        return json(res, 200, { ok: true, channel: m.channel, ts: m.ts, message: { text: m.text } });
      }
      case "chat.delete": {
        const at = messages.findIndex((m) => m.channel === args.channel && m.ts === args.ts);
        if (at === -1) return json(res, 200, { ok: false, error: "message_not_found" });
        messages.splice(at, 1);
        return json(res, 200, { ok: true, channel: args.channel, ts: args.ts });
      }
      case "conversations.history": {
        const found = messages.filter(
          (m) => m.channel === args.channel && m.thread_ts === undefined && after(m),
        );
        return json(res, 200, {
          ok: true,
          messages: found.reverse().map((m) => visible(m, args)),
          has_more: false,
        });
      }
      case "conversations.open":
        return json(res, 200, {
          ok: true,
          channel: { id: `D${String(args.users ?? "X").replace(/^U/, "")}` },
        });
      case "users.conversations":
        return json(res, 200, {
          ok: true,
          channels: (memberships[String(args.user)] ?? []).map((id) => ({ id })),
          response_metadata: { next_cursor: "" },
        });
      case "views.publish":
        published.push({ userId: String(args.user_id), view: args.view as Record<string, unknown> });
        return json(res, 200, { ok: true, view: { id: `V${published.length}` } });
      case "files.getUploadURLExternal": {
        const id = `F${String(files.length + 1).padStart(4, "0")}`;
        files.push({ id, content: "" });
        return json(res, 200, {
          ok: true,
          upload_url: `${fake.apiUrl?.replace(/\/api\/$/, "")}/upload/${id}`,
          file_id: id,
        });
      }
      case "files.completeUploadExternal": {
        const shared = (args.files as { id: string; title?: string }[] | undefined) ?? [];
        for (const item of shared) {
          const file = files.find((f) => f.id === item.id);
          if (file === undefined) continue;
          file.channel = String(args.channel_id);
          if (item.title !== undefined) file.title = item.title;
          if (typeof args.initial_comment === "string") file.comment = args.initial_comment;
        }
        return json(res, 200, {
          ok: true,
          files: shared.map((item) => ({ id: item.id, title: item.title })),
        });
      }
      case "conversations.replies": {
        const found = messages.filter(
          (m) => m.channel === args.channel && m.thread_ts === args.ts && after(m),
        );
        // Pages as Slack does: `limit` messages (at most 1,000), oldest first, then a cursor to the rest.
        const from = Number(args.cursor ?? 0);
        const end = from + Math.min(Number(args.limit ?? 1000), 1000);
        const more = end < found.length;
        return json(res, 200, {
          ok: true,
          messages: found.slice(from, end).map((m) => visible(m, args)),
          has_more: more,
          response_metadata: { next_cursor: more ? String(end) : "" },
        });
      }
      default:
        return json(res, 200, { ok: true });
    }
  };

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += String(chunk);
    });
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      const isApi = path.startsWith("/api/");
      const method = isApi ? path.slice("/api/".length) : path;
      if (path.startsWith("/upload/")) {
        const file = files.find((f) => f.id === path.slice("/upload/".length));
        if (file) file.content = raw;
        calls.push({
          method: "upload",
          args: { path },
          authorization: req.headers.authorization ?? "",
          at: Date.now(),
        });
        res.writeHead(file ? 200 : 404, { "content-type": "text/plain" });
        return res.end(file ? "OK" : "no such upload");
      }
      const args = formOrJson(req, raw);
      calls.push({ method, args, authorization: req.headers.authorization ?? "", at: Date.now() });
      const gate = gates.get(method);
      if (gate === undefined) return answer(method, path, isApi, args, res);
      gate.held.push(() => answer(method, path, isApi, args, res));
      if (gate.held.length < gate.count) return;
      gates.delete(method);
      for (const release of gate.held) release();
    });
  });
  const answer = (
    method: string,
    path: string,
    isApi: boolean,
    args: Record<string, unknown>,
    res: ServerResponse,
  ) => {
    const fault = faults.get(method)?.shift() ?? outages.get(method);
    const keep = () => {
      if (isApi && method === "chat.postMessage") store(args);
      else if (!isApi) hooks.set(path, [...(hooks.get(path) ?? []), args]);
    };
    if (fault !== undefined) {
      if ("hang" in fault) {
        if (fault.store) keep();
        return; // the socket stays open until the client aborts or the server closes
      }
      if ("rateLimited" in fault) {
        return json(
          res,
          429,
          { ok: false, error: "ratelimited" },
          { "retry-after": String(fault.rateLimited) },
        );
      }
      if ("error" in fault) return json(res, 200, { ok: false, error: fault.error });
      if (fault.store) keep();
      res.writeHead(fault.status, { "content-type": "text/plain" });
      return res.end("upstream trouble");
    }
    if (isApi) return api(method, args, res);
    keep();
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  };
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // A loopback address of its own (all of 127/8 is loopback): while down() has let go of its port, another test
  // process binding 127.0.0.1 may take that port number without taking this server's place, or its way back.
  let host = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  const closeListener = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  await listen(0).catch(() => {
    host = "127.0.0.1";
    return listen(0);
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${host}:${port}`;
  return Object.assign(fake, {
    apiUrl: `${base}/api/`,
    responseUrl: (path: string) => `${base}${path}`,
    responses: (path: string) => hooks.get(path) ?? [],
    messages,
    calls,
    memberships,
    published,
    files,
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    fail(method: string, ...more: Fault[]) {
      faults.set(method, [...(faults.get(method) ?? []), ...more]);
    },
    together(method: string, count: number) {
      gates.set(method, { count, held: [] });
    },
    outage(method: string, fault?: Fault) {
      if (fault === undefined) outages.delete(method);
      else outages.set(method, fault);
    },
    down: closeListener,
    up: () => listen(port),
    close: closeListener,
  });
}
