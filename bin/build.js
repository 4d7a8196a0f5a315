#!/usr/bin/env node
// `npm run build`: dist/ compiled from src/ and bundled, as `npm start` does when the build is missing or stale.
import { compile } from "./launch.js";

if (!(await compile())) {
  process.stderr.write("paperbot: the build failed (is TypeScript installed?)\n");
  process.exit(1);
}
