/** Everything the bot says in its own words; user-facing, so friendly and free of internals. */
export const MESSAGES = {
  hello:
    "Hi! Ask me about the group's papers: “papers about reward models”, “who works on agents?”, or say “help”.",
  thanks: "Happy to help!",
  noMoreResults: "That's everything: there are no more results.",
  queryShortened: `Your question was long, so I searched for its first words only.`,
  noSimilar: "I couldn't find papers much like this one.",
  onlyAdminsReload: "Only admins can reload the corpus.",
  reloadFailed:
    "The reload didn't work; the papers you could search before are still there. Please tell an admin.",
  dailyUnavailable: "Daily posts are not available here: this Paperbot runs without a database.",
  dailySlashOnly: "To set up daily papers, type `/paper daily on` in the channel that should get them.",
  dailyNotInDm:
    "Daily papers are posted in channels, not in direct messages: type `/paper daily on` in a channel.",
  dailyFailed: "I couldn't change the daily schedule just now. Please try again in a minute.",
  dailyNotSet: "Daily paper is not set up in this channel. Turn it on with `/paper daily on`.",
  emptyCorpus: "No papers are loaded yet, so there is nothing to pick from.",
} as const;

export const SEARCH_SUGGESTIONS = {
  fewerWords: (words: string) => `fewer words, e.g. “${words}”`,
  spelling: "checking the spelling, or a synonym (RLHF, reward model, agent…)",
  who: "`/paper who <topic>` to find the people behind a topic",
  author: (name: string) => `\`/paper author ${name}\`: it looks like a person`,
} as const;

export const WHO_SUGGESTIONS = [
  "a broader topic of one or two words, e.g. “reward models”",
  "`/paper <topic>` to search the papers themselves",
] as const;

export const PAPER_SUGGESTIONS = [
  "Ids look like 2f9k3xa: copy one from a card, or search for the paper's words with `/paper <words>`.",
] as const;
