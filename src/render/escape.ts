const BROADCAST = /@(channel|here|everyone)\b/gi;
const WORD_JOINER = "\u2060";

/**
 * Corpus or user text made safe for Slack text fields: `&`, `<`, `>` become entities (so no `<!channel>`,
 * `<@U…>` or `<http://…|fake link>` survives) and `@channel`/`@here`/`@everyone` get an invisible word joiner
 * after the "@" so no client can turn them into a broadcast. Use with `verbatim: true` on mrkdwn objects.
 */
export function escapeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(BROADCAST, `@${WORD_JOINER}$1`);
}

/** A user id fit for a live mention: only real-looking Slack user ids pass. */
export function isSlackUserId(value: string): boolean {
  return /^[UW][A-Z0-9]{2,20}$/.test(value);
}
