import type { KnownBlock } from "@slack/types";
import { expect } from "vitest";
import { decodeAction } from "../../src/bot/actions.js";

// Checks of a rendered message as Slack would take it: Block Kit's limits, and text that pings nobody.

/** Every text a person can read in the blocks: text objects, not button values. */
export function visibleTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) visibleTexts(item, out);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "text" && typeof inner === "string") out.push(inner);
      else if (key !== "value") visibleTexts(inner, out);
    }
  }
  return out;
}

export function limitProblems(blocks: KnownBlock[]): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  check(blocks.length <= 50, `${blocks.length} blocks`);
  for (const block of blocks) {
    check((block.block_id ?? "").length <= 255, "block_id");
    if (block.type === "section") {
      check((block.text?.text.length ?? 0) <= 3000 && (block.text?.text.length ?? 1) >= 1, "section text");
      check((block.fields?.length ?? 0) <= 10, "fields count");
      for (const field of block.fields ?? []) check(field.text.length <= 2000, "field text");
    }
    if (block.type === "header")
      check(block.text.text.length <= 150 && block.text.text.length >= 1, "header");
    if (block.type === "context") {
      check(block.elements.length <= 10, "context elements");
      for (const element of block.elements)
        check(element.type !== "image" && element.text.length <= 3000, "ctx");
    }
    const elements =
      block.type === "actions"
        ? block.elements
        : block.type === "section" && block.accessory
          ? [block.accessory]
          : [];
    if (block.type === "actions") check(elements.length <= 25 && elements.length >= 1, "actions elements");
    const ids = new Set<string>();
    for (const element of elements) {
      if (element.type === "overflow" || element.type === "static_select") {
        check(!ids.has(element.action_id ?? ""), "duplicate action_id");
        ids.add(element.action_id ?? "");
        const options =
          element.type === "static_select" && element.option_groups
            ? element.option_groups.flatMap((group) => {
                check(group.label.text.length <= 75 && group.label.text.length >= 1, "group label");
                return group.options;
              })
            : (element.options ?? []);
        if (element.type === "overflow")
          check(options.length >= 2 && options.length <= 5, "overflow options");
        else check(options.length >= 1 && options.length <= 100, "select options");
        if (element.type === "static_select")
          check(element.placeholder !== undefined && element.placeholder.text.length <= 150, "placeholder");
        const values = options.map((option) => option.value ?? "");
        check(new Set(values).size === values.length, "option values repeat");
        for (const option of options) {
          check(option.text.text.length <= 75 && option.text.text.length >= 1, "option text");
          check((option.value ?? "").length <= 150, "option value");
          check(decodeAction(option.value ?? "") !== undefined, "option value decodes");
        }
        continue;
      }
      if (element.type !== "button") continue;
      check(element.text.text.length <= 75 && element.text.text.length >= 1, "button text");
      check((element.value ?? "").length <= 2000, "button value");
      check(decodeAction(element.value ?? "") !== undefined, "button value decodes");
      check((element.action_id ?? "").length <= 255, "action_id");
      check(!ids.has(element.action_id ?? ""), "duplicate action_id");
      ids.add(element.action_id ?? "");
    }
  }
  return problems;
}

export const LIVE_MARKUP = /<[!@#]|<http|@(channel|here|everyone)\b/i;
// Our own links: an address `new URL` reads as http(s), then `|` and the label.
const OUR_LINK = /<(https?:\/\/[^\s|<>]+)\|/g;

/** The text without our own links' addresses, each checked to be an http(s) URL with nothing live in it. */
export function withoutOwnLinks(text: string): string {
  return text.replace(OUR_LINK, (_, href: string) => {
    const url = new URL(href.replaceAll("&amp;", "&"));
    expect(["http:", "https:"]).toContain(url.protocol);
    return "";
  });
}
