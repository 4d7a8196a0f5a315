import type { HelpTopic, Intent } from "./intents.js";
import { MESSAGES } from "./messages.js";
import { stripped, unquoted } from "./typed-text.js";

// Questions about Paperbot itself: greetings, help, the daily paper, follows, the reading list, what is new.

const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening)|morning)(?: (?:there|paperbot|all|folks|team|everyone))?$/;
const THANKS =
  /^(?:thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|great,? thanks|perfect,? thanks)(?: (?:paperbot|a lot|so much|again))?$/;
const HELP =
  /^(?:help(?: me| please| pls)?|i need help|usage|commands|\?|what can you do|what can i ask(?: you)?|how does this work|what do you do|how do i use (?:you|this|paperbot)|what are the commands|how (?:do|can|should) i (?:ask you|use (?:it|the bot))(?: here| with you)?|how does paperbot work)$/;
const RANDOM =
  /^(?:something random|surprise me|random|a random paper|random paper|any paper|anything|a paper|something|something to read|a paper to read|what should i read(?: today| next| now)?|pick (?:one|a paper|something)(?: for me)?|recommend (?:a paper|something|me a paper|me something)|paper of the day|another one|one more|i'?m feeling lucky|feeling lucky)$/;
// Apostrophes are optional: chat drops them ("whats tomorrows paper").
const DAILY_PREVIEW = [
  /^(?:(?:what(?:'s|’s|s| is| will be)|which is) )?(?:the )?(?:tomorrow(?:'s|’s|s)?|next|upcoming)(?: daily)? (?:paper|post)(?: of the day)?(?: (?:be|here|in this channel|tomorrow))?$/,
  /^what(?:'s|’s|s| is| will be) (?:the )?(?:daily paper|daily post|paper of the day) (?:tomorrow|next)(?: here| in this channel)?$/,
  /^(?:what|which) paper (?:is|comes|will be posted|will come|gets posted)(?: up)? (?:next|tomorrow)(?: here| in this channel)?$/,
  /^what will tomorrow(?:'s|’s|s)? (?:daily )?paper be$/,
  /^(?:daily preview|preview(?: the)? (?:daily paper|daily post|paper of the day|next paper|tomorrow(?:'s|’s|s)? paper))$/,
];
const STATS =
  /^(?:stats|statistics|corpus size|how many papers(?: (?:do you have|are there|are loaded|have you got|do we have|do you know))?|what(?:'s| is) loaded|(?:list )?(?:all|every)(?: (?:the|of the|your|our))? papers?(?: (?:you have|we have|there are|loaded))?|list (?:the )?papers|browse(?: (?:the )?papers)?)$/;

const NEW_SOMETHING =
  "(?:there(?:'s| is| are) )?(?:something |anything |a paper |papers |a new paper |new papers )?(?:new )?";
const UNFOLLOW = [
  /^(?:unfollow|stop following|stop watching|stop tracking|unsubscribe(?: me)? from|stop (?:notifying|alerting|telling|pinging|messaging) me (?:about|of|on|for)|no more (?:notifications|alerts|updates|messages|dms) (?:about|on|for|from)) (.+)$/d,
];
const FOLLOW = [
  /^(?:follow|watch|track|subscribe(?: me)? to|keep (?:me )?(?:posted|updated|informed) (?:on|about)|(?:notify|alert|ping|message|dm) me (?:about|of|on|to|for)|let me know about|i want to follow|i'd like to follow) (.+)$/d,
  new RegExp(
    `^(?:tell|notify|alert|ping) me (?:when|if|whenever) ${NEW_SOMETHING}(?:comes out |appears |arrives |is added |gets added )?(?:on|about|in|by|from) (.+)$`,
    "d",
  ),
  /^(?:tell|notify|alert|ping) me (?:when|if|whenever) (.+?) (?:publishes|writes|puts out|posts|adds)(?: (?:something|anything|a paper|papers|a new paper|new papers))?(?: new)?$/d,
];
const FOLLOWING =
  /^(?:what (?:am i|i am|i'm|i’m) following|what (?:do i|i) follow|what (?:topics|people|authors|things) (?:am i following|do i follow)|who (?:am i following|do i follow)|what (?:am i|do i get) (?:subscribed to|watching|tracking|notified about|alerts for)|(?:my|list my) (?:follows|following|subscriptions|alerts|followed topics)|following|follows)$/;
/** "export my reading list", "send me my saved papers as bibtex": the reading list as a file. */
const SAVED_EXPORT =
  /^(?:(?:please )?(?:export|download|send(?: me)?|give me|email me|get(?: me)?) (?:my |the |our )?(?:reading list|saved papers|saved|bookmarks|list)|(?:my )?(?:reading list|saved papers) (?:as|in) (?:a )?(?:bibtex|bib|markdown|md|file))(?: (?:as|in) (?:a )?(?:bibtex|bib|\.bib|markdown|md|\.md|file))?$/;
const SAVED =
  /^(?:(?:my )?reading list|my list|(?:my )?saved papers|my saved|saved|what (?:have i|did i) save(?:d)?|(?:my )?bookmarks|papers i saved)$/;
// "latest papers on X" is a search, newest first where papers have years: not only the ones the last update added.
const WHATS_NEW_ON =
  /^(?:what(?:'s|’s| is|s)? new|anything new|(?:any )?new papers|news) (?:on|in|about|regarding|for) (.+)$/d;
const WHATS_NEW =
  /^(?:what(?:'s|’s| is|s)? new(?: (?:here|today|this week|lately|in the corpus|in the group|papers))?|anything new(?: (?:here|today|lately|this week))?|(?:are there |is there )?any(?:thing)? new(?: papers?)?(?: (?:here|today|lately|this week|out|in))?|(?:any )?new papers|new arrivals|(?:the )?latest papers|recent(?:ly added)? papers|what(?:'s|’s| has| was| got| have you) (?:been |got )?(?:added|new)(?: (?:lately|recently|today))?|news|any news)$/;

/** A question about using Paperbot itself ("how do I follow a topic?", "can you post a paper every day?"). */
const HOW_DO_I =
  /^(?:(?:how (?:do|can|could|should|would) (?:i|we|you|one)|how to|can (?:i|we|you)|could (?:i|we|you)|is there a way to|is it possible to) |how (?:does|do) .+ work$)/;
/** "how do I …", "how to …": the asker asks how to do it, not the bot to do it ("can you …"). */
const ASKS_ME_HOW = /^(?:how (?:do|can|could|should) (?:i|we|one)|how to|is there a way to) /;
/** Which feature such a question is about, by the words it uses. */
const HELP_WORDS: readonly [HelpTopic, RegExp][] = [
  ["who", /\b(?:who (?:works|worked|has worked|knows|is working)|people behind|experts?)\b/],
  [
    "author",
    /\b(?:(?:someone|somebody|a person|a colleague|an author)'?s papers|papers (?:of|by) (?:someone|somebody|a person|an author))\b/,
  ],
  ["search", /\b(?:search|find (?:a |the )?papers?|look (?:for|up) (?:a |the )?papers?)\b/],
  ["daily", /\b(?:daily|every (?:day|morning|weekday)|each (?:day|morning)|paper of the day)\b/],
  [
    "follow",
    /\b(?:follow(?:s|ing)?|subscri(?:be|bing|ptions?)|notif(?:y|ied|ications?)|alerts?|get updates)\b/,
  ],
  [
    "share",
    /\b(?:share|sharing|post (?:it|this|that|a card|a paper|papers) (?:in|to|into) (?:the |this |a )?channel)\b/,
  ],
  ["saved", /\b(?:save|saving|bookmark|reading list|export)\b/],
];
const STOP_DAILY =
  /^(?:stop|turn off|switch off|cancel|disable|pause|end|unsubscribe(?: us)? from) (?:the |this |our |that )?(?:daily(?: paper| post)?s?|paper of the day)(?: here| in this channel)?$/;

/** "can you share papers on RLHF?": a request for papers, not for help on sharing. */
const ASKS_FOR_PAPERS =
  /\b(?:papers?|something|anything|some|one|work) (?:on|about|regarding|related to|for) \S/;

/** The feature a question about using Paperbot is about; undefined for other text. */
function helpTopicOf(text: string): HelpTopic | undefined {
  if (STOP_DAILY.test(text)) return "daily";
  if (!HOW_DO_I.test(text)) return undefined;
  const topic = HELP_WORDS.find(([, words]) => words.test(text))?.[0];
  // "can you find papers by X", "how do I find papers on X": a request for them, not for help on the feature.
  const asking = ASKS_FOR_PAPERS.test(text) || /\b(?:by|with) \S/.test(text) || !ASKS_ME_HOW.test(text);
  return (topic === "share" || topic === "search" || topic === "who" || topic === "author") && asking
    ? undefined
    : topic;
}

// How plain-words questions about papers and people are worded: lead-ins, who, whose papers, what to search.

// Politeness and lead-ins that say nothing about what is asked: "please", "can you", "show me".
const LEAD_INS = [
  /^(?:please|pls|plz|ok|okay|so|hmm|um|and|also|hey|hi|hello)[, ]+/,
  /^@?paperbot[,:]? +/,
  /^(?:can|could|would|will) you(?: please)? +/,
  /^(?:i'd like|i would like|i want|i need|i'm looking for|i am looking for|i’m looking for|looking for|help me find|let me see|i'd love) +/,
  /^(?:show|give|get|find|fetch|send|list) me +/,
  /^(?:show|list|fetch|get|find|look for|look up|search for|open|pull up|bring up|search) +/,
  // "tell me about Senjie Jin's work": someone's papers (alone, "tell me about X" is LOOSE_AUTHOR's).
  /^(?:tell me (?:about|of)|what about|how about) +(?=.+(?:'s|’s) )/,
];
const TRAILING = /(?:,? (?:please|pls|thanks|thank you|thx))+$/;

const WHO_TOPIC_NOISE =
  /(?: (?:here|around here|in (?:the|our|this|my) (?:group|team|lab|department|org)|lately|recently|these days|at the moment|right now|already|before|the most|most|papers?))+$/;

const WHO = [
  /^who(?: else)?(?: here)?(?:'s|’s| has| have| had| is| are| was| were)?(?: been)?(?: already| ever| recently| also| actually)? (?:worked|works|working|work|knows?|knowing|written|writes|wrote|write|researched|researches|researching|research|studied|studies|studying|study|published|publishes|publish|focused|focuses|focusing|specializes|specialises|specialized|specialised|specializing|specialising|done work)(?: (?:anything|something|stuff|papers?|a paper|research|a lot|much|things|the most|most|best))?(?: (?:on|about|in|with|at|regarding|around|into))? (.+)$/d,
  /^who (?:should|could|can|do|might|would|shall) (?:i|we) (?:talk|speak|ask|go|turn|reach out|chat|consult|contact|ping|email|see|bug|bother|message)(?: to| with)?(?: (?:about|regarding|on|for|re|with))? (.+)$/d,
  /^who(?: is| are|'s|’s) (?:the |an |a |our )?(?:experts?|specialists?|go-to (?:person|people)|best person|right person|person|people)(?: to (?:ask|talk to))? (?:on|in|at|about|for|with|regarding) (.+)$/d,
  /^who(?: is| are|'s|’s) (?:good|great|skilled|experienced|familiar|strong|into|knowledgeable|an expert|expert|active)(?: (?:at|in|with|on|about|regarding))? (.+)$/d,
  /^who (?:has|have|had) (?:experience|expertise|papers?|knowledge|a background|background) (?:in|with|on|about) (.+)$/d,
  /^(?:does |do |did |has |have |is |are |is there |are there )?(?:any(?:one|body)|someone|somebody|people|experts?|specialists?)(?: here| else)?(?: (?:who|that))?(?: (?:is|are|has|have))?(?: (?:works|working|worked|work|knows|know|knowing|knowledgeable|familiar|expert|experienced|researching|studying|published|focused|focusing))? (?:on|about|in|with|at|regarding) (.+)$/d,
  // A verb that takes the topic itself: "anyone doing RLHF?", "is anybody using PPO", "someone who studied agents".
  /^(?:does |do |did |has |have |is |are |is there |are there )?(?:any(?:one|body)|someone|somebody)(?: here| else)?(?: (?:who|that))?(?: (?:is|are|has|have)(?: been)?)? (?:doing|done|does|do|did|using|used|uses|use|studying|studied|studies|researching|researched|exploring|explored|explores|investigating|investigated|tried|trying|tries) (.+)$/d,
];
/** A question about one person, no topic: "what has Senjie Jin written?", "Shihan Dou's papers", "co-authors of Rui Zheng". */
const AUTHOR = [
  /^(?:what|which papers?|which) (?:has|have|did|does) (.+?) (?:written|write|writes|wrote|published|publish|publishes|authored|worked on|work on|works on|done|do)$/d,
  /^(?:(?:what|which) (?:are|were|is) )?(.+?)(?:'s|’s) (?:(?:most )?(?:recent|latest|newest|new|best|top|main|key|other) )?(?:papers?|work|works|publications?|research|articles?)$/d,
  /^(?:what is|what's|what’s|what are) (.+?) (?:working on|up to|researching)(?: these days| lately| now| at the moment)?$/d,
  /^(?:what|which) (?:topics|areas|fields|subjects|things) (?:does|do|did|has|have|is|are) (.+?) (?:work|working|worked|research|researching|researched|study|studying|studied|focus|focusing|focused|publish|published|write|written) ?(?:on|in|about)?$/d,
  /^(?:the )?(?:co-?authors?|collaborators?) (?:of|for) (.+)$/d,
  /^who (?:has|have|does|did) (.+?) (?:worked|work|collaborated|collaborate|written|write|wrote|published|publish) with$/d,
];
/** "who has worked with Enyu Zhou": her co-authors, in her summary (a search when the name is nobody's). */
const WORKED_WITH =
  /^who (?:else )?(?:(?:has|have|had) )?(?:worked|works|work|collaborated|collaborates|collaborate|co-?authored|published|written|wrote) (?:papers? )?(?:(?:the )?most |most often |often |a lot |frequently )?(?:with|alongside) (.+)$/d;
/** "who else works on this?": others than the thread's paper's own authors. */
const OTHERS = /\b(?:else|other|others)\b/;
/** "who wrote this?", "who are the authors?": the authors of the paper a thread is about. */
const WHO_WROTE_THIS =
  /^(?:who (?:wrote|authored|published|made|is behind|are behind)(?: (?:this|that|it)(?: one| paper| work)?)?|who(?:'s| is| are|’s) (?:the )?authors?(?: (?:of|on|behind) (?:this|that|it)(?: one| paper| work)?)?|(?:the )?authors? of (?:this|that|it)(?: one| paper)?)$/;
/** "who wrote StepCoder?": the authors of the paper of that name, or else the people behind the topic. */
const WHO_WROTE =
  /^who (?:wrote|authored|published|made|created|proposed|introduced|came up with|is behind|are behind|did)(?! (?:about|on|in|regarding|with|papers?|something|anything|stuff|work)\b)(?: the)? (.+?)(?: paper| one| work)?$/d;
/** "summarize RMB": the paper of that name (or id), its whole abstract; the message searched when no paper is so named. */
const ABSTRACT_OF =
  /^(?:summari[sz]e|tl;?dr(?: of| for)?|(?:a |the )?(?:summary|abstract|gist|tl;?dr) (?:of|for)) (?:the )?(.+?)(?: paper| one| work)?$/d;
/** What may follow a paper's name: "paper", and where it is to go ("in our paper", "for my thesis"). */
const PAPER_TAIL =
  "(?: paper| one| work)?(?: (?:in|for) (?:our|my|the|a) (?:paper|draft|thesis|survey|report|slides|talk))?";
/** How a request for a paper's citation or links opens ("what's the", "send me", "where can I find"). */
const ASKED_FOR =
  "(?:what(?:'s|’s|s| is) |give me |send me |get |copy |can i (?:get|have) |where(?:'s|’s| is) |where can i (?:find|get) |do you have |is there )?";
const NAMED = `(?:our |the )?(.+?)${PAPER_TAIL}`;
/** "what's the bib for our RMB paper", "cite AgentGym", "how do I cite RMB": its BibTeX ("cite this": the card's). */
const CITE = new RegExp(
  `^(?:${ASKED_FOR}(?:the |a |its )?(?:bib|bibtex|citation|reference|cite key|citation key)(?: entry)? (?:for|of) |cite |how (?:do|should|can) (?:i|we) cite )${NAMED}$`,
  "d",
);
/** "send me the link to AgentGym", "arxiv link for RMB", "pdf of RMB": its card, with its links ("pdf of this"). */
const LINK_OF = new RegExp(
  `^${ASKED_FOR}(?:the |a )?(?:link|url|pdf|arxiv(?: link| page)?|doi|paper link)s? (?:for|of|to) ${NAMED}$`,
  "d",
);
/** Under a card, asked with no name: "the bibtex"; "send me the link", "pdf?" ("arxiv" or "doi" alone is a search). */
// "cite" alone, as "bib" alone: the card's under it, else which paper.
const CITE_BARE = new RegExp(`^(?:cite|${ASKED_FOR}(?:the |its )(?:bib|bibtex|citation)(?: entry)?)$`);
const LINK_BARE = new RegExp(
  `^${ASKED_FOR}(?:(?:the |its |a )?(?:link|url|pdf)s?|(?:the |its )(?:arxiv(?: link| page)?|doi)s?)$`,
);
const POINTED = /^(?:this|that|it)$/;
/** Under a card: "summarize this", "what is it about?": its whole abstract. */
const ABSTRACT_OF_THIS =
  /^(?:summari[sz]e(?: (?:this|that|it)(?: one| paper)?)?|tl;?dr|(?:the |a )?(?:summary|abstract|full abstract|gist)(?: (?:of|for) (?:this|that|it)(?: one| paper)?)?|what(?:'s| is|’s|s| does) (?:this|that|it)(?: one| paper)? (?:about|propose|do)|(?:show|give)(?: me)? the (?:full |whole )?abstract)$/;
/** "more by these authors": papers by the people of the paper a thread is about. */
const MORE_BY_THEM = [
  /^(?:(?:show|find|get|give)(?: me)? )?(?:any |some )?(?:more|other|others|more papers|other papers|other work|anything else)(?: (?:papers?|work))? (?:by|from) (?:these|the|those|this|them|its|the same|that)(?: (?:authors?|people|folks|person))?$/,
  /^what else (?:have|has|did) (?:they|these authors|the authors|this author|those authors) (?:written|write|wrote|published|done)$/,
];
const LOOSE_AUTHOR = /^(?:tell me about|who is|who's|who’s|who are) (.+)$/d;
/** "papers like StepCoder", "related work to PPO-max": papers like the one so named, or else a search. */
const LIKE_NAMED =
  /^(?:(?:anything|something|papers?|stuff|work|more|others?) (?:like|similar to|related to)|(?:related|similar) (?:work|papers?) (?:to|for)) (.+)$/d;
export const SIMILAR =
  /^(?:(?:papers?|more|anything|something|others?) )?(?:like|similar to|related to) ([a-z0-9]{4,64})$/d;
/** "more like this one", "any similar papers?": papers like the one a thread is about (asked which, elsewhere). */
const LIKE_THIS = [
  /^(?:(?:show|find|get|give)(?: me)? )?(?:(?:more|other|some|any) )?(?:(?:papers?|ones?|work|stuff|anything|something) )?(?:like|similar to|related to) (?:this|that|it)(?: (?:one|paper))?$/,
  /^(?:(?:show|find|get|give)(?: me)? )?(?:(?:more|other|some|any) )?(?:similar|related) (?:papers?|ones?|work|reading)$/,
  /^(?:anything|something) (?:similar|related)$/,
];

const first = { offset: 0, paging: false } as const;

/** "follow author X" / "follow topic X" name what to follow as; else a name that resolves is a person. */
export function followIntent(rest: string): Intent {
  const as = /^(author|person|topic)\s+(.+)$/i.exec(rest);
  const what = unquoted(as?.[2] ?? rest);
  if (what === "") return { kind: "invalid", message: MESSAGES.needsFollow };
  const kind = as?.[1]?.toLowerCase();
  return { kind: "follow", what, ...(kind ? { as: kind === "topic" ? "topic" : "author" } : {}) };
}

/** The first group of `pattern` in `lower`, cut from `original` to keep its spelling; undefined when it does not match or is empty. */
function argOf(pattern: RegExp, lower: string, original: string): string | undefined {
  const match = pattern.exec(lower);
  if (match?.[1] === undefined) return undefined;
  const span = match.indices?.[1];
  const arg = stripped(
    span && lower.length === original.length ? original.slice(span[0], span[1]) : match[1],
  );
  return arg === "" ? undefined : arg;
}

/** Text without lead-ins and trailing courtesies, in both spellings, kept aligned. */
function withoutLeadIns(original: string): { original: string; lower: string } {
  let text = original;
  for (let round = 0; round < 4; round++) {
    const lower = text.toLowerCase();
    const lead = LEAD_INS.map((pattern) => pattern.exec(lower)?.[0].length ?? 0).find((n) => n > 0);
    if (lead === undefined || lead >= text.length) break;
    text = text.slice(lead);
  }
  const lowerEnd = text.toLowerCase();
  const tail = TRAILING.exec(lowerEnd);
  if (tail && tail.index > 0 && lowerEnd.length === text.length) text = text.slice(0, tail.index);
  text = stripped(text);
  return { original: text, lower: text.toLowerCase() };
}

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const NUMBER = `(\\d{1,2}|${NUMBER_WORDS.join("|")})`;
/** A count opening a request ("3 papers …", "the top 5 …"); at the start only: "Llama 2" keeps its 2. */
const COUNTED = new RegExp(
  `^(?:the )?(?:(?:top|best|first) ${NUMBER}|${NUMBER}(?= (?:(?:top|best|good|key|recent|relevant) )?(?:papers?|articles?|publications?|results?|reads?)\\b)) +`,
);

/** What a counted request says before its topic: "papers on", "good articles about". */
const COUNTED_NOUN =
  /^(?:(?:top|best|good|key|recent|relevant) )?(?:papers?|articles?|publications?|results?|reads?)(?: (?:on|about|in|regarding|for|of))? +/i;

/** How many papers a request asks for ("give me 3 papers on agents": 3), and the words it asks about ("agents"). */
export function countedOf(text: string): { count: number; rest: string } | undefined {
  const { original, lower } = withoutLeadIns(stripped(text));
  const match = COUNTED.exec(lower);
  const said = match?.[1] ?? match?.[2];
  if (match === undefined || match === null || said === undefined) return undefined;
  const asked = (lower.length === original.length ? original : lower).slice(match[0].length).trim();
  const rest = asked.replace(COUNTED_NOUN, "");
  const count = NUMBER_WORDS.includes(said) ? NUMBER_WORDS.indexOf(said) + 1 : Number(said);
  return rest === "" || count === 0 ? undefined : { count, rest };
}

/** A who-topic without the words around it that are not the topic: "speculative decoding", not "… lately". */
function topicOf(raw: string): string {
  const cut = raw.replace(WHO_TOPIC_NOISE, (noise) => (noise.length < raw.length ? "" : noise));
  return unquoted(cut.replace(/^(?:the|a|an) (?=\S)/i, ""));
}

/** The topic of "who has worked on X"-style wording, in the typed spelling; undefined for other text. */
export function askedTopicOf(text: string): string | undefined {
  const { original, lower } = withoutLeadIns(stripped(text));
  for (const pattern of WHO) {
    const topic = argOf(pattern, lower, original);
    if (topic) return topicOf(topic);
  }
  return undefined;
}

/** What plain words ask when it is no search, in the asker's spelling; undefined for a search. */
export function phrasedIntentOf(text: string): Intent | undefined {
  const whole = stripped(text).toLowerCase();
  if (GREETING.test(whole)) return { kind: "smallTalk", say: "hello" };
  if (THANKS.test(whole)) return { kind: "smallTalk", say: "thanks" };
  const { original, lower } = withoutLeadIns(stripped(text));
  if (lower === "") return { kind: "help" };
  if (HELP.test(lower)) return { kind: "help" };
  if (RANDOM.test(lower)) return { kind: "random" };
  if (STATS.test(lower)) return { kind: "stats" };
  if (DAILY_PREVIEW.some((pattern) => pattern.test(lower))) return { kind: "dailyPreview" };
  if (FOLLOWING.test(lower)) return { kind: "following", ...first };
  if (SAVED_EXPORT.test(lower)) return { kind: "savedExport" };
  if (SAVED.test(lower)) return { kind: "saved", ...first };
  if (WHATS_NEW.test(lower)) return { kind: "whatsNew", ...first };
  const newOn = argOf(WHATS_NEW_ON, lower, original);
  if (newOn) return { kind: "whatsNew", topic: unquoted(newOn), ...first };
  for (const pattern of UNFOLLOW) {
    const what = argOf(pattern, lower, original);
    if (what) return { kind: "unfollow", what: unquoted(what) };
  }
  for (const pattern of FOLLOW) {
    const what = argOf(pattern, lower, original)?.replace(/ for me$/i, "");
    if (what) return followIntent(what);
  }
  const topic = helpTopicOf(whole);
  if (topic) return { kind: "help", topic };
  if (WHO_WROTE_THIS.test(lower)) return { kind: "threadPaper", wants: "writers" };
  if (ABSTRACT_OF_THIS.test(lower)) return { kind: "threadPaper", wants: "abstract" };
  const summarized = argOf(ABSTRACT_OF, lower, original);
  if (summarized) {
    const name = unquoted(summarized);
    return { kind: "paper", id: name.toLowerCase(), full: true, orSearch: name };
  }
  // A paper's BibTeX or links: the one named, or the card the thread is under ("cite this", "the link").
  const cited = argOf(CITE, lower, original);
  if (CITE_BARE.test(lower) || (cited !== undefined && POINTED.test(cited.toLowerCase())))
    return { kind: "threadPaper", wants: "bibtex" };
  if (cited) return { kind: "bibtex", id: unquoted(cited).toLowerCase(), orSearch: unquoted(cited) };
  const linked = argOf(LINK_OF, lower, original);
  if (LINK_BARE.test(lower) || (linked !== undefined && POINTED.test(linked.toLowerCase())))
    return { kind: "threadPaper", wants: "links" };
  if (linked)
    return { kind: "paper", id: unquoted(linked).toLowerCase(), full: false, orSearch: unquoted(linked) };
  if (MORE_BY_THEM.some((pattern) => pattern.test(lower)))
    return { kind: "threadPaper", wants: "theirPapers" };
  const partner = argOf(WORKED_WITH, lower, original);
  // Someone's summary; the message is searched as typed when the name is nobody's.
  const asTyped = stripped(text);
  if (partner) return { kind: "author", name: unquoted(partner), orSearch: asTyped };
  const named = argOf(WHO_WROTE, lower, original);
  if (named) return { kind: "who", topic: topicOf(named), wrote: true, ...first };
  for (const pattern of WHO) {
    const topic = argOf(pattern, lower, original);
    const others = OTHERS.test(lower) ? { others: true } : {};
    if (topic) return { kind: "who", topic: topicOf(topic), ...others, ...first };
  }
  for (const pattern of AUTHOR) {
    const name = argOf(pattern, lower, original);
    if (name) return { kind: "author", name: unquoted(name), orSearch: asTyped };
  }
  if (LIKE_THIS.some((pattern) => pattern.test(lower)))
    return { kind: "similar", id: "this", orSearch: "this" };
  const similar = argOf(SIMILAR, lower, original) ?? argOf(LIKE_NAMED, lower, original);
  if (similar) return { kind: "similar", id: similar.toLowerCase(), orSearch: similar };
  const loose = argOf(LOOSE_AUTHOR, lower, original);
  if (loose) return { kind: "author", name: unquoted(loose), orSearch: asTyped };
  return undefined;
}
