#!/usr/bin/env node
// The installed `paperbot` command: main.ts (the one place that reads the environment) runs the CLI via tsx.
import { register } from "tsx/esm/api";

register();
process.argv.splice(2, 0, "paperbot");
await import("../src/main.ts");
