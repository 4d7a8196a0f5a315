import type { Random } from "./random.js";

/** Word and punctuation tokens learnt from real abstracts, with order-1 and order-2 transitions. */
export interface MarkovChain {
  /** Token text by id; punctuation tokens are "." "," ";" ":". */
  tokens: string[];
  /** Ids of tokens that start a sentence in the sources. */
  starts: Int32Array;
  /** Order-1 successors by token id (repeats carry frequency). */
  next1: Int32Array[];
  /** Order-2 successors keyed by `a * tokens.length + b`. */
  next2: Map<number, Int32Array>;
  idOf: Map<string, number>;
}

const TOKEN = /[A-Za-z][A-Za-z0-9'-]*|[0-9]+(?:\.[0-9]+)?%?|[.,;:]/g;

/** Sentences of plain words: parentheticals, inline maths and links are dropped so output never leaves one open. */
export function tokenizeSource(text: string): string[] {
  const cleaned = text
    .replace(/\([^()]*\)/g, " ")
    .replace(/\$[^$]*\$/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[()]/g, " ");
  const tokens: string[] = [];
  let sentenceStart = true;
  for (const match of cleaned.matchAll(TOKEN)) {
    let token = match[0];
    if (sentenceStart && /^[A-Z][a-z'-]*$/.test(token)) token = token.toLowerCase();
    tokens.push(token);
    sentenceStart = token === ".";
  }
  if (tokens.length > 0 && tokens[tokens.length - 1] !== ".") tokens.push(".");
  return tokens;
}

export function buildMarkovChain(texts: readonly string[]): MarkovChain {
  const idOf = new Map<string, number>();
  const tokens: string[] = [];
  const idFor = (token: string): number => {
    let id = idOf.get(token);
    if (id === undefined) {
      id = tokens.length;
      tokens.push(token);
      idOf.set(token, id);
    }
    return id;
  };
  idFor(".");
  const streams = texts.map((text) => tokenizeSource(text).map(idFor));
  const size = tokens.length;
  const next1: number[][] = tokens.map(() => []);
  const next2 = new Map<number, number[]>();
  const starts: number[] = [];
  for (const stream of streams) {
    let prev2 = 0;
    let prev1 = 0;
    for (const id of stream) {
      if (prev1 === 0 && id !== 0) starts.push(id);
      next1[prev1]?.push(id);
      const key = prev2 * size + prev1;
      const list = next2.get(key);
      if (list) list.push(id);
      else next2.set(key, [id]);
      prev2 = prev1;
      prev1 = id;
    }
  }
  if (starts.length === 0) throw new Error("the source texts hold no sentences");
  return {
    tokens,
    starts: Int32Array.from(starts),
    next1: next1.map((list) => Int32Array.from(list.length > 0 ? list : [0])),
    next2: new Map([...next2].map(([key, list]) => [key, Int32Array.from(list)])),
    idOf,
  };
}

/**
 * Token ids of one sentence ending in ".", at most `maxTokens` long. Mixing order 1 and order 2
 * keeps sentences grammatical-looking without copying the few source sentences verbatim.
 */
export function sentenceIds(chain: MarkovChain, random: Random, first?: number, maxTokens = 40): number[] {
  const size = chain.tokens.length;
  const out: number[] = [];
  let prev2 = 0;
  let prev1 = first ?? (chain.starts[random.int(chain.starts.length)] as number);
  out.push(prev1);
  while (out.length < maxTokens) {
    const two = random.next() < 0.55 ? chain.next2.get(prev2 * size + prev1) : undefined;
    const options = two ?? (chain.next1[prev1] as Int32Array);
    let id = options[random.int(options.length)] as number;
    // a sentence of fewer than six tokens reads as a fragment: try once more before stopping
    if (id === 0 && out.length < 6) id = options[random.int(options.length)] as number;
    if (id === 0) break;
    out.push(id);
    prev2 = prev1;
    prev1 = id;
  }
  while (out.length > 0 && /^[,;:]$/.test(chain.tokens[out[out.length - 1] as number] as string)) out.pop();
  out.push(0);
  return out;
}
