/** Not caught mid-write: a .bib's braces close, JSON parses, JSONL ends a line (other files: quiet time decides). */
export function looksWhole(name: string, text: string): boolean {
  const lower = name.toLowerCase();
  if (lower.endsWith(".bib")) return bracesClose(text);
  if (lower.endsWith(".jsonl")) return text.length === 0 || text.endsWith("\n");
  if (lower.endsWith(".json")) {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }
  return true;
}

function bracesClose(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x7b) depth += 1;
    else if (c === 0x7d) depth -= 1;
  }
  return depth <= 0;
}
