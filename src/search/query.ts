/** A search query split into its parts as typed: words, "phrases", author:"…" names and -exclusions. */
export interface ParsedQuery {
  words: string[];
  phrases: string[];
  authors: string[];
  /** For an unquoted author:word (its place in `authors`), the place in `words` where the name may go on. */
  authorGoesOn: Map<number, number>;
  excluded: string[];
  /** `author:` typed with no name after it. */
  emptyAuthor: boolean;
}

// Slack turns straight quotes into curly ones as people type, and escapes mentions and links as <…>.
const curlyQuotes = /[“”„‟″«»]/g;
const slackMarkup = /<[@!#][^>]*>|<(?:https?|mailto):[^>]*>/g;
const partPattern = /author:"([^"]*)"?|author:(\S*)|-"([^"]*)"?|"([^"]*)"?|-(\S+)|(\S+)/giu;

export function parseQuery(text: string): ParsedQuery {
  const parsed: ParsedQuery = {
    words: [],
    phrases: [],
    authors: [],
    authorGoesOn: new Map(),
    excluded: [],
    emptyAuthor: false,
  };
  const cleaned = text.replace(slackMarkup, " ").replace(curlyQuotes, '"');
  for (const m of cleaned.matchAll(partPattern)) {
    const [whole, quotedAuthor, author, excludedPhrase, phrase, excludedWord, word] = m;
    const add = (list: string[], value: string | undefined) => {
      const trimmed = value?.trim();
      if (trimmed && /[\p{L}\p{N}]/u.test(trimmed)) list.push(trimmed);
    };
    if (/^author:"?\s*"?$/i.test(whole)) parsed.emptyAuthor = true;
    const authors = parsed.authors.length;
    add(parsed.authors, quotedAuthor ?? author);
    if (author && parsed.authors.length > authors) parsed.authorGoesOn.set(authors, parsed.words.length);
    add(parsed.excluded, excludedPhrase ?? excludedWord);
    add(parsed.phrases, phrase);
    add(parsed.words, word);
  }
  return parsed;
}

/** True when nothing at all was typed beyond spaces and syntax. */
export function isBlankQuery(parsed: ParsedQuery): boolean {
  return parsed.words.length + parsed.phrases.length + parsed.authors.length + parsed.excluded.length === 0;
}
