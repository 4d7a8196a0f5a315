import { describe, expect, it } from "vitest";
import { escapeMrkdwn, escapeText, isSlackUserId } from "../../src/render/escape.js";

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

describe("isSlackUserId", () => {
  it("accepts user ids and refuses anything that could smuggle markup", () => {
    expect(isSlackUserId("U123ABC")).toBe(true);
    expect(isSlackUserId("W0ABC12")).toBe(true);
    expect(isSlackUserId("U1> <!channel")).toBe(false);
    expect(isSlackUserId("C123")).toBe(false);
    expect(isSlackUserId("u123")).toBe(false);
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
