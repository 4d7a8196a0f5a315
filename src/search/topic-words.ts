import { foldedText, foldedWordsOf, isStopWord } from "./analyze.js";

// What a word of an abstract may be in a topic, told by closed word lists, suffixes and the word's
// neighbours. A tagger would know more, but costs 8–10 ms an abstract (compromise 14.17, en-pos 1.0.16,
// measured on the seeds): 40 abstracts would spend the author query's whole budget several times over.

const wordsOfList = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

// Closed classes: prepositions, determiners, pronouns, conjunctions, auxiliaries. Never inside a topic.
const functionWords = wordsOfList(`about above across after against along amid among amongst around as at
  before behind below beneath beside besides between beyond by despite down during except for from in inside
  into like near of off on onto out outside over past per since than through throughout till to toward towards
  under underneath unlike until up upon versus via vs with within without
  a an the this that these those each every either neither some any no all both few many much more most less
  least several such other others another own same various certain enough
  we our ours us they their theirs them it its he she his her i my you your who whom whose which what whatever
  whichever one ones themselves itself ourselves here there where when why how
  two three four five six seven eight nine ten hundred thousand
  and or but nor yet so although though because if unless while whereas whether
  is are was were be been being am has have had having do does did doing can could may might must shall
  should will would cannot not`);
// Connectives, hedges and adverbs of any abstract: they end a term.
const fillerWords = wordsOfList(`furthermore moreover however therefore thus hence also additionally then
  thereby meanwhile instead rather even only just still already often always never usually typically
  indeed namely specifically particularly especially mainly largely highly very quite well further
  first second third finally lastly firstly secondly next recently currently previously nowadays
  et al e g i ie eg etc`);
// Words of any abstract, whatever its subject: they say what the paper does, not what it is about.
const commonWords = wordsOfList(`novel new existing previous current recent prior effective efficient
  better best strong high low large small key main overall particular specific general different diverse
  various several many multiple single simple easy hard fast slow important crucial critical significant
  notable potential possible additional extensive comprehensive unified consistent superior impressive
  promising remarkable substantial considerable limited full complete entire whole real way ways multi
  advanced modern traditional conventional standard typical common certain relevant suitable insight
  insights stage stages foundation artificial long short lengthy wide broad deep true false sota`);
// Verbs of abstracts that are seldom nouns there; their -s, -ed and -ing forms are made below.
const verbStems = `propose introduce present show demonstrate achieve attain improve enhance enable ensure
  provide offer employ utilize utilise leverage apply adopt exploit outperform surpass exceed beat exhibit
  reveal identify obtain require allow yield facilitate mitigate alleviate tackle overcome investigate
  explore examine evaluate assess analyze analyse construct develop build create generate produce extend
  integrate incorporate combine capture adapt adjust steer encourage suppress preserve maintain reduce
  increase decrease accelerate stabilize stabilise destabilize optimize optimise align refine verify
  validate distinguish differentiate discern discriminate formulate characterize characterise quantify
  predict observe suggest indicate highlight emphasize emphasise underscore compare describe discuss
  consider regard serve tend fail struggle suffer hinder hamper constrain restrict contain include comprise
  consist encompass involve rely depend emerge become remain seem appear lead cause bring make take give
  get keep let help find see know solve handle bridge pinpoint locate simulate assist restore decouple
  adhere enforce invalidate populate elicit showcase acquire evolve imitate equip contract expand dampen
  destabilize overlook fortify foster alter propel damage freeze unify synthesize boost minimize maximize
  push annotate motivate dissect implement perform conduct delve trace start begin aim bypass secure
  address lack cover drive focus target measure assume encounter attract matter surmount tailor underpin
  guide mark prevent argue suggest confirm determine calculate respond generalize generalise collapse
  shift slide strengthen surpass`;
const verbForms = new Set(
  verbStems
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((stem) => {
      const bare = stem.replace(/e$/, "");
      const y = stem.replace(/y$/, "i");
      return [stem, `${stem}s`, `${stem}es`, `${y}es`, `${bare}ed`, `${y}ed`, `${bare}ing`, `${stem}ing`];
    }),
);
const participlesInEn = wordsOfList(`chosen given seen taken written proven driven broken hidden frozen spoken
  known shown grown drawn thrown forgotten`);
// Nouns that end like adjectives ("agent", "gradient", "objective", "metric").
const nounsLikeAdjectives = wordsOfList(`agent agents gradient gradients component components environment
  environments client content event extent intent student patient parent percent talent assistant variant
  participant constant objective objectives perspective alternative incentive narrative derivative directive
  initiative topic topics logic metric metrics heuristic heuristics rubric arithmetic critic critics
  vocabulary summary boundary library dictionary variable variables table tables signal signals trial
  retrieval proposal interval manual animal terminal material journal potential principal`);
const adjectiveEnding = /(?:ive|al|ous|ful|ent|ant|ic|ical|able|ible|less|ary|ish)$/;
const adjectives = wordsOfList(`secure robust stable precise accurate reliable harmful helpful honest
  harmless fine safe unsafe open closed rich poor clear explicit implicit optimal inferior early late sparse
  dense noisy strict loose subtle vague joint partial minimal maximal absolute positive negative neutral free
  human-like aligned`);
// The last piece of a hyphenated adjective: "LLM-based", "token-level", "closed-source", "human-like".
const adjectivePiece =
  /-(?:based|like|level|source|quality|grained|scale|wise|aware|free|specific|oriented|driven|centric|art|step|turn|time|world|term|range|form|of|efficient|only|sensitive|assisted)$/i;
// A compound made with a function word modifies a noun: "close-to-real-scene", "draft-then-verify".
const modifierCompound = /-(?:to|of|by|and|or|then|the|in|on|for|vs)-/i;
// A model's size or version as baselines are named: "7B", "Llama2-7B", "Qwen2.5-32B".
const checkpoint = /\d(?:\.\d+)?[BMK]$/i;
// Words too general to be a topic alone, though a term may hold them ("reward models", "code generation").
const generic = wordsOfList(`approach approaches method methods framework frameworks model models paper papers
  work works result results experiment experiments experimental state art study studies task tasks
  performance improvement ability abilities capability capabilities challenge challenges issue issues
  problem problems data dataset datasets benchmark benchmarks evaluation evaluations code available open
  source finding findings analysis analyses level levels target targets information community design
  designs world example examples side human humans training learning response responses impact impacts
  output outputs process processes report reports language languages system systems technique techniques
  strategy strategies paradigm paradigms algorithm algorithms scenario scenarios behavior behaviors
  behaviour behaviours setting settings application applications effectiveness efficiency accuracy
  quality number amount set sets research researchers field area areas aspect aspects factor factors
  limitation limitations problem development advancement progress success use usage case cases
  form forms type types term terms value values step steps point points part parts order perspective
  perspectives suite`);
// Words that make terms ("policy model", "process supervision") but say little alone.
const vague = wordsOfList(`policy policies optimization supervision distribution distributions feedback
  reward rewards environment environments sample samples token tokens image images expert experts
  description descriptions attention safety alignment reasoning`);
/** A word too general to be a topic alone, or to make two topics one ("reward model", "policy model"). */
export const isGenericWord = (folded: string) => generic.has(folded);
/** Phrases nearly every paper of the field shares. */
export const sharedPhrases = new Set([
  "artificial intelligence",
  "large language model",
  "large language models",
  "language model",
  "language models",
  "llm",
  "llms",
  "machine learning",
  "deep learning",
  "neural network",
  "neural networks",
  "sota",
  "state of the art",
]);
// Words that end what a paper brings: past a preposition or a relative clause a name is one it uses
// ("a reward with GRPO", "a framework that enables a 13B Llama2-Chat").
const endsBringing = wordsOfList(`with using via by on in from through into over under for of against among
  such like than that which who to`);
// Words after which the next one is a verb ("we propose", "can improve", "to bypass") or not a noun.
const beforeVerb = wordsOfList(`to we they it which who can could may might will would should must
  cannot not also does do did`);
// Words before which the previous one is a verb or a preposition ("covers the", "lacks a", "guide them").
const afterVerb = wordsOfList(`the a an this these those its their our them it each every his her such both`);
const determiners = wordsOfList(`the a an our its their this these those such other each`);
// Words before which a named method or term follows as the one a paper brings ("we propose X", "called X").
const introducing =
  /^(?:propos(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|presents?|named?|called|dubbed|designate[sd]?|termed|coined|construct(?:s|ed)?|builds?|built|release[sd]?)$/;

/** A method, system or acronym as the paper writes it: "SafeAligner", "PPO-max", "RLHF", "Q-Ponder", "R³". */
export function isNamed(token: string): boolean {
  return (
    (/[a-z][A-Z]|[A-Z]{2,}|[A-Za-z]\d|\d[A-Za-z]|[A-Za-z]-[A-Z]|[A-Z]-[a-z]/.test(token) &&
      token.length >= 3) ||
    /^[A-Z]\p{No}$/u.test(token)
  );
}

/** What one token may be in a topic, judged once however often it is written. */
export interface TokenFacts {
  folded: string;
  /** Its folded words ("AgentGym-RL": agentgym, rl): what the corpus is asked about. */
  words: string[];
  /** Its part of a phrase's key: plurals folded, so "reward model" and "reward models" are one topic. */
  key: string;
  /** As a topic spells it: names and acronyms as written, other words in lower case. */
  written: string;
  named: boolean;
  /** Never inside a topic: a function word, filler, a number, a link, a checkpoint name. */
  weak: boolean;
  generic: boolean;
  /** It may begin a term ("reward", "speculative", "LLM-based"), judged without its neighbours. */
  starts: boolean;
  /** It may end a term: a noun or a name, never a verb, adjective or participle. */
  ends: boolean;
  /** It may stand alone as a topic. */
  alone: boolean;
  /** A word in "-ing": a noun only after "the", "a", "our"… ("the training data", not "for accelerating LLM"). */
  gerund: boolean;
  /** A word before which the previous one is a verb ("the", "them"). */
  objectStart: boolean;
  /** A word after which the next one is a verb ("we", "to", "can"). */
  verbCue: boolean;
  /** A determiner or possessive: a gerund after it is a noun. */
  determiner: boolean;
  /** A word that announces a named method ("propose", "called"). */
  introduces: boolean;
  /** A preposition or a relative: a name after it is used, not brought ("a reward with GRPO"). */
  endsBringing: boolean;
}

/** A stem would merge more; a plural "s" is enough to make "reward models" and "reward model" one topic. */
const singular = (word: string) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word);

function isAdjective(folded: string): boolean {
  if (nounsLikeAdjectives.has(folded)) return false;
  return adjectives.has(folded) || adjectivePiece.test(folded) || adjectiveEnding.test(folded);
}

export function factsOf(token: string): TokenFacts {
  const folded = foldedText(token);
  // "LLM-based", "RoPE-based", "PPO-like" modify a noun: they begin a term, never are one.
  const modifier = adjectivePiece.test(token) || modifierCompound.test(token);
  const named = isNamed(token) && !checkpoint.test(token) && !modifier;
  const hyphenPieces = folded.split("-");
  // "KV", "RL", "AI": too short to be a topic alone, but they make terms ("KV cache", "AI agents").
  const shortAcronym = /^\p{Lu}{2}$/u.test(token);
  const weak =
    folded === "" ||
    commonWords.has(folded) ||
    /^\d/.test(folded) ||
    /[/@]|\.\p{L}/u.test(token) ||
    checkpoint.test(token) ||
    (!named &&
      !shortAcronym &&
      (folded.length < 3 ||
        isStopWord(folded) ||
        functionWords.has(folded) ||
        fillerWords.has(folded) ||
        commonWords.has(hyphenPieces[0] ?? "") ||
        /ly$/.test(folded)));
  const verb = !named && verbForms.has(folded);
  const participle = !named && (/[^e]ed$/.test(folded) || participlesInEn.has(folded));
  const adjective = !named && isAdjective(folded);
  const gerund = !named && folded.length > 5 && /ing$/.test(folded);
  const isGeneric = generic.has(folded);
  const noun = !verb && !participle && !adjective && !modifier;
  const words = foldedWordsOf(folded);
  const keepsCase = named || shortAcronym || /^\p{Lu}{2,}/u.test(token);
  return {
    folded,
    words,
    key: words.map(singular).join(" "),
    written: keepsCase ? token : token.toLowerCase(),
    named,
    weak,
    generic: isGeneric,
    starts: !weak && !verb && !participle,
    ends: !weak && (named || noun),
    alone: !weak && (named || (noun && !isGeneric && !vague.has(folded) && !gerund && !shortAcronym)),
    gerund,
    objectStart: afterVerb.has(folded),
    verbCue: beforeVerb.has(folded) || /ly$/.test(folded),
    determiner: determiners.has(folded),
    introduces: introducing.test(folded),
    endsBringing: endsBringing.has(folded),
  };
}
