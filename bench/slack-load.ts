// Child-process entry: Slack's side of the Slack-path bench, kept out of the bot's process so that neither the
// load nor the answers' receipt is counted as the bot's work. Signed `/paper` slash commands leave at a steady
// rate, each at its own time whether or not earlier ones were acked (as users type them: an open loop, with
// loadtest), each on a new connection; the response_url receiver counts the answers. Prints the result as JSON.
import { createHmac } from "node:crypto";
import { createServer, type RequestOptions } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { loadTest } from "loadtest";
import { z } from "zod";
import { MESSAGES } from "../src/bot/messages.js";
import { percentile } from "./stats.js";

export const slackLoadSchema = z.object({
  port: z.number().int(),
  signingSecret: z.string(),
  texts: z.array(z.string()).min(1),
  rate: z.number().positive(),
  durationSeconds: z.number().positive(),
  /** How long answers may still arrive after the last ack. */
  drainMs: z.number().int().min(0),
});
export type SlackLoad = z.infer<typeof slackLoadSchema>;

export const slackLoadResultSchema = z.object({
  sent: z.number(),
  /** Ack time of each acked request (HTTP 2xx), in ms from its send to the response's arrival. */
  ackMs: z.array(z.number()),
  /** Requests answered with another status, failed to connect, or not answered within the timeout. */
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
  /** Time to the answer of each answered request, in ms from its send to the answer's arrival at the response_url. */
  answerMs: z.array(z.number()),
  /** Answers that said the search stopped while answering (a worker died) and to ask again. */
  askedAgain: z.number(),
  /** Acked requests whose response_url got no answer by the end of the drain. */
  lostAnswers: z.number(),
  /** How late the load generator sent, behind the steady schedule (its own delays, not the bot's). */
  sendLagMs: z.object({ p99: z.number(), max: z.number() }),
});
export type SlackLoadResult = z.infer<typeof slackLoadResultSchema>;

const TIMEOUT_MS = 10_000;

function signedHeaders(secret: string, body: string, nowSeconds: number): Record<string, string> {
  const signature = createHmac("sha256", secret).update(`v0:${nowSeconds}:${body}`).digest("hex");
  return {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    "x-slack-request-timestamp": String(nowSeconds),
    "x-slack-signature": `v0=${signature}`,
  };
}

/** The response_url side of Slack: when the answer to each request number arrived. */
async function startAnswerReceiver(): Promise<{
  port: number;
  answered: Map<number, number>;
  askedAgain: Set<number>;
  close(): void;
}> {
  const answered = new Map<number, number>();
  const askedAgain = new Set<number>();
  const server = createServer((request, response) => {
    const n = /^\/respond\/(\d+)$/.exec(request.url ?? "")?.[1];
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      if (n !== undefined && !answered.has(Number(n))) answered.set(Number(n), performance.now());
      if (n !== undefined && body.includes(MESSAGES.searchUnavailable)) askedAgain.add(Number(n));
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, answered, askedAgain, close: () => server.close() };
}

async function runLoad(load: SlackLoad): Promise<SlackLoadResult> {
  const receiver = await startAnswerReceiver();
  const total = Math.round(load.rate * load.durationSeconds);
  const interval = 1000 / load.rate;
  const sentAt = new Map<number, number>();
  const ackMs = new Map<number, number>();
  const lags: number[] = [];
  let sequence = 0;
  let firstAt: number | undefined;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  await new Promise<void>((resolve, reject) => {
    loadTest(
      {
        url: `http://127.0.0.1:${load.port}/slack/events`,
        method: "POST",
        requestsPerSecond: load.rate,
        maxRequests: total,
        timeout: TIMEOUT_MS,
        quiet: true,
        // Called (options, params, request, onResponse), whatever loadtest's own types say.
        requestGenerator: (
          _options: unknown,
          params: RequestOptions,
          request: (
            params: RequestOptions,
            onResponse: (response: import("node:http").IncomingMessage) => void,
          ) => import("node:http").ClientRequest,
          onResponse: (response: import("node:http").IncomingMessage) => void,
        ) => {
          const n = sequence++;
          const body = new URLSearchParams({
            token: "legacy",
            team_id: "TBENCH",
            channel_id: "CBENCH",
            user_id: `U${n % 50}`,
            command: "/paper",
            text: load.texts[n % load.texts.length] ?? "agents",
            response_url: `http://127.0.0.1:${receiver.port}/respond/${n}`,
            trigger_id: `trigger.${n}`,
          }).toString();
          const now = performance.now();
          firstAt ??= now;
          lags.push(Math.max(0, now - (firstAt + n * interval)));
          params.headers = signedHeaders(load.signingSecret, body, Math.floor(Date.now() / 1000));
          sentAt.set(n, now);
          const sent = request(params, (response) => {
            const ms = performance.now() - (sentAt.get(n) ?? now);
            if (response.statusCode !== undefined && response.statusCode < 300) ackMs.set(n, ms);
            else non2xx++;
            onResponse(response);
          });
          sent.on("timeout", () => timeouts++);
          sent.on("error", () => errors++);
          sent.write(body);
          return sent;
        },
      },
      (error: unknown) => (error ? reject(error) : resolve()),
    );
  });
  const lastAck = performance.now();
  while (performance.now() - lastAck < load.drainMs && receiver.answered.size < ackMs.size)
    await new Promise((resolve) => setTimeout(resolve, 100));
  receiver.close();
  return {
    sent: sequence,
    ackMs: [...ackMs.values()],
    non2xx,
    errors,
    timeouts,
    answerMs: [...receiver.answered].map(([n, at]) => at - (sentAt.get(n) ?? at)),
    askedAgain: receiver.askedAgain.size,
    lostAnswers: [...ackMs.keys()].filter((n) => !receiver.answered.has(n)).length,
    sendLagMs: { p99: percentile(lags, 99), max: Math.max(0, ...lags) },
  };
}

// Run as the child process only (bench/slack-path.ts imports this module for its schemas).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = slackLoadSchema.parse(JSON.parse(process.argv[2] ?? "{}"));
  process.stdout.write(JSON.stringify(await runLoad(load)));
}
