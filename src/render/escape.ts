// Not a word boundary: "@channel_" and "@hereא" must be broken too, while "me@channels.org" reads as written.
const BROADCAST = /@(channel|here|everyone)(?![A-Za-z0-9])/gi;
const WORD_JOINER = "\u2060";
// Embeddings, overrides and isolates (U+202A–202E, U+2066–2069): one in a title can show "gnp.exe" as "exe.png".
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Text safe in any Slack text field: &<> as entities, no broadcast @-words, no bidi controls. */
export function escapeText(text: string): string {
  return text
    .replace(BIDI_CONTROLS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(BROADCAST, `@${WORD_JOINER}$1`);
}

// mrkdwn has no escape character: the marks become look-alikes that Slack does not read as formatting.
export const FORMATTING_MARKS: Record<string, string> = {
  "*": "\u2217",
  _: "\u02cd",
  "~": "\u223c",
  "`": "\u02cb",
};

/** escapeText, with mrkdwn marks as look-alikes: "*bold*" in an abstract shows as written. */
export function escapeMrkdwn(text: string): string {
  return escapeText(text).replace(/[*_~`]/g, (mark) => FORMATTING_MARKS[mark] ?? mark);
}

/** A channel id fit for a channel link (`<#C…>`, never a ping): only real-looking Slack channel ids pass. */
export function isSlackChannelId(value: string): boolean {
  return /^[CG][A-Z0-9]{2,20}$/.test(value);
}

// C0 controls but the line break and the tab, DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text without control characters: an ANSI escape or a bidi override in corpus text must not drive a terminal. */
export function withoutControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "").replace(CONTROLS, "");
}

/** A real-looking Slack user id: nothing else ever becomes a mention (no `<!channel>`). */
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,}$/;

/** `<@U…>` for a real-looking Slack user id: the one way a reply pings someone; "" for anything else. */
export function slackMention(id: string | undefined): string {
  return id !== undefined && SLACK_USER_ID.test(id) ? `<@${id}>` : "";
}

function wrapped(mark: string, safe: string): string {
  const core = safe.trim();
  if (core === "") return safe;
  const start = safe.indexOf(core);
  return `${safe.slice(0, start)}${mark}${core}${mark}${safe.slice(start + core.length)}`;
}

/** mrkdwn: `plain` makes text safe, `bold`/`italic` wrap safe text, `code` shows raw text as written. */
export const fmt = {
  plain: escapeMrkdwn,
  bold: (safe: string) => wrapped("*", safe),
  // Nothing is formatted in a code span, and a span is one line: a backtick or a line break would end it.
  code: (raw: string) =>
    raw === "" ? raw : `\`${escapeText(raw.replace(/\s+/g, " ")).replace(/`/g, "\u02cb")}\``,
  italic: (safe: string) => wrapped("_", safe),
  // Inside <…|…> only the address needs its &, < and > as entities; `|` was encoded by httpUrl.
  link: (href: string, safe: string) =>
    `<${href.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}|${safe.replace(/\|/g, "¦")}>`,
};
