import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    pool: "forks",
    // A PostgreSQL for the store tests, and the check that no test leaves files or databases behind.
    globalSetup: ["test/helpers/global-setup.ts"],
    setupFiles: ["test/helpers/run-tmp.ts"],
  },
});
