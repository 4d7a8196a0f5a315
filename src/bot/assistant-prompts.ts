import type { SearchIndex } from "../search/types.js";
import { ASSISTANT_PROMPTS, type HelpExamples, SEEDS_EXAMPLES } from "./messages.js";

type Prompt = { title: string; message: string };

/**
 * Examples that work in this library: the seeds' (reward models, RLHF, Enyu Zhou) where its papers write those
 * topics, else two topics of its own and a person, the first member (or the first paper's first author) and their
 * topics: a library on stereo matching is not told to try "/paper who RLHF". Undefined when no one has topics.
 */
export async function examplesFor(index: () => SearchIndex): Promise<HelpExamples | undefined> {
  const papers = index();
  const [reward = 0, rlhf = 0] = await papers.papersWithWords(["reward", "RLHF"]);
  if (reward > 0 && rlhf > 0) return SEEDS_EXAMPLES;
  const member = papers.stats().members?.[0]?.name;
  const person = member ?? papers.paper(papers.paperIds()[0] ?? "")?.authors[0];
  const lookup = person === undefined ? undefined : await papers.author(person);
  if (lookup?.kind !== "found") return undefined;
  const [topic, otherTopic = topic] = lookup.summary.topics;
  if (topic === undefined || otherTopic === undefined) return undefined;
  return { topic, otherTopic, person: lookup.summary.name };
}

/** The assistant panel's suggested prompts for this library (the fixed ones while the papers cannot be read). */
export async function assistantPromptsFor(index: () => SearchIndex): Promise<Prompt[]> {
  const fixed: Prompt[] = ASSISTANT_PROMPTS.map((prompt) => ({ ...prompt }));
  const examples = await examplesFor(index).catch(() => SEEDS_EXAMPLES);
  if (examples === SEEDS_EXAMPLES) return fixed;
  if (examples === undefined) return fixed.slice(2);
  const asked = [`Who works on ${examples.topic}?`, `Papers on ${examples.otherTopic}`];
  return [...asked.map((message) => ({ title: message, message })), ...fixed.slice(2)];
}
