import { PassThrough } from "node:stream";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { BotDeps } from "../../src/bot/ports.js";
import { CONSOLE_HELP, NO_SUCH_BUTTON, startConsole } from "../../src/console/repl.js";
import type { SearchIndex } from "../../src/search/types.js";
import { fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { paperWith } from "../helpers/papers.js";

let bot: BotDeps;
let index: SearchIndex;

beforeAll(async () => {
  ({ bot, index } = await fixtureBot());
});

const headlineOf = (words: string) => paperWith(index, words).headline.slice(0, 25);

/** A console over in-memory streams: type a line, read everything printed so far. */
function openConsole() {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = "";
  output.on("data", (chunk) => {
    printed += String(chunk);
  });
  const finished = startConsole({ bot, input, output, logger: capturedLogger().logger, interactive: false });
  return {
    type: (line: string) => input.write(`${line}\n`),
    end: () => input.end(),
    printed: () => printed,
    finished,
    waitFor: (text: string) => vi.waitFor(() => expect(printed).toContain(text), { timeout: 5000 }),
  };
}

describe("the offline console", () => {
  it("answers /paper like the slash command and shares a card with :n", async () => {
    const chat = openConsole();
    chat.type("/paper RLHF");
    await chat.waitFor(headlineOf("RLHF"));
    const share = /\[(\d+)\] Share in channel/.exec(chat.printed());
    expect(share).not.toBeNull();
    chat.type(`:${share?.[1]}`);
    await chat.waitFor("(posted in the channel, shared by you)");
    chat.type("quit");
    await chat.finished;
  });

  it("answers @paperbot questions and plain text as a direct message", async () => {
    const chat = openConsole();
    chat.type("@paperbot who has worked on reward models?");
    await chat.waitFor("Ada Lovelace");
    chat.type("papers by Alan Turing");
    await chat.waitFor(headlineOf("imitation game"));
    chat.end();
    await chat.finished;
  });

  it("explains itself on help, refuses a button that is not there, and ends on quit", async () => {
    const chat = openConsole();
    chat.type("help");
    chat.type(":9");
    chat.type("quit");
    chat.type("/paper RLHF");
    await chat.finished;
    expect(chat.printed()).toContain(CONSOLE_HELP);
    expect(chat.printed()).toContain(NO_SUCH_BUTTON);
    expect(chat.printed()).not.toContain(headlineOf("RLHF"));
  });

  it("opens a paper from an author summary's list and presses a card's menu options like its buttons", async () => {
    const chat = openConsole();
    chat.type("author Alan Turing");
    await chat.waitFor("*Alan Turing*");
    const item = /^\[(\d+)\] .+ ([a-z0-9]{7})$/m.exec(chat.printed());
    expect(item).not.toBeNull();
    const before = chat.printed().length;
    chat.type(`:${item?.[1]}`);
    await chat.waitFor(`id ${item?.[2]}`);
    const similar = /\[(\d+)\] More like this/.exec(chat.printed().slice(before));
    expect(similar).not.toBeNull();
    chat.type(`:${similar?.[1]}`);
    // The fixture's four papers share no topic: the answer says so, naming the paper.
    await chat.waitFor("No paper is close to this one, “");
    chat.end();
    await chat.finished;
  });

  it("prints no prompt or greeting when the input is piped", async () => {
    const chat = openConsole();
    chat.type("/paper help");
    chat.end();
    await chat.finished;
    expect(chat.printed()).not.toContain("paperbot>");
    expect(chat.printed()).not.toContain("offline console");
  });
});
