import type { HelpTopic } from "./intents.js";

// Questions about Paperbot itself: greetings, help, the daily paper, follows, the reading list, what is new.

export const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening)|morning)(?: (?:there|paperbot|all|folks|team|everyone))?$/;
export const THANKS =
  /^(?:thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|great,? thanks|perfect,? thanks)(?: (?:paperbot|a lot|so much|again))?$/;
export const HELP =
  /^(?:help(?: me| please| pls)?|i need help|usage|commands|\?|what can you do|what can i ask(?: you)?|how does this work|what do you do|how do i use (?:you|this|paperbot)|what are the commands|how (?:do|can|should) i (?:search|find papers|look (?:for|up) papers|ask you|use (?:it|the bot))(?: here| with you)?|how does paperbot work)$/;
export const RANDOM =
  /^(?:something random|surprise me|random|a random paper|random paper|any paper|anything|a paper|something|something to read|a paper to read|what should i read(?: today| next| now)?|pick (?:one|a paper|something)(?: for me)?|recommend (?:a paper|something|me a paper|me something)|paper of the day|another one|one more|i'?m feeling lucky|feeling lucky)$/;
// Apostrophes are optional: chat drops them ("whats tomorrows paper").
export const DAILY_PREVIEW = [
  /^(?:(?:what(?:'s|’s|s| is| will be)|which is) )?(?:the )?(?:tomorrow(?:'s|’s|s)?|next|upcoming)(?: daily)? (?:paper|post)(?: of the day)?(?: (?:be|here|in this channel|tomorrow))?$/,
  /^what(?:'s|’s|s| is| will be) (?:the )?(?:daily paper|daily post|paper of the day) (?:tomorrow|next)(?: here| in this channel)?$/,
  /^(?:what|which) paper (?:is|comes|will be posted|will come|gets posted)(?: up)? (?:next|tomorrow)(?: here| in this channel)?$/,
  /^what will tomorrow(?:'s|’s|s)? (?:daily )?paper be$/,
  /^(?:daily preview|preview(?: the)? (?:daily paper|daily post|paper of the day|next paper|tomorrow(?:'s|’s|s)? paper))$/,
];
export const STATS =
  /^(?:stats|statistics|corpus size|how many papers(?: (?:do you have|are there|are loaded|have you got|do we have|do you know))?|what(?:'s| is) loaded|(?:list )?(?:all|every)(?: (?:the|of the|your|our))? papers?(?: (?:you have|we have|there are|loaded))?|list (?:the )?papers|browse(?: (?:the )?papers)?)$/;

const NEW_SOMETHING =
  "(?:there(?:'s| is| are) )?(?:something |anything |a paper |papers |a new paper |new papers )?(?:new )?";
export const UNFOLLOW = [
  /^(?:unfollow|stop following|stop watching|stop tracking|unsubscribe(?: me)? from|stop (?:notifying|alerting|telling|pinging|messaging) me (?:about|of|on|for)|no more (?:notifications|alerts|updates|messages|dms) (?:about|on|for|from)) (.+)$/d,
];
export const FOLLOW = [
  /^(?:follow|watch|track|subscribe(?: me)? to|keep (?:me )?(?:posted|updated|informed) (?:on|about)|(?:notify|alert|ping|message|dm) me (?:about|of|on|to|for)|let me know about|i want to follow|i'd like to follow) (.+)$/d,
  new RegExp(
    `^(?:tell|notify|alert|ping) me (?:when|if|whenever) ${NEW_SOMETHING}(?:comes out |appears |arrives |is added |gets added )?(?:on|about|in|by|from) (.+)$`,
    "d",
  ),
  /^(?:tell|notify|alert|ping) me (?:when|if|whenever) (.+?) (?:publishes|writes|puts out|posts|adds)(?: (?:something|anything|a paper|papers|a new paper|new papers))?(?: new)?$/d,
];
export const FOLLOWING =
  /^(?:what am i following|what do i follow|what (?:topics|people|authors|things) (?:am i following|do i follow)|who (?:am i following|do i follow)|what (?:am i|do i get) (?:subscribed to|watching|tracking|notified about|alerts for)|(?:my|list my) (?:follows|following|subscriptions|alerts|followed topics)|following|follows)$/;
export const SAVED =
  /^(?:(?:my )?reading list|my list|(?:my )?saved papers|my saved|saved|what (?:have i|did i) save(?:d)?|(?:my )?bookmarks|papers i saved)$/;
export const WHATS_NEW_ON =
  /^(?:what(?:'s|’s| is|s)? new|anything new|(?:any )?new papers|(?:the )?latest papers|news) (?:on|in|about|regarding|for) (.+)$/d;
export const WHATS_NEW =
  /^(?:what(?:'s|’s| is|s)? new(?: (?:here|today|this week|lately|in the corpus|in the group|papers))?|anything new(?: (?:here|today|lately|this week))?|(?:are there |is there )?any(?:thing)? new(?: papers?)?(?: (?:here|today|lately|this week|out|in))?|(?:any )?new papers|new arrivals|(?:the )?latest papers|recent(?:ly added)? papers|what(?:'s|’s| has| was| got| have you) (?:been |got )?(?:added|new)(?: (?:lately|recently|today))?|news|any news)$/;

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
export function helpTopicOf(text: string): HelpTopic | undefined {
  if (STOP_DAILY.test(text)) return "daily";
  if (!HOW_DO_I.test(text)) return undefined;
  const topic = HELP_WORDS.find(([, words]) => words.test(text))?.[0];
  return topic === "share" && ASKS_FOR_PAPERS.test(text) ? undefined : topic;
}
