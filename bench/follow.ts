import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { topicPaperIds } from "../src/bot/topic-papers.js";
import { loadCorpus } from "../src/corpus/load.js";
import { recordCorpusChange } from "../src/follow/announce.js";
import { sendDueDigests } from "../src/follow/send-digests.js";
import { sameThreadIndex } from "../src/index/same-thread.js";
import { createLogger } from "../src/logger.js";
import { createSearchEngine } from "../src/search/engine.js";
import { openSqliteStore } from "../src/state/open-store.js";
import { writeSyntheticCorpus } from "./corpus-files.js";
import { optionsOf } from "./options.js";

/*
 * What telling followers costs when a corpus changes: a synthetic corpus of --papers, of which the last --new
 * arrive in one change; --users people with 25 follows each (topics from the query set, and authors) plus
 * one with 500 topics. Prints the record step (match + one transaction) and the send loop with a Slack that
 * answers at once, so the figures are ours, not the network's.
 */
const USAGE = "usage: npm run bench:follow -- [--papers 10000] [--new 200] [--users 200]";

const { values } = optionsOf("bench:follow", {
  options: {
    papers: { type: "string", default: "10000" },
    new: { type: "string", default: "200" },
    users: { type: "string", default: "200" },
    help: { type: "boolean", default: false },
  },
});
const papers = Number(values.papers);
const fresh = Number(values.new);
const users = Number(values.users);
if (values.help || ![papers, fresh, users].every((n) => Number.isInteger(n) && n > 0) || fresh >= papers) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const dir = mkdtempSync(join(tmpdir(), "paperbot-bench-follow-"));
try {
  const written = await writeSyntheticCorpus({ dir: join(dir, "corpus"), papers, seed: "follow" });
  const corpus = await loadCorpus(written.dir);
  // The matching's own cost, on this thread (the bot runs the same searches in its search worker).
  const grown = sameThreadIndex(createSearchEngine(corpus));
  const base = sameThreadIndex(
    createSearchEngine({ ...corpus, papers: corpus.papers.slice(0, corpus.papers.length - fresh) }),
  );
  const queries = (await import(written.queriesPath, { with: { type: "json" } })).default as {
    topic: string[];
    who: string[];
    author: { name: string }[];
  };
  const topics = [...new Set([...queries.who, ...queries.topic])];
  const people = [...corpus.people.values()];
  const store = await openSqliteStore(join(dir, "state.db"));
  const logger = createLogger("silent");
  const clock = { now: Date.now() };
  const now = () => new Date(clock.now);
  await recordCorpusChange({ store, index: () => base, now, timeZone: "UTC", logger });
  let follows = 0;
  for (let u = 0; u < users; u++) {
    for (let i = 0; i < 25; i++) {
      const author = i % 5 === 0;
      const person = people[(u * 31 + i * 7) % people.length];
      const topic = topics[(u * 13 + i) % topics.length] ?? "model";
      await store.follows.add(
        author && person
          ? { userId: `U${u}`, kind: "author", target: person.key, label: person.name, createdAt: i }
          : { userId: `U${u}`, kind: "topic", target: topic.toLowerCase(), label: topic, createdAt: i },
      );
      follows += 1;
    }
  }
  for (let i = 0; i < 500; i++) {
    const topic = topics[i % topics.length] ?? "model";
    if (
      await store.follows.add({
        userId: "UHEAVY",
        kind: "topic",
        target: `${topic.toLowerCase()} ${i}`,
        label: `${topic} ${i}`,
        createdAt: i,
      })
    )
      follows += 1;
  }
  const topicLabels = new Set(
    (await store.follows.all()).filter((f) => f.kind === "topic").map((f) => f.label),
  );
  const distinctTopics = topicLabels.size;
  let started = performance.now();
  for (const label of topicLabels) topicPaperIds(grown, label);
  const matchMs = performance.now() - started;

  started = performance.now();
  const recorded = await recordCorpusChange({ store, index: () => grown, now, timeZone: "UTC", logger });
  const recordMs = performance.now() - started;
  const digests = recorded.kind === "recorded" ? recorded.digests : 0;

  let sent = 0;
  started = performance.now();
  for (;;) {
    const outcomes = await sendDueDigests({
      store,
      index: () => grown,
      now,
      logger,
      dm: { openDm: async (userId) => `D${userId}`, deliver: async () => "answered" },
    });
    sent += outcomes.length;
    if (outcomes.length === 0) break;
  }
  const sendMs = performance.now() - started;
  console.log(
    [
      `corpus ${grown.stats().papers} papers, ${fresh} new in one change; ${users + 1} followers, ${follows} follows (${distinctTopics} distinct topics)`,
      `topic matching alone: ${(matchMs / 1000).toFixed(2)} s (${(matchMs / distinctTopics).toFixed(1)} ms a topic, one search of 100 hits)`,
      `record (match every follow, then one transaction): ${(recordMs / 1000).toFixed(2)} s, ${digests} digests planned`,
      `send loop (render, deliver, record) with an instant Slack: ${sent} DMs in ${(sendMs / 1000).toFixed(2)} s (${(sendMs / Math.max(1, sent)).toFixed(1)} ms each)`,
    ].join("\n"),
  );
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
