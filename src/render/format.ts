import { escapeMrkdwn, escapeText } from "./escape.js";

function wrapped(mark: string, safe: string): string {
  const core = safe.trim();
  if (core === "") return safe;
  const start = safe.indexOf(core);
  return `${safe.slice(0, start)}${mark}${core}${mark}${safe.slice(start + core.length)}`;
}

/**
 * Slack mrkdwn: `plain` makes corpus or user text safe, `bold` and `italic` wrap already-safe text, `code` shows
 * raw text exactly as written (an id, a file name, a command), `link` links safe text to a checked http(s) URL.
 */
export const fmt = {
  plain: escapeMrkdwn,
  bold: (safe: string) => wrapped("*", safe),
  // Slack formats nothing inside a code span, so `_` and `*` stay as written there; a backtick would end it, and
  // a span is one line (a line break is where a long text is split into sections).
  code: (raw: string) =>
    raw === "" ? raw : `\`${escapeText(raw.replace(/\s+/g, " ")).replace(/`/g, "\u02cb")}\``,
  italic: (safe: string) => wrapped("_", safe),
  // Inside <…|…> only the address needs its &, < and > as entities; `|` was encoded by httpUrl.
  link: (href: string, safe: string) =>
    `<${href.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}|${safe.replace(/\|/g, "¦")}>`,
};
