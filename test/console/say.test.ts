import { beforeAll, describe, expect, it } from "vitest";
import type { BotDeps } from "../../src/bot/ports.js";
import { sayMessages, sayText } from "../../src/console/say.js";
import type { SearchIndex } from "../../src/search/types.js";
import { fixtureBot } from "../helpers/bot.js";
import { paperWith } from "../helpers/papers.js";

let bot: BotDeps;
let index: SearchIndex;

beforeAll(async () => {
  ({ bot, index } = await fixtureBot());
});

const headlineOf = (words: string) => paperWith(index, words).headline.slice(0, 25);

describe("paperbot say", () => {
  it("gives the exact private response a /paper command sends", async () => {
    const { messages } = await sayMessages(bot, "/paper RLHF");
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({
      response_type: "ephemeral",
      replace_original: false,
      unfurl_links: false,
      unfurl_media: false,
    });
    expect(Array.isArray(message?.blocks)).toBe(true);
    expect(message?.text.length).toBeGreaterThan(0);
    expect(JSON.stringify(message)).toContain(headlineOf("RLHF"));
  });

  it("treats bare text as the text of /paper", async () => {
    expect(await sayMessages(bot, "RLHF")).toEqual(await sayMessages(bot, "/paper RLHF"));
  });

  it("gives the chat.postMessage a mention would send", async () => {
    const { messages } = await sayMessages(bot, "@paperbot who has worked on reward models?");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toHaveProperty("channel");
    expect(messages[0]).not.toHaveProperty("response_type");
    expect(JSON.stringify(messages[0])).toContain("Ada Lovelace");
  });

  it("prints the console's text form", async () => {
    const text = await sayText(bot, "/paper author Alan Turing");
    expect(text).toContain(headlineOf("Morphogenesis"));
    expect(text).not.toContain('"blocks"');
  });
});
