import type { HttpLimits } from "../../src/config.js";

/** HTTP limits as in production, for tests that are not about them. */
export const TEST_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  maxConnections: 256,
};
