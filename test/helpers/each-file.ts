import { afterAll, inject } from "vitest";
import { closeServedIndexes } from "./served-index.js";

// Runs before each test file, also when a worker runs several files one after another.

// Every test of this run makes its temporary files in the run's own folder, which the global setup checks.
process.env.TMPDIR = inject("runTmp");

afterAll(closeServedIndexes);
