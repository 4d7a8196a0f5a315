import { describe, expect, it } from "vitest";
import { escapeMrkdwn, escapeText, slackMention } from "../../src/render/escape.js";

describe("escapeText", () => {
  it("turns &, < and > into entities so no Slack markup survives", () => {
    expect(escapeText("R&D <!channel> <@U123> <#C1> <http://evil|click>")).toBe(
      "R&amp;D &lt;!channel&gt; &lt;@U123&gt; &lt;#C1&gt; &lt;http://evil|click&gt;",
    );
  });

  it("breaks @channel, @here and @everyone with an invisible joiner, in any case", () => {
    const escaped = escapeText("ping @channel @HERE @everyone");
    expect(escaped).not.toMatch(/@(channel|here|everyone)/i);
    expect(escaped.replace(/\u2060/g, "")).toBe("ping @channel @HERE @everyone");
  });

  it("leaves ordinary text and e-mail-like words readable", () => {
    expect(escapeText("RLHF in LLMs: a survey (2023)")).toBe("RLHF in LLMs: a survey (2023)");
    expect(escapeText("me@channels.org")).toBe("me@channels.org");
  });
});

describe("slackMention", () => {
  it("mentions user ids and refuses anything that could smuggle markup", () => {
    expect(slackMention("U123ABC")).toBe("<@U123ABC>");
    expect(slackMention("W0ABC12")).toBe("<@W0ABC12>");
    expect(slackMention("U1> <!channel")).toBe("");
    expect(slackMention("C123")).toBe("");
    expect(slackMention("u123")).toBe("");
  });
});

describe("escapeMrkdwn", () => {
  it("turns Slack's formatting marks into look-alikes, so corpus text shows as written", () => {
    const escaped = escapeMrkdwn("*bold* _it_ ~gone~ `code` snake_case a*b");
    expect(escaped).not.toMatch(/[*_~`]/);
    expect(escaped).toBe("∗bold∗ ˍitˍ ∼gone∼ ˋcodeˋ snakeˍcase a∗b");
  });

  it("breaks a broadcast glued to punctuation or another script", () => {
    for (const text of ["@channel_", "@here!", "@everyoneא"]) {
      expect(escapeMrkdwn(text)).not.toMatch(/@(?:channel|here|everyone)/);
    }
  });
});
