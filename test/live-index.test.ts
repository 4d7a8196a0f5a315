import { describe, expect, it } from "vitest";
import { loadCorpus } from "../src/corpus/load.js";
import { createLiveIndex } from "../src/live-index.js";
import { createSearchIndex } from "../src/search/index.js";
import { FIXTURE_CORPUS } from "./helpers/bot.js";
import { capturedLogger } from "./helpers/logs.js";

const fixtureIndex = async () => createSearchIndex(await loadCorpus(FIXTURE_CORPUS));

describe("createLiveIndex", () => {
  it("swaps a freshly built index in whole on reload", async () => {
    const first = await fixtureIndex();
    const second = await fixtureIndex();
    const live = createLiveIndex(first, async () => second, capturedLogger().logger);
    expect(live.current()).toBe(first);
    // Ada Lovelace, Charles Babbage, Grace Hopper and Alan Turing.
    expect(await live.reload()).toBe("Reloaded: 4 papers, 4 people.");
    expect(live.current()).toBe(second);
  });

  it("keeps serving the old index when the rebuild fails, and says why", async () => {
    const first = await fixtureIndex();
    const { logger, lines } = capturedLogger();
    const live = createLiveIndex(
      first,
      () => loadCorpus("test/fixtures/no-such-folder").then(createSearchIndex),
      logger,
    );
    const outcome = await live.reload();
    expect(outcome).toMatch(/^Reload failed, still serving the previous corpus: .+/);
    expect(live.current()).toBe(first);
    expect(lines.join("")).toContain("reload failed");
  });

  it("builds once when two reloads overlap", async () => {
    let builds = 0;
    const first = await fixtureIndex();
    const live = createLiveIndex(
      first,
      async () => {
        builds += 1;
        return fixtureIndex();
      },
      capturedLogger().logger,
    );
    const [a, b] = await Promise.all([live.reload(), live.reload()]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
  });
});
