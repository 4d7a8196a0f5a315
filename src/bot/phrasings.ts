import type { HelpTopic } from "./intents.js";
import { stripped, unquoted } from "./typed-text.js";

/** What a plain-words question asks for, with its argument in the asker's own spelling. */
export type Phrased =
  /** `wrote`: "who wrote X?", where X may be one paper's name ("who wrote StepCoder?"). */
  | { kind: "who"; topic: string; wrote?: true }
  | { kind: "author"; name: string; orSearch: boolean }
  /** `limit`: as many papers as were asked for ("give me 3 papers on agents"). */
  | { kind: "search"; query: string; limit?: number }
  | { kind: "similar"; id: string; orSearch: string }
  /** "who wrote this?" in a thread under a card: that paper, with its authors. */
  | { kind: "paper"; id: "this"; full: false }
  | { kind: "random" }
  | { kind: "stats" }
  | { kind: "dailyPreview" }
  | { kind: "help"; topic?: HelpTopic }
  | { kind: "smallTalk"; say: "hello" | "thanks" }
  | { kind: "follow"; what: string }
  | { kind: "unfollow"; what: string }
  | { kind: "following" }
  | { kind: "saved" }
  | { kind: "whatsNew"; topic?: string };

const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening)|morning)(?: (?:there|paperbot|all|folks|team|everyone))?$/;
const THANKS =
  /^(?:thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|great,? thanks|perfect,? thanks)(?: (?:paperbot|a lot|so much|again))?$/;
const HELP =
  /^(?:help(?: me| please| pls)?|i need help|usage|commands|\?|what can you do|what can i ask(?: you)?|how does this work|what do you do|how do i use (?:you|this|paperbot)|what are the commands|how (?:do|can|should) i (?:search|find papers|look (?:for|up) papers|ask you|use (?:it|the bot))(?: here| with you)?|how does paperbot work)$/;
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
  /^(?:what am i following|what do i follow|what (?:topics|people|authors|things) (?:am i following|do i follow)|who (?:am i following|do i follow)|what (?:am i|do i get) (?:subscribed to|watching|tracking|notified about|alerts for)|(?:my|list my) (?:follows|following|subscriptions|alerts|followed topics)|following|follows)$/;
const SAVED =
  /^(?:(?:my )?reading list|my list|(?:my )?saved papers|my saved|saved|what (?:have i|did i) save(?:d)?|(?:my )?bookmarks|papers i saved)$/;
const WHATS_NEW_ON =
  /^(?:what(?:'s|’s| is|s)? new|anything new|(?:any )?new papers|(?:the )?latest papers|news) (?:on|in|about|regarding|for) (.+)$/d;
const WHATS_NEW =
  /^(?:what(?:'s|’s| is|s)? new(?: (?:here|today|this week|lately|in the corpus|in the group|papers))?|anything new(?: (?:here|today|lately|this week))?|new papers|new arrivals|(?:the )?latest papers|recent(?:ly added)? papers|what(?:'s|’s| has| was| got| have you) (?:been |got )?(?:added|new)(?: (?:lately|recently|today))?|news|any news)$/;

/** A question about using Paperbot itself ("how do I follow a topic?", "can you post a paper every day?"). */
const HOW_DO_I =
  /^(?:(?:how (?:do|can|could|should|would) (?:i|we|you|one)|how to|can (?:i|we|you)|could (?:i|we|you)|is there a way to|is it possible to) |how (?:does|do) .+ work$)/;
/** Which feature such a question is about, by the words it uses. */
const HELP_WORDS: readonly [HelpTopic, RegExp][] = [
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
  return topic === "share" && ASKS_FOR_PAPERS.test(text) ? undefined : topic;
}

// Politeness and lead-ins that say nothing about what is asked: "please", "can you", "show me".
const LEAD_INS = [
  /^(?:please|pls|plz|ok|okay|so|hmm|um|and|also|hey|hi|hello)[, ]+/,
  /^@?paperbot[,:]? +/,
  /^(?:can|could|would|will) you(?: please)? +/,
  /^(?:i'd like|i would like|i want|i need|i'm looking for|i am looking for|i’m looking for|looking for|help me find|let me see|i'd love) +/,
  /^(?:show|give|get|find|fetch|send|list) me +/,
  /^(?:show|list|fetch|get|find|look for|look up|search for) +/,
];
const TRAILING = /(?:,? (?:please|pls|thanks|thank you|thx))+$/;

const WHO_TOPIC_NOISE =
  /(?: (?:here|around here|in (?:the|our|this|my) (?:group|team|lab|department|org)|lately|recently|these days|at the moment|right now|already|before|the most|most))+$/;

const WHO = [
  /^who(?: else)?(?: here)?(?:'s|’s| has| have| had| is| are| was| were)?(?: been)?(?: already| ever| recently| also| actually)? (?:worked|works|working|work|knows?|knowing|written|writes|wrote|write|researched|researches|researching|research|studied|studies|studying|study|published|publishes|publish|focused|focuses|focusing|specializes|specialises|specialized|specialised|specializing|specialising|done work)(?: (?:anything|something|stuff|papers?|a paper|research|a lot|much|things|the most|most|best))?(?: (?:on|about|in|with|at|regarding|around|into))? (.+)$/d,
  /^who (?:should|could|can|do|might|would|shall) (?:i|we) (?:talk|speak|ask|go|turn|reach out|chat|consult|contact|ping|email|see|bug|bother|message)(?: to| with)?(?: (?:about|regarding|on|for|re|with))? (.+)$/d,
  /^who(?: is| are|'s|’s) (?:the |an |a |our )?(?:experts?|specialists?|go-to (?:person|people)|best person|right person|person|people)(?: to (?:ask|talk to))? (?:on|in|at|about|for|with|regarding) (.+)$/d,
  /^who(?: is| are|'s|’s) (?:good|great|skilled|experienced|familiar|strong|into|knowledgeable|an expert|expert|active)(?: (?:at|in|with|on|about|regarding))? (.+)$/d,
  /^who (?:has|have|had) (?:experience|expertise|papers?|knowledge|a background|background) (?:in|with|on|about) (.+)$/d,
  /^(?:does |do |did |has |have |is |are |is there |are there )?(?:any(?:one|body)|someone|somebody|people|experts?|specialists?)(?: here| else)?(?: (?:who|that))?(?: (?:is|are|has|have))?(?: (?:works|working|worked|work|knows|know|knowing|knowledgeable|familiar|expert|experienced|researching|studying|published|focused|focusing))? (?:on|about|in|with|at|regarding) (.+)$/d,
];
/** "papers by Zhiheng Xi on agents": a search of the topic among that person's papers (name, then topic). */
const AUTHOR_ON_TOPIC = [
  /^(?:the |any |some |all )?(?:papers?|work|works|publications?|research|articles?|everything|anything|stuff) (?:by|from|of|written by|authored by) (.+?) (?:on|about|regarding|concerning|covering) (.+)$/d,
  /^(?:what|which papers?|which) (?:has|have|did|does) (.+?) (?:written|write|writes|wrote|published|publish|publishes|authored|done|do|worked|work) (?:on|about|regarding|concerning) (.+)$/d,
  /^(.+?)(?:'s|’s) (?:papers?|work|works|publications?|research|articles?) (?:on|about|regarding|concerning) (.+)$/d,
];
/** "papers by the group on RLHF": everyone's. */
const WHOLE_GROUP =
  /^(?:the |our |this |my )?(?:group|team|lab|us|we|anyone|anybody|everyone|everybody|people)$/i;
const AUTHOR = [
  /^(?:the )?(?:papers?|work|works|publications?|research|articles?|everything|anything|stuff) (?:by|from|of|written by|authored by) (.+)$/d,
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
/** "who wrote this?", "who are the authors?": the authors of the paper a thread is about. */
const WHO_WROTE_THIS =
  /^(?:who (?:wrote|authored|published|made|is behind|are behind)(?: (?:this|that|it)(?: one| paper| work)?)?|who(?:'s| is| are|’s) (?:the )?authors?(?: (?:of|on|behind) (?:this|that|it)(?: one| paper| work)?)?|(?:the )?authors? of (?:this|that|it)(?: one| paper)?)$/;
/** "who wrote StepCoder?": the authors of the paper of that name, or else the people behind the topic. */
const WHO_WROTE =
  /^who (?:wrote|authored|published|made|created|proposed|introduced|came up with|is behind|are behind|did)(?! (?:about|on|in|regarding|with|papers?|something|anything|stuff|work)\b)(?: the)? (.+?)(?: paper| one| work)?$/d;
/** "more by these authors": papers by the people of the paper a thread is about. */
const MORE_BY_THEM = [
  /^(?:(?:show|find|get|give)(?: me)? )?(?:any |some )?(?:more|other|others|more papers|other papers|other work|anything else)(?: (?:papers?|work))? (?:by|from) (?:these|the|those|this|them|its|the same|that)(?: (?:authors?|people|folks|person))?$/,
  /^what else (?:have|has|did) (?:they|these authors|the authors|this author|those authors) (?:written|write|wrote|published|done)$/,
];
const LOOSE_AUTHOR = /^(?:tell me about|who is|who's|who’s|who are) (.+)$/d;
const SIMILAR =
  /^(?:(?:papers?|more|anything|something|others?) )?(?:like|similar to|related to) ([a-z0-9]{4,64})$/d;
/** "more like this one", "any similar papers?": papers like the one a thread is about (asked which, elsewhere). */
const LIKE_THIS = [
  /^(?:(?:show|find|get|give)(?: me)? )?(?:(?:more|other|some|any) )?(?:(?:papers?|ones?|work|stuff|anything|something) )?(?:like|similar to|related to) (?:this|that|it)(?: (?:one|paper))?$/,
  /^(?:(?:show|find|get|give)(?: me)? )?(?:(?:more|other|some|any) )?(?:similar|related) (?:papers?|ones?|work|reading)$/,
  /^(?:anything|something) (?:similar|related)$/,
];
/** "3 papers on agents", "the top five papers about RLHF": that many, on the topic. */
const COUNTED =
  /^(?:(?:the )?(?:top|best|first) )?(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten) (?:(?:top|best|key|good|great|important|relevant) )?(?:papers?|articles?|reads?|publications?) (?:on|about|regarding|for|covering|related to) (.+)$/d;
const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** At most this many papers are shown at once, however many are asked for. */
const MOST_ASKED = 10;
const SEARCH = [
  /^(?:is there |are there |do (?:we|you) have |have (?:we|you) got |got |any |(?:does |do |did )?(?:any(?:one|body)|someone|somebody)(?: here)? (?:have|has|got|know of|knows? of|seen|read) )?(?:(?:\d{1,2}|a few|a couple of|two|three|four|five|some|the) )?(?:(?:top|best|key|important|main|good|great|classic|seminal|must-read|relevant|interesting) )?(?:anything|something|any papers?|papers?|a paper|a survey|an article|a study|any work|any research|work|research|articles?|publications?|stuff|material)(?: at all)? (?:on|about|regarding|re|for|covering|mentioning|related to|relating to|to do with|concerning|around|in the area of) (.+)$/d,
  /^what (?:do|does|did) (?:we|you|the group|paperbot) (?:have|know|got) (?:on|about|regarding) (.+)$/d,
  /^(?:the |a |that )?(?:paper|article|study|work|one) (?:where|in which|that|which) (?:they |the authors |someone |somebody |people |we )?(?:(?:used|uses|use|proposed|proposes|propose|introduced|introduces|introduce|trained|trains|train|studied|studies|study|showed|shows|show|tried|tries|try|applied|applies|apply) )?(.+)$/d,
  /^(?:i |we )?(?:remember|recall|saw|read|once read|think there was|think there is|know there is|know there was)(?: there (?:was|is))? (?:a |the |some |that |this )?(?:paper|article|study|work|preprint) (?:about|on|where|in which|that|which|with|regarding) (.+?)(?:,? (?:which one was it|which one is it|what was it(?: called)?|what is it(?: called)?|can you find it|do you know (?:it|which)|any idea which|where is it))?$/d,
  /^(?:has|have|did) (?:the group|our group|this group|we|the team|our team|the lab|our lab|you) (?:ever )?(?:done|do|written|write|published|publish|worked on|work on|looked at|looked into|covered|got)(?: (?:anything|something|any work|any papers?|papers?|work|research))?(?: (?:on|about|regarding|in|with|into))? (.+)$/d,
  /^(?:what(?:'s| is|’s) )?(?:a |the )?(?:good|best|first) (?:paper|thing|one) to (?:start|begin) with (?:on|about|for|in) (.+)$/d,
  /^(?:where|how) (?:should|do|can|could) (?:i|we) (?:start|begin) (?:with|on|in|reading about|learning about) (.+)$/d,
  /^what should (?:i|we) read (?:first )?(?:on|about|for|regarding) (.+)$/d,
  /^(?:what|which|any) (?:papers?|work|research|articles?|publications?) (?:do|does|did) (?:we|you|the group|paperbot) (?:have|know of|got) (?:on|about|regarding|for|in|covering) (.+)$/d,
  /^(?:recommend|suggest)(?: me)?(?: (?:a|some|any|good|a good))? (?:papers?|reading|something|anything|work)(?: to read)? (?:on|about|regarding|for|covering|related to|in) (.+)$/d,
  /^(?:which|what) (?:papers?|work|articles?|publications?) (?:mentions?|covers?|discuss(?:es)?|talks? about|uses?|are about|is about|stud(?:y|ies)|deals? with|proposes?|introduces?|introduced|proposed|presented|described|(?:has|have) (?:looked at|worked on)) (.+)$/d,
  /^where (?:can|could|do|should|would) (?:i|we|one) (?:read|learn|find out|find something|look)(?: more)? (?:about|on|up on|into) (.+)$/d,
  /^(?:what(?:'s| is| are|’s) )?(?:a |an |any |some )?(?:good |great |nice |quick |gentle )?(?:intro(?:duction)?s?|reads?|reading|primers?|starting points?|places? to start) (?:to|on|about|for|in|into) (.+)$/d,
  /^(?:anything|something|papers?|stuff|work) (?:like|similar to|related to) (.+)$/d,
  /^(?:(?:any|some) )?(?:related|relevant) (?:papers?|work|reading) (?:on|about|for|to|regarding) (.+)$/d,
  /^(?:share|send|give)(?: (?:me|us))? (?:some |any |a few )?(?:papers?|something|anything|work|reading) (?:on|about|regarding|for) (.+)$/d,
  /^(?:what is|what's|what’s|what are|explain|define|what about|how about|info about|info on|information about|information on|more (?:on|about)|i'm interested in|i am interested in|interested in|i want to read about|read about) (.+)$/d,
];

/** Group `group` (the first by default) of `pattern` in `lower`, cut from `original` to keep its spelling. */
function argOf(pattern: RegExp, lower: string, original: string, group = 1): string | undefined {
  const match = pattern.exec(lower);
  if (!match) return undefined;
  const span = match.indices?.[group];
  const aligned = lower.length === original.length;
  const arg = span && aligned ? original.slice(span[0], span[1]) : (match[group] ?? "");
  const clean = stripped(arg);
  return clean === "" ? undefined : clean;
}

/** An AUTHOR_ON_TOPIC phrasing as a search of the topic and the name. */
function authorTopicQueryOf(lower: string, original: string): string | undefined {
  for (const pattern of AUTHOR_ON_TOPIC) {
    const match = pattern.exec(lower);
    if (!match) continue;
    const aligned = lower.length === original.length;
    const [name, topic] = [1, 2].map((group) => {
      const span = match.indices?.[group];
      return stripped(span && aligned ? original.slice(span[0], span[1]) : (match[group] ?? ""));
    });
    if (!topic) continue;
    // The search reads a name among the words (slips and a surname alone too) and says whose papers these are.
    return name === undefined || WHOLE_GROUP.test(name) ? topic : `${topic} ${unquoted(name)}`;
  }
  return undefined;
}

/** "give me 3 papers on agents": a search shown that many papers at a time (up to MOST_ASKED). */
function countedSearchOf(lower: string, original: string): Phrased | undefined {
  const said = argOf(COUNTED, lower, original, 1)?.toLowerCase();
  const query = argOf(COUNTED, lower, original, 2);
  if (said === undefined || query === undefined) return undefined;
  const count = NUMBER_WORDS.includes(said) ? NUMBER_WORDS.indexOf(said) + 1 : Number(said);
  return count > 0
    ? { kind: "search", query, limit: Math.min(count, MOST_ASKED) }
    : { kind: "search", query };
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

/** What a question in plain words asks, or undefined when it reads as search words. */
export function phrasedIntentOf(text: string): Phrased | undefined {
  const whole = stripped(text).toLowerCase();
  if (GREETING.test(whole)) return { kind: "smallTalk", say: "hello" };
  if (THANKS.test(whole)) return { kind: "smallTalk", say: "thanks" };
  const { original, lower } = withoutLeadIns(stripped(text));
  if (lower === "") return { kind: "help" };
  if (HELP.test(lower)) return { kind: "help" };
  if (RANDOM.test(lower)) return { kind: "random" };
  if (STATS.test(lower)) return { kind: "stats" };
  if (DAILY_PREVIEW.some((pattern) => pattern.test(lower))) return { kind: "dailyPreview" };
  if (FOLLOWING.test(lower)) return { kind: "following" };
  if (SAVED.test(lower)) return { kind: "saved" };
  if (WHATS_NEW.test(lower)) return { kind: "whatsNew" };
  const newOn = argOf(WHATS_NEW_ON, lower, original);
  if (newOn) return { kind: "whatsNew", topic: unquoted(newOn) };
  for (const pattern of UNFOLLOW) {
    const what = argOf(pattern, lower, original);
    if (what) return { kind: "unfollow", what: unquoted(what) };
  }
  for (const pattern of FOLLOW) {
    const what = argOf(pattern, lower, original)?.replace(/ for me$/i, "");
    if (what) return { kind: "follow", what: unquoted(what) };
  }
  const topic = helpTopicOf(whole);
  if (topic) return { kind: "help", topic };
  if (WHO_WROTE_THIS.test(lower)) return { kind: "paper", id: "this", full: false };
  if (MORE_BY_THEM.some((pattern) => pattern.test(lower)))
    return { kind: "author", name: "this", orSearch: false };
  const partner = argOf(WORKED_WITH, lower, original);
  if (partner) return { kind: "author", name: unquoted(partner), orSearch: true };
  const named = argOf(WHO_WROTE, lower, original);
  if (named) return { kind: "who", topic: topicOf(named), wrote: true };
  for (const pattern of WHO) {
    const topic = argOf(pattern, lower, original);
    if (topic) return { kind: "who", topic: topicOf(topic) };
  }
  const byAuthor = authorTopicQueryOf(lower, original);
  if (byAuthor) return { kind: "search", query: byAuthor };
  for (const pattern of AUTHOR) {
    const name = argOf(pattern, lower, original);
    if (name) return { kind: "author", name: unquoted(name), orSearch: false };
  }
  if (LIKE_THIS.some((pattern) => pattern.test(lower)))
    return { kind: "similar", id: "this", orSearch: "this" };
  const similar = argOf(SIMILAR, lower, original);
  if (similar) return { kind: "similar", id: similar.toLowerCase(), orSearch: similar };
  const loose = argOf(LOOSE_AUTHOR, lower, original);
  if (loose) return { kind: "author", name: unquoted(loose), orSearch: true };
  const counted = countedSearchOf(lower, original);
  if (counted) return counted;
  for (const pattern of SEARCH) {
    const query = argOf(pattern, lower, original);
    if (query) return { kind: "search", query };
  }
  return original === stripped(text) ? undefined : { kind: "search", query: original };
}
