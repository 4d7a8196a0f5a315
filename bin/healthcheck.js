#!/usr/bin/env node
// The container's HEALTHCHECK: exit 0 when the bot on this machine answers /readyz with 200, else 1.
// The port is the one the bot serves health on: HEALTH_PORT in Socket Mode (an app token is set), else PORT.
const env = process.env;
const socketMode = (env.SLACK_APP_TOKEN ?? "").trim() !== "";
const port = (socketMode ? env.HEALTH_PORT : env.PORT)?.trim() || "3000";
const path = process.argv[2] ?? "/readyz";

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) });
  process.stdout.write(`${response.status} ${await response.text()}\n`);
  process.exitCode = response.status === 200 ? 0 : 1;
} catch (error) {
  process.stdout.write(`unreachable: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
