import nock from "nock";

export const SLACK_API = "https://slack.com";
export const HOOKS = "https://hooks.slack.com";

/** Only loopback may be reached; everything Slack-side is nock. */
export function blockNetwork(): void {
  nock.disableNetConnect();
  nock.enableNetConnect("127.0.0.1");
}

export function resetNock(): void {
  nock.cleanAll();
  nock.enableNetConnect();
}

/** Every JSON body POSTed to one response_url; the hook keeps answering 200 so extra posts are seen, not failed. */
export function captureResponseUrl(path: string): { url: string; bodies: Record<string, unknown>[] } {
  const bodies: Record<string, unknown>[] = [];
  nock(HOOKS)
    .post(path)
    .reply(200, (_uri, body) => {
      bodies.push(typeof body === "string" ? JSON.parse(body) : (body as Record<string, unknown>));
      return "ok";
    })
    .persist();
  return { url: `${HOOKS}${path}`, bodies };
}

/** A Web API call's arguments, decoded from the form body the WebClient sends (blocks parsed back from JSON). */
export type ApiArgs = Record<string, unknown>;

function decodeApiBody(body: unknown): ApiArgs {
  if (typeof body !== "string") return body as ApiArgs;
  const args: ApiArgs = {};
  for (const [key, value] of new URLSearchParams(body)) {
    args[key] = key === "blocks" || key === "attachments" ? JSON.parse(value) : value;
  }
  return args;
}

/** Records every call of a Web API method and answers it with `response`. */
export function captureApi(
  method: string,
  response: Record<string, unknown> = { ok: true },
  status = 200,
): { calls: ApiArgs[] } {
  const calls: ApiArgs[] = [];
  nock(SLACK_API)
    .post(`/api/${method}`)
    .reply(status, (_uri, body) => {
      calls.push(decodeApiBody(body));
      return response;
    })
    .persist();
  return { calls };
}

/** chat.postMessage that succeeds with a message ts. */
export function capturePosts(): { calls: ApiArgs[] } {
  return captureApi("chat.postMessage", { ok: true, channel: "C0CHANNEL", ts: "1700000099.000100" });
}

/** auth.test for the test bot. */
export function authTestOk(): { calls: ApiArgs[] } {
  return captureApi("auth.test", {
    ok: true,
    url: "https://test.slack.com/",
    team: "Test",
    user: "paperbot",
    team_id: "T0TEST",
    user_id: "U0BOT",
    bot_id: "B0BOT",
  });
}
