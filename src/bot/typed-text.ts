/** Slack's wire format back to what was typed: entities decoded, links as their labels, mentions as names. */
function typedTextOf(text: string): string {
  return (
    text
      .replace(/<([^<>]*)>/g, (_, inner: string) => {
        const [target = "", label] = inner.split("|", 2);
        if (target.startsWith("!")) return "";
        if (target.startsWith("#")) return label ? `#${label}` : "";
        if (target.startsWith("@")) return label ?? "";
        return label ?? target.replace(/^mailto:/, "");
      })
      // Emoji as Slack sends them (":rocket:", ":wave::skin-tone-2:") say nothing of a topic.
      .replace(/(?<=^|\s)(?::[a-z0-9_+'-]+:)+(?=\s|$)/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&")
  );
}

/** Typed text with control characters and extra spaces removed. */
export function cleanedText(text: string): string {
  let clean = "";
  for (const char of typedTextOf(text).normalize("NFC")) {
    clean += char.charCodeAt(0) < 0x20 || char === "\u007f" ? " " : char;
  }
  return clean.replace(/\s+/g, " ").trim();
}

/** A question's trailing punctuation removed; quotes stay, and a bare `author:` (search asks the name). */
export function stripped(text: string): string {
  return text.replace(/(?<!\bauthor:?)[\s?!.,;:]+$/iu, "").trim();
}

/** A name, topic or id without the quotes or backticks wrapped around all of it: “Enyu Zhou” is Enyu Zhou. */
export function unquoted(text: string): string {
  const inner = /^["“'‘`]+([^"“”'‘’`]*)["”'’`]+$/u.exec(stripped(text))?.[1];
  return stripped(inner ?? text);
}

/** Words that point at a paper rather than name a topic ("this", "that one", "this paper"). */
export const POINTING = /^(?:this|that|these|those|it)(?: (?:one|paper|topic|work|area))?$/i;

/** The words after "similar" without the lead-in that names no paper: "papers to RMB" → RMB, "to this" → this. */
export function withoutSimilarLead(words: string): string {
  return words.replace(/^(?:(?:papers?|ones?|work) )?(?:(?:to|like) )?(?=\S)/i, "");
}
