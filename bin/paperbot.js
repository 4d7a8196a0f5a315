#!/usr/bin/env node
// The installed `paperbot` command: main (the one place that reads the environment) runs the CLI.
import { launch } from "./launch.js";

await launch(["paperbot"]);
