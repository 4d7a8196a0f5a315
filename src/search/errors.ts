/**
 * A query that could not be answered because the search behind it stopped (its worker crashed or hung, or
 * the index was closed): the bot apologises and asks to try again, the next query goes to a fresh worker.
 */
export class SearchUnavailableError extends Error {
  override name = "SearchUnavailableError";
}
