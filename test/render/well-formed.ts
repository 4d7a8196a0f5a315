const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds no half of a surrogate pair (String#isWellFormed is ES2024, beyond our lib). */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
