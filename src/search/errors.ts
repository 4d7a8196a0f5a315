/** A query whose search stopped (its worker crashed or hung, or the index closed): the bot asks to try again. */
export class SearchUnavailableError extends Error {
  override name = "SearchUnavailableError";
}
