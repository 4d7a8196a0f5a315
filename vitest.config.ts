import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Limits for a hang, not for speed: beside other suites or stress-ng on two cores, tests and hooks that start
    // processes or build an index take 4 to 8 times their idle time (a seeds index in beforeAll past 10 s, a
    // bot process's start in beforeAll past 40 s).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two files at a time, each worker running its files one after another in one process (no fresh process
    // and no fresh import of src/ per file: that was a third of the run). Files never meet: every port is
    // the system's pick, every database, folder and index the file's own, and the setup file closes what a
    // file's helpers opened.
    pool: "forks",
    maxWorkers: 2,
    isolate: false,
    // A PostgreSQL for the store tests, and the check that no test leaves files or databases behind.
    globalSetup: ["test/helpers/global-setup.ts"],
    setupFiles: ["test/helpers/each-file.ts"],
  },
});
