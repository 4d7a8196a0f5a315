#!/usr/bin/env node
// `npm start`: the bot, compiled when `npm run build` made a current dist/, else from source through tsx.
import { launch } from "./launch.js";

await launch([]);
