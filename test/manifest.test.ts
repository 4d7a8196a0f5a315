import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ASSISTANT_PROMPTS } from "../src/bot/messages.js";
import { ASK_SHORTCUT } from "../src/slack/ask-shortcut.js";
import { RELATED_PAPERS_SHORTCUT } from "../src/slack/shortcut.js";

const manifest = parse(readFileSync("manifest.yml", "utf8"));
const schema = JSON.parse(readFileSync("test/fixtures/manifest.schema.1.0.0.json", "utf8"));

// The schema uses a non-standard "regex" keyword next to draft-07 ones; strict mode would reject it.
const compiled = () =>
  new Ajv({
    strict: false,
    allErrors: true,
    formats: { uri: (value: string) => URL.canParse(value) },
  }).compile(schema);

describe("manifest.yml", () => {
  it("passes Slack's app manifest schema", () => {
    const validate = compiled();
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it("is rejected by the same schema when it breaks a rule (the check can fail)", () => {
    const validate = compiled();
    expect(validate({ ...manifest, display_information: {} })).toBe(false);
    expect(
      validate({ ...manifest, features: { ...manifest.features, slash_commands: [{ command: "paper" }] } }),
    ).toBe(false);
  });

  it("creates Paperbot with the /paper command, Socket Mode and interactivity on", () => {
    expect(manifest.display_information.name).toBe("Paperbot");
    expect(manifest.features.bot_user.display_name).toBe("Paperbot");
    const [command] = manifest.features.slash_commands;
    expect(command.command).toBe("/paper");
    expect(command.usage_hint).toMatch(/who/);
    expect(command.description.length).toBeGreaterThan(10);
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
  });

  it("subscribes to mentions, direct messages and App Home, with the home and messages tabs on", () => {
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(["app_mention", "message.im", "app_home_opened"]),
    );
    expect(manifest.features.app_home).toMatchObject({ home_tab_enabled: true, messages_tab_enabled: true });
  });

  it("offers the shortcuts the bot listens for: Ask Paperbot anywhere, Find related papers on a message", () => {
    expect(manifest.features.shortcuts).toEqual([
      expect.objectContaining({ type: "global", callback_id: ASK_SHORTCUT, name: "Ask Paperbot" }),
      expect.objectContaining({
        type: "message",
        callback_id: RELATED_PAPERS_SHORTCUT,
        name: "Find related papers",
      }),
    ]);
  });

  it("turns on the assistant panel with the prompts the bot also sets, and its events", () => {
    expect(manifest.features.assistant_view.assistant_description.length).toBeGreaterThan(10);
    expect(manifest.features.assistant_view.suggested_prompts).toEqual(ASSISTANT_PROMPTS);
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(["assistant_thread_started", "assistant_thread_context_changed", "message.im"]),
    );
    // The schema check can fail for the panel too: a description is required.
    expect(compiled()({ ...manifest, features: { ...manifest.features, assistant_view: {} } })).toBe(false);
  });

  it("asks only for the scopes the bot uses", () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(
      [
        "app_mentions:read",
        "chat:write",
        "commands",
        "im:history",
        // The assistant panel's prompts, status and titles.
        "assistant:write",
        // A DM of new papers to followers, checked in the DM's history; the reading list as a file there.
        "im:write",
        "files:write",
        // The daily post's duplicate check reads channel history; App Home lists the viewer's channels.
        "channels:history",
        "groups:history",
        // A thread question in a group DM reads the thread for its card.
        "mpim:history",
        "channels:read",
        "groups:read",
      ].sort(),
    );
  });
});
