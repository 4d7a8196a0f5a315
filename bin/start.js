#!/usr/bin/env node
// `npm start`: the bot from a current dist/, compiled first when it is missing or stale (from source through tsx
// when it cannot be compiled).
import { launch } from "./launch.js";

await launch([], { compileFirst: true });
