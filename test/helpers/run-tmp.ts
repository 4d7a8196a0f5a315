import { inject } from "vitest";

// Every test of this run makes its temporary files in the run's own folder, which the global setup checks.
process.env.TMPDIR = inject("runTmp");
