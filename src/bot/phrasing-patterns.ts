// How plain-words questions about papers and people are worded: lead-ins, who, whose papers, what to search.

// Politeness and lead-ins that say nothing about what is asked: "please", "can you", "show me".
export const LEAD_INS = [
  /^(?:please|pls|plz|ok|okay|so|hmm|um|and|also|hey|hi|hello)[, ]+/,
  /^@?paperbot[,:]? +/,
  /^(?:can|could|would|will) you(?: please)? +/,
  /^(?:i'd like|i would like|i want|i need|i'm looking for|i am looking for|i’m looking for|looking for|help me find|let me see|i'd love) +/,
  /^(?:show|give|get|find|fetch|send|list) me +/,
  /^(?:show|list|fetch|get|find|look for|look up|search for|open|pull up|bring up|search) +/,
  // "tell me about Senjie Jin's work": someone's papers (alone, "tell me about X" is LOOSE_AUTHOR's).
  /^(?:tell me (?:about|of)|what about|how about) +(?=.+(?:'s|’s) )/,
];
export const TRAILING = /(?:,? (?:please|pls|thanks|thank you|thx))+$/;

export const WHO_TOPIC_NOISE =
  /(?: (?:here|around here|in (?:the|our|this|my) (?:group|team|lab|department|org)|lately|recently|these days|at the moment|right now|already|before|the most|most|papers?))+$/;

export const WHO = [
  /^who(?: else)?(?: here)?(?:'s|’s| has| have| had| is| are| was| were)?(?: been)?(?: already| ever| recently| also| actually)? (?:worked|works|working|work|knows?|knowing|written|writes|wrote|write|researched|researches|researching|research|studied|studies|studying|study|published|publishes|publish|focused|focuses|focusing|specializes|specialises|specialized|specialised|specializing|specialising|done work)(?: (?:anything|something|stuff|papers?|a paper|research|a lot|much|things|the most|most|best))?(?: (?:on|about|in|with|at|regarding|around|into))? (.+)$/d,
  /^who (?:should|could|can|do|might|would|shall) (?:i|we) (?:talk|speak|ask|go|turn|reach out|chat|consult|contact|ping|email|see|bug|bother|message)(?: to| with)?(?: (?:about|regarding|on|for|re|with))? (.+)$/d,
  /^who(?: is| are|'s|’s) (?:the |an |a |our )?(?:experts?|specialists?|go-to (?:person|people)|best person|right person|person|people)(?: to (?:ask|talk to))? (?:on|in|at|about|for|with|regarding) (.+)$/d,
  /^who(?: is| are|'s|’s) (?:good|great|skilled|experienced|familiar|strong|into|knowledgeable|an expert|expert|active)(?: (?:at|in|with|on|about|regarding))? (.+)$/d,
  /^who (?:has|have|had) (?:experience|expertise|papers?|knowledge|a background|background) (?:in|with|on|about) (.+)$/d,
  /^(?:does |do |did |has |have |is |are |is there |are there )?(?:any(?:one|body)|someone|somebody|people|experts?|specialists?)(?: here| else)?(?: (?:who|that))?(?: (?:is|are|has|have))?(?: (?:works|working|worked|work|knows|know|knowing|knowledgeable|familiar|expert|experienced|researching|studying|published|focused|focusing))? (?:on|about|in|with|at|regarding) (.+)$/d,
];
/** A question about one person, no topic: "what has Senjie Jin written?", "Shihan Dou's papers", "co-authors of Rui Zheng". */
export const AUTHOR = [
  /^(?:what|which papers?|which) (?:has|have|did|does) (.+?) (?:written|write|writes|wrote|published|publish|publishes|authored|worked on|work on|works on|done|do)$/d,
  /^(?:(?:what|which) (?:are|were|is) )?(.+?)(?:'s|’s) (?:(?:most )?(?:recent|latest|newest|new|best|top|main|key|other) )?(?:papers?|work|works|publications?|research|articles?)$/d,
  /^(?:what is|what's|what’s|what are) (.+?) (?:working on|up to|researching)(?: these days| lately| now| at the moment)?$/d,
  /^(?:what|which) (?:topics|areas|fields|subjects|things) (?:does|do|did|has|have|is|are) (.+?) (?:work|working|worked|research|researching|researched|study|studying|studied|focus|focusing|focused|publish|published|write|written) ?(?:on|in|about)?$/d,
  /^(?:the )?(?:co-?authors?|collaborators?) (?:of|for) (.+)$/d,
  /^who (?:has|have|does|did) (.+?) (?:worked|work|collaborated|collaborate|written|write|wrote|published|publish) with$/d,
];
/** "who has worked with Enyu Zhou": her co-authors, in her summary (a search when the name is nobody's). */
export const WORKED_WITH =
  /^who (?:else )?(?:(?:has|have|had) )?(?:worked|works|work|collaborated|collaborates|collaborate|co-?authored|published|written|wrote) (?:papers? )?(?:(?:the )?most |most often |often |a lot |frequently )?(?:with|alongside) (.+)$/d;
/** "who else works on this?": others than the thread's paper's own authors. */
export const OTHERS = /\b(?:else|other|others)\b/;
/** "who wrote this?", "who are the authors?": the authors of the paper a thread is about. */
export const WHO_WROTE_THIS =
  /^(?:who (?:wrote|authored|published|made|is behind|are behind)(?: (?:this|that|it)(?: one| paper| work)?)?|who(?:'s| is| are|’s) (?:the )?authors?(?: (?:of|on|behind) (?:this|that|it)(?: one| paper| work)?)?|(?:the )?authors? of (?:this|that|it)(?: one| paper)?)$/;
/** "who wrote StepCoder?": the authors of the paper of that name, or else the people behind the topic. */
export const WHO_WROTE =
  /^who (?:wrote|authored|published|made|created|proposed|introduced|came up with|is behind|are behind|did)(?! (?:about|on|in|regarding|with|papers?|something|anything|stuff|work)\b)(?: the)? (.+?)(?: paper| one| work)?$/d;
/** "summarize RMB": the paper of that name (or id), its whole abstract; the message searched when no paper is so named. */
export const ABSTRACT_OF =
  /^(?:summari[sz]e|tl;?dr(?: of| for)?|(?:a |the )?(?:summary|abstract|gist|tl;?dr) (?:of|for)) (?:the )?(.+?)(?: paper| one| work)?$/d;
/** Under a card: "summarize this", "what is it about?": its whole abstract. */
export const ABSTRACT_OF_THIS =
  /^(?:summari[sz]e(?: (?:this|that|it)(?: one| paper)?)?|tl;?dr|(?:the |a )?(?:summary|abstract|full abstract|gist)(?: (?:of|for) (?:this|that|it)(?: one| paper)?)?|what(?:'s| is|’s|s| does) (?:this|that|it)(?: one| paper)? (?:about|propose|do)|(?:show|give)(?: me)? the (?:full |whole )?abstract)$/;
/** "more by these authors": papers by the people of the paper a thread is about. */
export const MORE_BY_THEM = [
  /^(?:(?:show|find|get|give)(?: me)? )?(?:any |some )?(?:more|other|others|more papers|other papers|other work|anything else)(?: (?:papers?|work))? (?:by|from) (?:these|the|those|this|them|its|the same|that)(?: (?:authors?|people|folks|person))?$/,
  /^what else (?:have|has|did) (?:they|these authors|the authors|this author|those authors) (?:written|write|wrote|published|done)$/,
];
export const LOOSE_AUTHOR = /^(?:tell me about|who is|who's|who’s|who are) (.+)$/d;
/** "papers like StepCoder", "related work to PPO-max": papers like the one so named, or else a search. */
export const LIKE_NAMED =
  /^(?:(?:anything|something|papers?|stuff|work|more|others?) (?:like|similar to|related to)|(?:related|similar) (?:work|papers?) (?:to|for)) (.+)$/d;
export const SIMILAR =
  /^(?:(?:papers?|more|anything|something|others?) )?(?:like|similar to|related to) ([a-z0-9]{4,64})$/d;
/** "more like this one", "any similar papers?": papers like the one a thread is about (asked which, elsewhere). */
export const LIKE_THIS = [
  /^(?:(?:show|find|get|give)(?: me)? )?(?:(?:more|other|some|any) )?(?:(?:papers?|ones?|work|stuff|anything|something) )?(?:like|similar to|related to) (?:this|that|it)(?: (?:one|paper))?$/,
  /^(?:(?:show|find|get|give)(?: me)? )?(?:(?:more|other|some|any) )?(?:similar|related) (?:papers?|ones?|work|reading)$/,
  /^(?:anything|something) (?:similar|related)$/,
];
