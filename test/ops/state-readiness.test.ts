import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { StateStatus } from "../../src/bot/ports.js";
import { opsRoutes } from "../../src/ops/health.js";
import { createMetrics, watchState } from "../../src/ops/metrics.js";
import { capturedLogger } from "../helpers/logs.js";

/*
 * What /readyz and /metrics say of the state (issue 38, item 5): shared through the store, or this process's
 * memory only, since when, and whether the store is being reconnected. /readyz stays 200 meanwhile: answers
 * go on (docs/failure-modes.md says why).
 */

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(state: () => StateStatus, now: () => number): Promise<string> {
  const metrics = createMetrics({ processMetrics: false });
  watchState(metrics, { state, now });
  const routes = opsRoutes(
    { corpusLoaded: () => true, slack: () => ({ token: true }), alive: () => true, state },
    metrics.registry,
    capturedLogger().logger,
  );
  server = createServer((req, res) => {
    const route = routes.find((r) => r.path === req.url);
    if (route === undefined) res.writeHead(404).end();
    else route.handler(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const metricValue = (text: string, name: string) =>
  Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);

describe("/readyz and /metrics on the state", () => {
  it("say shared, then memory and reconnecting since when, then shared again; /readyz stays 200", async () => {
    const since = Date.parse("2026-01-02T08:00:00Z");
    let current: StateStatus = { writable: true };
    const base = await serve(
      () => current,
      () => since + 90_000,
    );

    const shared = await fetch(`${base}/readyz`);
    expect(shared.status).toBe(200);
    expect(await shared.json()).toEqual({ ok: true, corpus: true, slack: true, state: "shared" });
    let metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metricValue(metrics, "paperbot_state_shared")).toBe(1);
    expect(metricValue(metrics, "paperbot_state_unavailable_seconds")).toBe(0);

    current = { writable: false, problem: "unavailable", since, reconnecting: true };
    const memory = await fetch(`${base}/readyz`);
    expect(memory.status).toBe(200);
    expect(await memory.json()).toEqual({
      ok: true,
      corpus: true,
      slack: true,
      state: "memory",
      stateSince: "2026-01-02T08:00:00.000Z",
      stateReconnecting: true,
    });
    metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metricValue(metrics, "paperbot_state_shared")).toBe(0);
    expect(metricValue(metrics, "paperbot_state_unavailable_seconds")).toBe(90);

    current = { writable: true };
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ state: "shared" });
  });
});
