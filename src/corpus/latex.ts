import { COMBINING, FUNCTIONS, SILENT, SUBSCRIPTS, SUPERSCRIPTS, SYMBOLS, WRAPPERS } from "./latex-tables.js";

const WRAPPER_RE = new RegExp(`\\\\(${WRAPPERS})\\*?\\s*\\{([^{}]*)\\}`, "g");
const BEFORE_WRAPPER_RE = new RegExp(`(\\\\[A-Za-z]+)(?=\\\\(?:${WRAPPERS})\\*?\\s*\\{)`, "g");
const DROPPED_RE = /\\(?:cite[tp]?|citep|citet|ref|eqref|label|noopsort)\*?\s*(?:\[[^\]]*\]\s*)?\{[^{}]*\}/g;
/** Commands that print nothing, with the spaces after them (BibTeX files steer case with them: `{\\relax Ch}ris`). */
const NOTHING_RE = /\\(?:relax|protect|nocorr)(?![A-Za-z])\s*/g;
const HREF_RE = /\\href\s*\{[^{}]*\}\s*\{([^{}]*)\}/g;
const FRAC_RE = /\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g;
const SQRT_RE = /\\sqrt\s*\{([^{}]*)\}/g;
const ACCENT_RE = /\\([`'^"~=.]|c|u|v|H|r|k|d|b)\s*(?:\{\s*(\\?[A-Za-z])\s*\}|(?<![A-Za-z])([A-Za-z]))/g;
const MATH_RE =
  /\$\$([\s\S]{1,400}?)\$\$|\\\(([\s\S]{1,400}?)\\\)|\\\[([\s\S]{1,400}?)\\\]|(?<!\\)\$(?![\s$])((?:[^$\\\n]|\\[\s\S]){1,300}?)(?<![\s\\])\$(?!\d)/g;
const COMMAND_RE = /\\([A-Za-z]+)(?![A-Za-z])\s?/g;
const ESCAPE_RE = /\\([%&_#${}])/g;
const SPACING_RE = /\\[,;:! ]|\\\\/g;
const SCRIPT_RE = /([\^_])\s*(?:\{([^{}]*)\}|(\\[A-Za-z]+|[^\s{}]))/gu;

function repeatReplace(text: string, re: RegExp, replacement: (...groups: string[]) => string): string {
  let current = text;
  for (let round = 0; round < 5; round++) {
    const next = current.replace(re, (_match, ...groups: string[]) => replacement(...groups));
    if (next === current) return next;
    current = next;
  }
  return current;
}

function scriptText(content: string, table: ReadonlyMap<string, string>, marker: string): string {
  const trimmed = content.trim();
  const chars = [...trimmed];
  if (chars.length > 0 && chars.every((c) => table.has(c))) {
    return chars.map((c) => table.get(c)).join("");
  }
  return /^[\p{L}\p{N}]+$/u.test(trimmed) || chars.length <= 1
    ? `${marker}${trimmed}`
    : `${marker}(${trimmed})`;
}

function commandText(name: string, inMath: boolean): string | undefined {
  const symbol = SYMBOLS.get(name);
  if (symbol !== undefined) return symbol;
  if (SILENT.has(name)) return " ";
  if (FUNCTIONS.has(name)) return inMath ? ` ${name} ` : name;
  return undefined;
}

function commandsToText(text: string, inMath: boolean): string {
  return text.replace(COMMAND_RE, (match, name: string) => {
    const known = commandText(name, inMath);
    if (known !== undefined) return match.endsWith(" ") ? `${known} ` : known;
    return match.slice(1);
  });
}

function mathToText(math: string): string {
  // A command ends before a wrapper that follows it: "x \\in\\mathbb{Z}" is "x ∈ Z", not "xinZ".
  let text = repeatReplace(
    math.replace(BEFORE_WRAPPER_RE, "$1 "),
    WRAPPER_RE,
    (_name = "", content = "") => content,
  );
  text = repeatReplace(text, FRAC_RE, (a = "", b = "") => `${a}/${b}`);
  text = repeatReplace(text, SQRT_RE, (a = "") => (a.length > 1 ? `√(${a})` : `√${a}`));
  text = text.replace(ESCAPE_RE, "$1").replace(SPACING_RE, " ").replace(/~/g, " ");
  text = commandsToText(text, true);
  text = text.replace(SCRIPT_RE, (_match, marker: string, braced?: string, single?: string) => {
    const content = braced ?? single ?? "";
    return marker === "^" ? scriptText(content, SUPERSCRIPTS, "^") : scriptText(content, SUBSCRIPTS, "_");
  });
  return text
    .replace(/[{}]/g, "")
    .replace(/\s+/g, " ")
    .replace(/([([]) /g, "$1")
    .replace(/ ([)\],.;])/g, "$1")
    .trim();
}

function dashesToText(text: string): string {
  return text
    .replace(/---/g, "—")
    .replace(/(\d)--(?=\d)/g, "$1–")
    .replace(/\s--\s/g, " – ")
    .replace(/([^\s-])--(?=[^\s-])/g, "$1—");
}

/** Renders light LaTeX as plain text: math spans, styling commands, escapes, accents, quotes and dashes. */
export function latexToText(input: string): string {
  // Four single-string searches are far cheaper than one regex alternation over every abstract.
  if (!(input.includes("\\") || input.includes("$") || input.includes("`") || input.includes("--")))
    return input;
  let text = input;
  const commands = text.includes("\\");
  if (commands) {
    text = text.replace(ACCENT_RE, (match, accent: string, braced?: string, bare?: string) => {
      const letter = (braced ?? bare ?? "").replace(/^\\([ij])$/, "$1");
      const mark = COMBINING.get(accent);
      if (mark === undefined || letter.startsWith("\\")) return match;
      return `${letter}${mark}`.normalize("NFC");
    });
  }
  if (commands || text.includes("$")) {
    text = text.replace(
      MATH_RE,
      (_match, display?: string, inline?: string, bracket?: string, dollar?: string) =>
        mathToText(display ?? inline ?? bracket ?? dollar ?? ""),
    );
  }
  if (text.includes("\\")) {
    text = text.replace(NOTHING_RE, "").replace(DROPPED_RE, "").replace(HREF_RE, "$1");
    // `\-` only allows a hyphenation; before a capital ("pre\-{C}olumbian") it is the hyphen meant.
    text = text.replace(/\\-(?=\{?\p{Lu})/gu, "-").replace(/\\-/g, "");
    text = repeatReplace(text, WRAPPER_RE, (_name = "", content = "") => content);
    text = text.replace(ESCAPE_RE, "$1").replace(SPACING_RE, " ");
    text = commandsToText(text, false);
    text = text.replace(/\{([^{}]*)\}/g, (match, inner: string) =>
      /^[\p{L}\p{N} -]*$/u.test(inner) ? inner : match,
    );
  }
  if (text.includes("``")) text = text.replace(/``(.{0,400}?)(?:''|``)/g, "“$1”").replace(/``/g, "“");
  if (text.includes("--")) text = dashesToText(text);
  if (text === input) return input;
  if (text.includes(" ") || text.includes("\t")) {
    text = text.replace(/[ \t]+([,.;:])(?=\s|$)/g, "$1");
    if (text.includes("  ") || text.includes("\t")) text = text.replace(/[ \t]{2,}/g, " ");
  }
  text = text.trim();
  return /[\u0080-\uffff]/.test(text) ? text.normalize("NFC") : text;
}
