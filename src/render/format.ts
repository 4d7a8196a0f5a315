import { escapeMrkdwn, escapeText } from "./escape.js";

/**
 * How a renderer marks up text: `plain` makes corpus or user text safe, `bold` and `italic` wrap already-safe
 * text, `code` shows raw text exactly as written (an id, a file name, a command).
 */
export interface TextFormat {
  plain(text: string): string;
  bold(safe: string): string;
  code(raw: string): string;
  italic(safe: string): string;
  /** `safe` text linked to `href`, an http(s) URL already checked (paper-links.ts httpUrl). */
  link(href: string, safe: string): string;
}

function wrapped(mark: string, safe: string): string {
  const core = safe.trim();
  if (core === "") return safe;
  const start = safe.indexOf(core);
  return `${safe.slice(0, start)}${mark}${core}${mark}${safe.slice(start + core.length)}`;
}

export const SLACK_FORMAT: TextFormat = {
  plain: escapeMrkdwn,
  bold: (safe) => wrapped("*", safe),
  // Slack formats nothing inside a code span, so `_` and `*` stay as written there; a backtick would end it, and
  // a span is one line (a line break is where a long text is split into sections).
  code: (raw) => (raw === "" ? raw : `\`${escapeText(raw.replace(/\s+/g, " ")).replace(/`/g, "\u02cb")}\``),
  italic: (safe) => wrapped("_", safe),
  // Inside <…|…> only the address needs its &, < and > as entities; `|` was encoded by httpUrl.
  link: (href, safe) =>
    `<${href.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}|${safe.replace(/\|/g, "¦")}>`,
};
