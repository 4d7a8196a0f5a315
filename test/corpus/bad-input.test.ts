// The bad inputs of issue 35, each written into a temporary folder: a .bib of 50 MB, a binary file named .bib, an
// entry with 500 authors, a title of 10,000 characters, a url of `javascript:` or `<!channel>`, a DOI with spaces,
// and a CSL-JSON item and an arXiv record with a field of the wrong type. Each is loaded, or skipped with its file
// and line in the log and in /paper stats; no card holds live markup or a link that is not http(s); every message
// stays inside Block Kit's limits.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { KnownBlock } from "@slack/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { readCorpus } from "../../src/corpus/build.js";
import { readCorpusFiles } from "../../src/corpus/load.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { type ServedIndex, startServedIndex } from "../../src/start/index-lifecycle.js";
import { capturedLogger } from "../helpers/logs.js";
import { LIVE_MARKUP, limitProblems, visibleTexts, withoutOwnLinks } from "../render/block-kit-checks.js";

const scratch: string[] = [];
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-bad-input-"));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A Better BibTeX-shaped entry, about 560 bytes. */
const bbtEntry = (n: number) => `@article{lee${n}Study,
\ttitle = {A {Study} of Reward Models, Part ${n}},
\tauthor = {Lee, Ann and M{\\"u}ller, J{\\"o}rg and Garc{\\'\\i}a, Mar{\\'\\i}a},
\tjournal = {Journal of Studies ${n % 60}},
\tyear = {${2000 + (n % 26)}},
\tdoi = {10.5555/study.${n}},
\tabstract = {We study reward models (part ${n}) with $\\alpha \\leq 0.5$ and 50\\% agreement. ${"The models are compared with people on many tasks. ".repeat(5)}},
}
`;

describe("a .bib of 50 MB", () => {
  it("loads every entry, and skips the one broken entry with its file and line", async () => {
    const dir = folder();
    const entries: string[] = [];
    let bytes = 0;
    let brokenLine = 0;
    let lines = 1;
    while (bytes < 50_000_000) {
      const n = entries.length;
      // One entry in the middle never closes its title's brace.
      const entry =
        n === 40_000 ? "@article{broken,\n\ttitle = {A {broken entry,\n\tyear = {2020}\n}\n" : bbtEntry(n);
      if (n === 40_000) brokenLine = lines;
      entries.push(entry);
      bytes += entry.length + 1;
      lines += entry.split("\n").length;
    }
    writeFileSync(join(dir, "library.bib"), entries.join("\n"));
    const { files } = await readCorpusFiles(dir);
    expect(files[0]?.bytes.length).toBeGreaterThanOrEqual(50_000_000);
    const corpus = readCorpus(files);
    expect(corpus.papers).toHaveLength(entries.length - 1);
    expect(corpus.problems).toEqual([
      { file: "library.bib", line: brokenLine, message: "a brace is never closed; entry skipped" },
    ]);
    const last = corpus.papers.at(-1);
    expect(last?.title).toBe(`A Study of Reward Models, Part ${entries.length - 1}`);
    expect(last?.authors).toEqual(["Ann Lee", "Jörg Müller", "María García"]);
  }, 180_000);
});

describe("hostile exports beside a good one", () => {
  let served: ServedIndex;
  let deps: BotDeps;
  const log = capturedLogger();
  const authors = Array.from({ length: 500 }, (_, i) => `Person${i}, Author`).join(" and ");

  beforeAll(async () => {
    const dir = folder();
    writeFileSync(join(dir, "good.bib"), bbtEntry(1));
    // A PNG's signature and a run of NULs and bytes that are no UTF-8, named .bib.
    const binary = Buffer.alloc(8192);
    binary.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (let i = 8; i < binary.length; i++) binary[i] = (i * 131) % 256 > 200 ? 0xff : 0;
    writeFileSync(join(dir, "figure.bib"), binary);
    writeFileSync(
      join(dir, "hostile.bib"),
      [
        `@misc{crowd, title={A Paper By Five Hundred People}, author={${authors}}, year={2024}, abstract={Five hundred people measured one thing together, very carefully and at length.}}`,
        `@misc{long, title={${"Very long title words ".repeat(455)}}, author={Lee, Ann}, year={2023}}`,
        "@misc{script, title={A Link That Runs Script}, author={Lee, Ann}, url={javascript:alert(1)}}",
        "@misc{ping, title={<!channel> A Link That Pings <@U0ABCDEF>}, author={Lee, Ann}, url={<!channel>}}",
        "@misc{spaced, title={A DOI Written With Spaces}, author={Lee, Ann}, doi={10.1000/ has spaces}}",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "zotero.json"),
      JSON.stringify(
        [
          {
            id: "a",
            type: "article-journal",
            title: "A CSL Item That Fits",
            author: [{ family: "Lee", given: "Ann" }],
          },
          { id: "b", type: "article-journal", title: ["a title is no list"] },
        ],
        null,
        1,
      ),
    );
    writeFileSync(
      join(dir, "arxiv.jsonl"),
      [
        JSON.stringify({
          id: "2401.00001",
          title: "An arXiv Record That Fits",
          authors: "Ann Lee",
          abstract: "We fit.",
        }),
        JSON.stringify({ id: "2401.00002", title: "An arXiv Record With Numbers For Authors", authors: 42 }),
      ].join("\n"),
    );
    const progress = () => ({ onProgress: () => undefined, end: () => undefined });
    served = await startServedIndex(
      { corpusDir: dir, cacheDir: join(folder(), "cache"), mode: { kind: "console" } },
      log.logger,
      progress,
    );
    deps = {
      index: () => served.live.current(),
      random: () => 0.5,
      now: () => new Date("2026-12-05T09:00:00Z"),
      defaultTimeZone: "UTC",
    };
  }, 120_000);
  afterAll(() => served?.live.close());

  const ask = async (text: string) =>
    renderSlackMessage(
      (await answer(deps, { source: "slash", text, userId: "U0ASKER", channelId: "C0PAPERS" })).reply,
    );
  /** The message's limits kept, and no text in it that pings or links anywhere but http(s). */
  const expectSafe = (message: { text: string; blocks: KnownBlock[] }) => {
    expect(limitProblems(message.blocks)).toEqual([]);
    expect(message.text.length).toBeLessThanOrEqual(3000);
    for (const text of [message.text, ...visibleTexts(message.blocks)]) {
      expect(withoutOwnLinks(text)).not.toMatch(LIVE_MARKUP);
    }
  };

  const where = [
    "figure.bib",
    "hostile.bib:2",
    "hostile.bib:3",
    "hostile.bib:4",
    "zotero.json:",
    "arxiv.jsonl:2",
  ];

  it("names each skipped file, entry and field with its file and line in /paper stats and in the log", async () => {
    const stats = await ask("stats");
    expectSafe(stats);
    const shown = visibleTexts(stats.blocks).join("\n");
    for (const place of where) expect(shown).toContain(place);
    expect(shown).toMatch(
      /figure\.bib:1` not a text file \(\d+ NUL or invalid UTF-8 characters\); file skipped/,
    );
    expect(shown).toMatch(/hostile\.bib:2` the title is \d+ characters long; cut to 500/);
    expect(shown).toContain('hostile.bib:3` the url "javascript:alert(1)" is not an http(s) link; left out');
    expect(shown).toContain('hostile.bib:4` the url "&lt;!channel&gt;" is not an http(s) link; left out');
    expect(shown).toMatch(/arxiv\.jsonl:2` not an arXiv metadata record \(authors/);
    expect(shown).toMatch(/zotero\.json:\d+` not a CSL-JSON item \(title: .+\); item skipped/);
    const warned = log.entries.find((entry) => entry.msg === "some corpus entries were skipped");
    const listed = JSON.stringify(warned?.listed);
    for (const place of where) expect(listed).toContain(place);
  });

  it("loads the rest of every file: the good entries, 500 authors, a cut title, a DOI without its spaces", async () => {
    const index = served.live.current();
    const titles = index.paperIds().map((id) => index.paper(id)?.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        "A Study of Reward Models, Part 1",
        "A Paper By Five Hundred People",
        "A Link That Runs Script",
        "<!channel> A Link That Pings <@U0ABCDEF>",
        "A DOI Written With Spaces",
        "A CSL Item That Fits",
        "An arXiv Record That Fits",
      ]),
    );
    expect(titles).not.toContain("An arXiv Record With Numbers For Authors");
    const crowd = index
      .paperIds()
      .map((id) => index.paper(id))
      .find((p) => p?.authors.length === 500);
    expect(crowd?.authors.at(-1)).toBe("Author Person499");
    const long = index
      .paperIds()
      .map((id) => index.paper(id))
      .find((p) => p?.title?.startsWith("Very long"));
    expect(long?.title?.length).toBeLessThanOrEqual(501);
    const spaced = index
      .paperIds()
      .map((id) => index.paper(id))
      .find((p) => p?.title?.startsWith("A DOI"));
    expect(spaced?.doi).toBe("10.1000/hasspaces");
  });

  it("answers with cards that ping nobody, link only http(s) and stay inside Block Kit's limits", async () => {
    for (const query of [
      "link",
      "five hundred people",
      "very long title words",
      "DOI written with spaces",
      "Ann Lee",
    ]) {
      const message = await ask(query);
      expectSafe(message);
      expect(JSON.stringify(message)).not.toMatch(/javascript:/i);
    }
    const index = served.live.current();
    for (const id of index.paperIds()) {
      const card = await ask(id);
      expectSafe(card);
      expect(JSON.stringify(card)).not.toMatch(/javascript:/i);
      const bib = renderSlackMessage(
        (
          await answer(deps, {
            source: "action",
            action: { a: "bib", id },
            userId: "U0ASKER",
            channelId: "C0PAPERS",
          })
        ).reply,
      );
      expect(limitProblems(bib.blocks)).toEqual([]);
    }
  });
});
