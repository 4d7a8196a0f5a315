/** Block Kit limits (https://docs.slack.dev/reference/block-kit): every renderer stays inside them. */
export const LIMITS = {
  blocksPerMessage: 50,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  buttonText: 75,
  buttonValue: 2000,
  /** An option of an overflow or select menu: its text and value. */
  optionText: 75,
  optionValue: 150,
  overflowOptions: 5,
  selectOptions: 100,
  placeholderText: 150,
  actionsElements: 25,
  contextElements: 10,
  contextText: 3000,
  /** Top-level text: Slack truncates it past 40,000 characters; we keep the fallback far shorter. */
  fallbackText: 3000,
} as const;

const ELLIPSIS = "…";
const ENTITY = /^&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

/** Where to cut `text` at or before `at`: never inside a surrogate pair or an HTML entity such as `&amp;`. */
function safeCut(text: string, at: number): number {
  let cut = at;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const amp = text.lastIndexOf("&", cut - 1);
  if (amp >= 0 && cut - amp < 12) {
    const entity = ENTITY.exec(text.slice(amp));
    if (entity && amp + entity[0].length > cut) cut = amp;
  }
  return cut;
}

/** `text` cut to `max` UTF-16 units with "…", never inside an entity (`&amp;`) or a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  if (max < ELLIPSIS.length + 1) return ELLIPSIS.slice(0, max);
  return `${text.slice(0, safeCut(text, max - ELLIPSIS.length)).trimEnd()}${ELLIPSIS}`;
}

/** `text` split into pieces of at most `max` units, preferring line or word breaks, never inside an entity. */
export function chunksOf(text: string, max: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = safeCut(rest, max);
    const newline = rest.lastIndexOf("\n", cut);
    const space = rest.lastIndexOf(" ", cut);
    const brk = newline > max / 2 ? newline : space > max / 2 ? space : -1;
    if (brk > 0) cut = brk;
    chunks.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0 || chunks.length === 0) chunks.push(rest);
  return chunks;
}
