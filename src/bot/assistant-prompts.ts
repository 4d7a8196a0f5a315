import type { SearchIndex } from "../search/types.js";
import { ASSISTANT_PROMPTS } from "./messages.js";

type Prompt = { title: string; message: string };

/**
 * The assistant panel's suggested prompts for this library: the fixed ones where its papers write their topics
 * (reward models, RLHF), else the same questions on a topic of its own, the first member's (or the first paper's
 * first author's): a library on stereo matching is not offered "Papers on RLHF". The fixed ones while the papers
 * cannot be read.
 */
export async function assistantPromptsFor(index: () => SearchIndex): Promise<Prompt[]> {
  const fixed: Prompt[] = ASSISTANT_PROMPTS.map((prompt) => ({ ...prompt }));
  try {
    const papers = index();
    const [reward = 0, rlhf = 0] = await papers.papersWithWords(["reward", "RLHF"]);
    if (reward > 0 && rlhf > 0) return fixed;
    const rest = fixed.slice(2);
    const member = papers.stats().members?.[0]?.name;
    const person = member ?? papers.paper(papers.paperIds()[0] ?? "")?.authors[0];
    const lookup = person === undefined ? undefined : await papers.author(person);
    const [first, second = first] = lookup?.kind === "found" ? lookup.summary.topics : [];
    if (first === undefined || second === undefined) return rest;
    const asked = [`Who works on ${first}?`, `Papers on ${second}`];
    return [...asked.map((message) => ({ title: message, message })), ...rest];
  } catch {
    return fixed;
  }
}
