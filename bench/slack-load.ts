// Child-process entry: signed `/paper` requests at a fixed rate with autocannon, kept out of the server's process
// so the load generator's own work never shows up as the server's ack latency. Prints autocannon's result as JSON.
import { createHmac } from "node:crypto";
import autocannon, { type AutocannonResult } from "autocannon";
import { z } from "zod";

export const slackLoadSchema = z.object({
  port: z.number().int(),
  fakeSlackPort: z.number().int(),
  signingSecret: z.string(),
  texts: z.array(z.string()).min(1),
  rate: z.number().positive(),
  durationSeconds: z.number().positive(),
});

export type SlackLoad = z.infer<typeof slackLoadSchema>;

function signedHeaders(secret: string, body: string, nowSeconds: number): Record<string, string> {
  const signature = createHmac("sha256", secret).update(`v0:${nowSeconds}:${body}`).digest("hex");
  return {
    "content-type": "application/x-www-form-urlencoded",
    "x-slack-request-timestamp": String(nowSeconds),
    "x-slack-signature": `v0=${signature}`,
  };
}

async function runLoad(load: SlackLoad): Promise<AutocannonResult> {
  let sequence = 0;
  return autocannon({
    url: `http://127.0.0.1:${load.port}`,
    connections: 10,
    duration: load.durationSeconds,
    overallRate: load.rate,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: "/slack/events",
        setupRequest: (request) => {
          const n = sequence++;
          const body = new URLSearchParams({
            token: "legacy",
            team_id: "TBENCH",
            channel_id: "CBENCH",
            user_id: `U${n % 50}`,
            command: "/paper",
            text: load.texts[n % load.texts.length] ?? "agents",
            response_url: `http://127.0.0.1:${load.fakeSlackPort}/respond/${n}`,
            trigger_id: `trigger.${n}`,
          }).toString();
          return {
            ...request,
            body,
            headers: signedHeaders(load.signingSecret, body, Math.floor(Date.now() / 1000)),
          };
        },
      },
    ],
  });
}

const load = slackLoadSchema.parse(JSON.parse(process.argv[2] ?? "{}"));
process.stdout.write(JSON.stringify(await runLoad(load)));
