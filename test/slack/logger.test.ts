import { describe, expect, it } from "vitest";
import { createBoltLogger } from "../../src/slack/bolt-logger.js";
import { capturedLogger } from "../helpers/logs.js";

describe("logging", () => {
  it("blanks tokens and secrets in logged objects and in free text", () => {
    const { logger, lines } = capturedLogger();
    const mode = { kind: "socket", botToken: "xoxb-11-22-abcdef", appToken: "xapp-1-A1-33-ghijkl" };
    logger.info({ mode, signingSecret: "s3cr3t-signing" }, "starting");
    logger.error("auth failed for xoxb-11-22-abcdef");
    logger.warn({ stateUrl: "postgres://bot:pw-in-object@db/paperbot" }, "state store");
    logger.error("could not connect to postgres://bot:pw-in-text@db:5432/paperbot");
    createBoltLogger(logger).debug("apps.connections.open with", { token: "xapp-1-A1-33-ghijkl" });
    const all = lines.join("");
    expect(lines).toHaveLength(5);
    for (const secret of [
      "xoxb-11-22-abcdef",
      "xapp-1-A1-33-ghijkl",
      "s3cr3t-signing",
      "pw-in-object",
      "pw-in-text",
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain("[Redacted]");
    expect(all).toContain("starting");
    expect(all).toContain("postgres://bot:[Redacted]@db:5432/paperbot");
  });
});
