import type { HelpTopic } from "./intents.js";

/** Everything the bot says in its own words; backticks mark commands, shown as code. */
export const MESSAGES = {
  hello:
    "Hi! Ask me about the group's papers: “papers about reward models”, “who works on agents?”, or say “help”.",
  thanks: "Happy to help!",
  unknownMention:
    "I can't tell who that @-mention is: Slack sends me only an account id, and the group's members.yml doesn't list it. Type the person's name instead (`/paper author Enyu Zhou`), or ask an admin to add their `slack` id to members.yml.",
  identifierNotInLibrary:
    "The library has no paper with this DOI, arXiv id or link: add its entry to a .bib, CSL-JSON or arXiv file in the corpus folder, or search for its words with `/paper <words>`.",
  noMoreResults: "That's everything: there are no more results.",
  noMorePeople: "That's everyone: nobody else has worked on this topic.",
  queryShortened: "Your question was long, so I searched for its first words only.",
  /** The paper's title, shortened: which paper was read (in a thread, the latest card's). */
  noSimilar: (title: string) =>
    `No paper is close to this one, “${title.replaceAll("`", "'")}”: none shares enough of its distinctive words.`,
  onlyAdminsReload: "Only admins can reload the corpus.",
  reloadFailed:
    "The reload didn't work; the papers you could search before are still there. Please tell an admin.",
  dailyUnavailable: "Daily posts are not available here: this Paperbot runs without a database.",
  dailySlashOnly: "To set up daily papers, type `/paper daily on` in the channel that should get them.",
  dailyNotInDm:
    "Daily papers are posted in channels, not in direct messages: type `/paper daily on` in a channel.",
  dailyFailed: "I couldn't change the daily schedule just now. Please try again in a minute.",
  dailyStateReconnecting:
    "Saved state cannot be used right now (`/paper stats` says why). Paperbot keeps trying to open it, and daily posts resume on their own once it does.",
  dailyStateUnwritable:
    "Saved state cannot be written right now (read-only or full). Daily posts resume on their own once it can; please try again later.",
  dailyNotSet: "Daily paper is not set up in this channel. Turn it on with `/paper daily on`.",
  dailyPreviewNotSet:
    "There is no daily paper in this channel yet, so there is nothing to preview. Turn it on with `/paper daily on` (every day at 09:00), and `/paper daily preview` shows what comes next.",
  dailyPreviewInDm:
    "Daily papers are posted in channels, not in direct messages: type `/paper daily preview` in a channel to see what it gets next.",
  dailyPreviewFailed: "I couldn't look up the next daily paper just now. Please try again in a minute.",
  relatedNoText:
    "That message has no text I can read (I don't open files or images), so I can't tell what it is about. Try `/paper <words>` instead.",
  relatedOnlyCommon:
    "That message has only everyday words (“the”, “thanks”, “anyone”…), nothing distinctive to find papers for. Try `/paper <words>` instead.",
  relatedUnknown:
    "None of that message's words appear in the group's papers, so nothing is related. Try `/paper <words>` with the topic.",
  relatedNotice: "Papers with the message's most distinctive words.",
  relatedInDm: "(Sent here: I couldn't answer in the conversation the message is in.)",
  assistantGreeting:
    "Hi! I find the group's papers and the people behind them. Ask in plain words (“who works on agents?”, “papers on RLHF”, “surprise me”), or pick a suggestion below.",
  emptyCorpus: "No papers are loaded yet, so there is nothing to pick from.",
  searchUnavailable: "The search restarted while answering that. Please ask again in a moment.",
  seenEverything: (papers: number) =>
    `That was the last one: this thread has shown all ${papers} paper${papers === 1 ? "" : "s"}. Try \`/paper random\` to start afresh.`,
  needsName: "Whose papers? Try `/paper author Enyu Zhou`.",
  needsTopic: "Which topic? Try `/paper who reward models`.",
  needsId: "Which paper? Give its id (every card shows one), e.g. `/paper id 2f9k3xa`.",
  needsBibPaper:
    "Which paper? Give its id or words from it, e.g. `/paper bib 2f9k3xa` or `/paper bib reward model benchmark`.",
  leavingOut: (who: string) => `Leaving out ${who}.`,
  nobodyElse: "Nobody else has worked on papers like it.",
  whichPaperWho:
    "Which paper? Ask in the thread under its card (a shared one, or a paper of the day), or name the topic: `/paper who <topic>`.",
  whichPaperAuthors:
    "Which paper? Ask in the thread under its card (a shared one, or a paper of the day), or give its id: `/paper id <id>` shows it with its authors.",
  whichPaperAbstract:
    "Which paper? Ask in the thread under its card (a shared one, or a paper of the day), or name it: `/paper summarize RMB`.",
  whichPaperBibtex:
    "Which paper? Ask in the thread under its card (a shared one, or a paper of the day), or name it: `/paper cite RMB`.",
  whichPaperLinks:
    "Which paper? Ask in the thread under its card (a shared one, or a paper of the day), or name it: `/paper link to RMB`.",
  whichPaperPeople:
    "Whose papers? Ask in the thread under a card (a shared one, or a paper of the day), or name the person: `/paper author Enyu Zhou`.",
  writtenBy: "Who wrote it",
  nothingToFollowUp:
    "There's no earlier answer here to go on. Ask me something first, like “papers on reward models” or “who works on agents?”.",
  nothingToPointAt: (what: string) => `The last answer showed no ${what} to point at.`,
  onlyShown: (count: number, what: string, last: string) =>
    count === 1
      ? `The last answer showed one ${what}: say “the first one”.`
      : `The last answer showed ${count} ${what}s: say “the first one” up to “the ${last} one”.`,
  whichOfThem: (count: number) =>
    `Which one? The last answer showed ${count} papers: say “who wrote the second one?” or “open the first one”.`,
  peopleNotPapers:
    "The last answer was people, not papers: say “the first one” to see that person's papers, or “more” for more people.",
  whichPaperLike:
    "Which paper? Pick “More like this” in a card's ⋯ menu, or give the paper's id (every card shows one): `/paper similar <id>`.",
  needsFollow:
    "Follow what? A topic or a person: `/paper follow reward models` or `/paper follow Enyu Zhou`.",
  needsUnfollow: "Unfollow what? `/paper following` lists what you follow, each with an Unfollow button.",
  followUnavailable:
    "Following needs a database to remember what you follow, and this Paperbot runs without one.",
  savedUnavailable: "The reading list needs a database to keep it, and this Paperbot runs without one.",
  stateFailed: "I couldn't reach my saved state just now, so nothing changed. Please try again in a minute.",
  followLimit: (max: number) =>
    `You follow ${max} things already, the most I keep for one person. Unfollow some first (\`/paper following\`).`,
  notFollowing: (what: string) =>
    `You don't follow “${what}”. \`/paper following\` lists what you do follow.`,
  nothingSaved: "Your reading list is empty. Choose Save in a paper's ⋯ menu to keep it here.",
  nothingFollowed:
    "You don't follow anything yet. Try `/paper follow reward models` or `/paper follow Enyu Zhou`, or choose Follow in a paper's ⋯ menu.",
  notSaved: "That paper is not on your reading list. `/paper saved` shows what is.",
  dailyFromHome: "Change a channel's daily paper from my Home tab, or with `/paper daily` in the channel.",
  digestGone: "That list of new papers is no longer available.",
  noMoreItems: "That's everything: there is nothing more to show.",
} as const;

/** The reading list's export, as the surfaces that hand it over report it. */
export const MESSAGES_EXPORT = {
  sent: (papers: number, fileNames: readonly string[]) =>
    `I've sent your reading list (${papers} paper${papers === 1 ? "" : "s"}) to our DM as ${fileNames.map((name) => `\`${name}\``).join(" and ")}.`,
  failed: "I couldn't upload your reading list just now. Please try again in a minute.",
} as const;

/** After a private answer Slack refused: a short note, tried once. */
export const MESSAGES_UNDELIVERED = {
  failed: "Slack didn't take my answer just now. Please ask again.",
};

/** A share (the card's button or `/paper share <id>`) that did not go as asked; each says to share it again. */
export const MESSAGES_SHARE = {
  /** Slack refused the post or could not be reached: nothing was posted. */
  failed: "I couldn't share that card: Slack didn't take it. Share it again to try once more.",
  /** The state shared by every bot process cannot be written: two processes could both post it. */
  stateDown:
    "I couldn't share that card just now: my saved state is unavailable, so I can't make sure it's shared only once. Share it again in a minute.",
  /** The post timed out or hit a Slack error that may have let it through. */
  unconfirmed: "Slack didn't confirm that the card was shared. If it isn't in the channel, share it again.",
} as const;

/** The App Home tab's notices and form errors: mrkdwn, `channel` a channel link, the rest escaped. */
export const MESSAGES_HOME = {
  dailyUnavailable: "Daily posts are not available: this Paperbot runs without a database.",
  notInChannel: "You can only change the daily paper of a channel you are in.",
  changeFailed: "I couldn't change that just now. Please try again in a minute.",
  dailyOff: (channel: string) => `Turned off the paper of the day in ${channel}.`,
  dailyGone: "That channel has no daily paper any more.",
  dailySet: (channel: string, days: string, time: string, zone: string) =>
    `Paper of the day in ${channel}: ${days} at ${time} (${zone}).`,
  staleButton: "That button no longer works; here is the tab as it is now.",
  clickFailed: "Sorry, that didn't work. Please try again in a moment.",
  pickTime: "Pick a time.",
  pickDays: "Pick the days.",
  unknownZone: "I don't know that time zone: use a name like Europe/Berlin.",
  reopenForm: "Please open the form again.",
} as const;

/** The paper of the day: its post's title, the notice when a channel's posts were paused, schedules refused. */
export const MESSAGES_DAILY = {
  title: "Paper of the day",
  /** `channel` is a channel link. */
  paused: (channel: string, reason: string) =>
    `I couldn't post the paper of the day in ${channel} (${reason}), so I've paused it. Invite me there and type \`/paper daily on\` to resume.`,
  invalidTime: "That time doesn't look right: use 24-hour HH:MM, like 09:00 or 16:30.",
  invalidTimeZone: "I don't know that time zone: use an IANA name like Europe/Berlin or America/New_York.",
  invalidWeekdays: "Pick at least one weekday (Mon to Sun).",
} as const;

/** What a user sees when something failed on our side; never a stack trace. */
export const FRIENDLY_ERROR =
  "Sorry, something went wrong on my side while answering that. Please try again in a moment.";

/** A button whose value is not one of ours (an old message, a hand-made payload). */
export const INVALID_BUTTON =
  "That button no longer works. Please run the command again to get fresh results.";

export const SEARCH_SUGGESTIONS = {
  fewerWords: (words: string) => `fewer words, e.g. “${words}”`,
  spelling: "checking the spelling, or another word for it (an acronym, or its long form)",
  who: "`/paper who <topic>` to find the people behind a topic",
  author: (name: string) => `\`/paper author ${name}\`: it looks like a person`,
} as const;

export const WHO_SUGGESTIONS = [
  "a broader topic of one or two words, e.g. “reward models”",
  "`/paper <topic>` to search the papers themselves",
] as const;

/** The assistant panel's suggested prompts (also in manifest.yml); each is read as typed text like any question. */
export const ASSISTANT_PROMPTS = [
  { title: "Who works on reward models?", message: "Who works on reward models?" },
  { title: "Papers on RLHF", message: "Papers on RLHF" },
  { title: "Surprise me", message: "Surprise me" },
  { title: "What's new?", message: "What's new?" },
] as const;

export const ASSISTANT_PROMPTS_TITLE = "Try asking:";

/** The assistant panel's status while an answer is on its way, and the lines Slack cycles through beside it. */
export const ASSISTANT_STATUS = "is searching the papers…";
export const ASSISTANT_LOADING_MESSAGES = [
  "Searching the papers…",
  "Weighing the evidence…",
  "Reading abstracts…",
];

export const PAPER_SUGGESTIONS = [
  "Ids are the seven letters and digits in a card's footer: copy one, or search for the paper's words with `/paper <words>`.",
] as const;

/** Used in the examples when the corpus is empty; every loaded corpus gives a real id instead. */
const PLACEHOLDER_ID = "2f9k3xa";

/** Topics and a person of the loaded library for the usage card's examples, so they work when tried. */
export interface HelpExamples {
  topic: string;
  otherTopic: string;
  person: string;
}

/** The seeds' examples: for a library that writes of them, or while the papers cannot be read. */
export const SEEDS_EXAMPLES: HelpExamples = {
  topic: "RLHF",
  otherTopic: "reward models",
  person: "Enyu Zhou",
};

/** The usage card; `exampleId` is a real id of the loaded corpus, and `examples` its topics and a person. */
export function helpLines(exampleId = PLACEHOLDER_ID, examples = SEEDS_EXAMPLES): string[] {
  const { topic, otherTopic, person } = examples;
  return [
    "Find the group's papers from chat:",
    `• \`/paper ${otherTopic}\` — search (quotes for phrases, \`-word\` to exclude, \`OR\` for either, \`since 2023\` for years)`,
    `• \`/paper who ${topic}\` — the people behind a topic`,
    `• \`/paper author ${person}\` — someone's papers, co-authors and topics`,
    `• \`/paper ${exampleId}\` · \`/paper similar ${exampleId}\` · \`/paper bib ${exampleId}\` — one paper by its id (or a pasted arXiv or DOI link), papers like it, its BibTeX`,
    "• `/paper random` — a paper to read · `/paper stats` — what is loaded",
    "• `/paper daily on 09:00 Europe/Berlin weekdays` — a paper of the day in this channel",
    `• \`/paper follow ${otherTopic}\` · \`/paper follow ${person}\` — a DM when new papers arrive · \`/paper saved\` — your reading list`,
    `Or ask in plain words, in a mention or a DM: “who works on ${topic}?”, “anything on ${otherTopic}?”, “papers by ${person}”, “cite ${exampleId}”, “surprise me”. In a DM, “more”, “the first one” and “who wrote that?” act on my last answer.`,
    "From anywhere: “Ask Paperbot” in the shortcuts menu (the ⚡ or + in the message box).",
    "More on one thing: `/paper help search`, `help who`, `help author`, `help follow`, `help share`, `help saved`, `help daily`.",
  ];
}

/** One feature's usage card, its examples this library's. */
export function topicHelpLines(topic: HelpTopic, examples = SEEDS_EXAMPLES): readonly string[] {
  const { otherTopic: topicWords, person } = examples;
  const lines: Record<HelpTopic, readonly string[]> = {
    search: [
      "Searching the papers:",
      `• \`/paper ${topicWords}\` — papers with these words, the rarer words counting most; typos are corrected and said`,
      `• \`"${topicWords}"\` for a phrase · \`-word\` leaves papers with it out · \`A OR B\` either · \`author:"${person}"\` one person's`,
      "• years where the library has them: `since 2023`, `before 2022`, `2021-2023`, `year:2024`, `recent papers on …`",
      "• the answer is private first: “Share in channel” on a card posts it, credited to you; “Show more” pages on",
    ],
    who: [
      "Who works on a topic:",
      `• \`/paper who ${topicWords}\`, or “who has worked on ${topicWords}?” in a mention or a DM — the people behind it, group members first, each with the papers that are their evidence`,
      `• “who works on ${topicWords} besides ${person}” leaves someone out · “who else works on this?” in a card's thread: the people behind that paper's topic`,
    ],
    author: [
      "Someone's papers:",
      `• \`/paper author ${person}\` — their papers, co-authors and topics; a slightly wrong name finds the nearest`,
      `• “papers by ${person} on ${topicWords}” or \`author:"${person}" ${topicWords}\` — their papers on a topic`,
      `• “who has worked with ${person}” — their co-authors · \`/paper follow ${person}\` — a DM when they have a new paper`,
    ],
    follow: [
      "Following a topic or a person:",
      `• \`/paper follow ${topicWords}\` · \`/paper follow ${person}\` — a DM when new papers on it arrive`,
      "• “Follow …” in a card's or an author summary's ⋯ menu does the same",
      `• \`/paper following\` — what you follow, each with Unfollow · \`/paper unfollow ${topicWords}\``,
      "• `/paper new` — the papers the latest corpus change brought",
    ],
    share: [
      "Sharing a paper:",
      "• Answers to `/paper` are private first: “Share in channel” on a card, or `/paper share <id>`, posts it here, credited to you",
      "• A card's ⋯ menu: More like this, Full abstract, Save, Copy BibTeX, Follow …, and More by … on its own page",
      "• `/paper bib <id or words>` — a paper's BibTeX to copy, as its export wrote it",
      "• In a thread under a shared card or a paper of the day, mention me with “more like this”, “who else works on this?”, “who wrote this?” or “more by these authors”",
    ],
    saved: [
      "Your reading list:",
      "• “Save” in a card's ⋯ menu, or `/paper save <id>`",
      "• `/paper saved` — newest first, each with Remove",
      "• `/paper saved export` — the list as Markdown and BibTeX files in your DM with me",
    ],
    daily: [
      "Daily paper in this channel:",
      "• `/paper daily on` — every day at 09:00",
      "• `/paper daily on 08:30 Europe/Berlin weekdays` — time, IANA time zone and days are optional, in any order",
      "• days: `weekdays`, `weekends`, `daily`, or a list such as `mon,wed,fri`",
      "• `/paper daily off` — stop · `/paper daily` — show the schedule",
    ],
  };
  return lines[topic];
}
