import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { recordCorpusChange } from "../../src/follow/announce.js";
import { sendDueDigests } from "../../src/follow/send-digests.js";
import type { SearchIndex } from "../../src/search/types.js";
import type { StateStore } from "../../src/state/store.js";
import { corpusFolders, dmsOf, followDeps, indexOfFolder, paperIdWith } from "../follow/helpers.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { type FollowApp, startFollowApp, storeBot, waitUntil } from "../helpers/follow-app.js";
import { servedIndex, servedIndexOf } from "../helpers/served-index.js";
import { freshStates, storeKinds } from "../helpers/stores.js";

type Payload = Record<string, unknown>;

/** Every button and menu option of a message: its label, value and action_id. */
function controlsOf(payload: Payload): { label: string; value: string; actionId: string }[] {
  const out: { label: string; value: string; actionId: string }[] = [];
  for (const block of (payload.blocks as Payload[] | undefined) ?? []) {
    const elements = [
      ...((block.elements as Payload[] | undefined) ?? []),
      ...(block.accessory ? [block.accessory as Payload] : []),
    ];
    for (const element of elements) {
      const actionId = String(element.action_id);
      if (element.type === "button") {
        out.push({ label: String((element.text as Payload).text), value: String(element.value), actionId });
      }
      for (const option of (element.options as Payload[] | undefined) ?? []) {
        out.push({ label: String((option.text as Payload).text), value: String(option.value), actionId });
      }
    }
  }
  return out;
}

function control(payload: Payload | undefined, label: string | RegExp) {
  const found = controlsOf(payload ?? {}).find((c) =>
    typeof label === "string" ? c.label === label : label.test(c.label),
  );
  if (!found) throw new Error(`no control ${label} in ${JSON.stringify(payload)}`);
  return found;
}

const shown = (payload: Payload | undefined) =>
  JSON.stringify(payload?.blocks ?? []) + String(payload?.text ?? "");

let seeds: SearchIndex;
beforeAll(async () => {
  seeds = await servedIndex("seeds");
});

describe.each(storeKinds)("follow and the reading list through the Bolt app (%s store)", (kind) => {
  const freshState = freshStates(kind);
  const corpusWith = corpusFolders();
  let slack: FakeSlackApi;
  let app: FollowApp;
  let store: StateStore;
  let index: SearchIndex;

  beforeEach(async () => {
    slack = await startFakeSlackApi();
    store = await (await freshState()).open();
    index = seeds;
    let tick = 0;
    app = await startFollowApp(
      slack,
      store,
      storeBot(
        store,
        () => index,
        () => new Date(1_767_000_000_000 + 1000 * tick++),
      ),
    );
  });
  afterEach(async () => {
    await app.stop();
    await slack.close();
  });

  /** The corpus reloaded from `files`: its change recorded and due digests sent; the asker's one DM. */
  async function digestAfterReload(clock: { now: number }, files: Record<string, string>) {
    index = await indexOfFolder(corpusWith(files));
    const deps = followDeps(store, slack, clock, () => index);
    await recordCorpusChange(deps.record);
    await sendDueDigests(deps.send);
    const [dm, ...more] = dmsOf(slack, "U0ASKER");
    expect(more).toEqual([]);
    return dm as unknown as Payload;
  }

  it("follows a topic and a person by name, says how many papers match, and lists them with Unfollow buttons", async () => {
    // RMB, MetaRM, POLAR, the preference-strength paper and PPO-max write of reward models; the papers that only
    // use a reward (R³, VEPO, Q-Ponder) are not the topic's.
    const [topic] = await app.slash("follow reward models");
    expect(shown(topic)).toContain("You now follow the topic *reward models*. 5 papers match it today");
    expect(shown(topic)).toContain("at most 3 messages a day");
    const [person] = await app.slash("follow Enyu Zhou");
    expect(shown(person)).toContain("You now follow *Enyu Zhou*");
    const [again] = await app.slash("follow Reward Models");
    expect(shown(again)).toContain("You already follow");
    expect(await store.follows.list("U0ASKER")).toMatchObject([
      { kind: "author", target: "enyuzhou", label: "Enyu Zhou" },
      { kind: "topic", target: "reward models" },
    ]);
    const [list] = await app.slash("following");
    expect(shown(list)).toContain("*You follow 2 things*: 1 person and 1 topic");
    expect(controlsOf(list ?? {}).filter((c) => c.label === "Unfollow")).toHaveLength(2);
  });

  it("follows from an author summary's menu: the person, or the topic that sets them apart", async () => {
    const [summary] = await app.slash("author Senjie Jin");
    const person = control(summary, "Follow Senjie Jin");
    const topic = control(summary, /^Follow the topic “.+”$/);
    expect(person.actionId).toBe("paper_menu");
    const [followed] = await app.click(person.value);
    expect(shown(followed)).toContain("You now follow *Senjie Jin*");
    const [topicFollowed] = await app.click(topic.value);
    expect(shown(topicFollowed)).toContain("You now follow the topic");
    expect((await store.follows.list("U0ASKER")).map((f) => f.kind).sort()).toEqual(["author", "topic"]);
  });

  it("offers the candidates of an ambiguous name as Follow buttons, and a near miss with the words as a topic beside it", async () => {
    const [ambiguous] = await app.slash("follow Zhou");
    expect(shown(ambiguous)).toContain("Several people match");
    const enyu = control(ambiguous, /^Follow Enyu Zhou \(\d+ papers?\)$/);
    control(ambiguous, /^Follow Yuhao Zhou/);
    const [followed] = await app.click(enyu.value);
    expect(shown(followed)).toContain("You now follow *Enyu Zhou*");

    const [near] = await app.slash("follow author Senjie Smith");
    expect(shown(near)).toContain("Follow one of these, or the words as a topic");
    control(near, /^Follow Senjie Jin \(\d+ papers\)$/);
    const asTopic = control(near, "Follow “Senjie Smith” as a topic");
    expect(JSON.parse(asTopic.value)).toEqual({ a: "follow", k: "t", t: "senjie smith" });
    expect((await store.follows.list("U0ASKER")).map((f) => f.label)).toEqual(["Enyu Zhou"]);
  });

  it("follows the person a slightly wrong name is closest to, and says so, never a topic that cannot match", async () => {
    for (const [typed, name] of [
      ["follow Enyu Zhuo", "Enyu Zhou"],
      ["follow author senjie jn", "Senjie Jin"],
      ["follow Jin Senji", "Senjie Jin"],
    ] as const) {
      const [reply] = await app.slash(typed);
      const said = typed.replace(/^follow (author )?/, "");
      expect(shown(reply)).toMatch(new RegExp(`follow \\*${name}\\*,? .*closest name to “${said}”`));
    }
    const follows = await store.follows.list("U0ASKER");
    expect(follows.map((f) => [f.kind, f.label]).sort()).toEqual([
      ["author", "Enyu Zhou"],
      ["author", "Senjie Jin"],
    ]);
  });

  it("follows a name nobody here has as that person, and DMs the follower when a paper of theirs arrives", async () => {
    const clock = { now: Date.now() };
    index = await indexOfFolder(corpusWith());
    await recordCorpusChange(followDeps(store, slack, clock, () => index).record);
    const [person] = await app.slash("follow Geoffrey Hinton");
    expect(shown(person)).toContain(
      "You now follow *Geoffrey Hinton*. No paper of theirs is here yet; I'll DM you when one arrives",
    );
    expect(controlsOf(person ?? {}).map((c) => c.label)).not.toContain("Their papers");
    const asTopic = control(person, "Follow “Geoffrey Hinton” as a topic");
    // Unfollowed, "Follow again" follows the same name (its key alone finds nobody here).
    const [gone] = await app.slash("unfollow Geoffrey Hinton");
    const [again] = await app.click(control(gone, "Follow again").value);
    expect(shown(again)).toContain("You now follow *Geoffrey Hinton*. No paper of theirs is here yet");
    const [topic] = await app.slash("follow knowledge distillation");
    expect(shown(topic)).toContain(
      "You now follow the topic *knowledge distillation*. Nothing matches it yet",
    );
    expect((await store.follows.list("U0ASKER")).map((f) => [f.kind, f.target, f.label]).sort()).toEqual([
      ["author", "geoffreyhinton", "Geoffrey Hinton"],
      ["topic", "knowledge distillation", "knowledge distillation"],
    ]);

    const dm = await digestAfterReload(clock, {
      "ann.txt":
        "Ann Lee\n\nAnn Lee, Geoffrey Hinton\n\nA small student network learns the soft outputs of a large teacher ensemble.\n",
    });
    expect(shown(dm)).toContain("soft outputs of a large teacher");
    expect(shown(dm)).toContain("Geoffrey Hinton");

    const [clicked] = await app.click(asTopic.value);
    expect(shown(clicked)).toContain("You now follow the topic *geoffrey hinton*");
  });

  it("unfollows by name, by topic words and from the list, which shows itself again in place", async () => {
    await app.slash("follow Enyu Zhou");
    await app.slash("follow RLHF");
    const [gone] = await app.slash("unfollow enyu zhou");
    expect(shown(gone)).toContain("You no longer follow *Enyu Zhou*");
    control(gone, "Follow again");
    const [notFollowed] = await app.slash("unfollow agents");
    expect(shown(notFollowed)).toContain("You don't follow “agents”");

    for (let i = 0; i < 44; i++)
      await store.follows.add({
        userId: "U0ASKER",
        kind: "topic",
        target: `t${i}`,
        label: `t${i}`,
        createdAt: i,
      });
    const [page] = await app.slash("what am I following?");
    expect(shown(page)).toContain("You follow 45 things");
    expect(shown(page)).toContain("1–40 of 45");
    expect(controlsOf(page ?? {}).filter((c) => c.label === "Unfollow")).toHaveLength(40);
    const [second] = await app.click(control(page, "Show more").value);
    expect(second?.replace_original).toBe(true);
    expect(shown(second)).toContain("41–45 of 45");
    const last = controlsOf(second ?? {})
      .filter((c) => c.label === "Unfollow")
      .at(-1);
    const [after] = await app.click(last?.value ?? "");
    expect(after?.replace_original).toBe(true);
    expect(shown(after)).toContain("Unfollowed");
    expect(await store.follows.count("U0ASKER")).toBe(44);
  });

  it("follows a paper's person from a search card's menu, as help and App Home say", async () => {
    const [results] = await app.slash("RLHF");
    const follow = control(results, /^Follow /);
    const [followed] = await app.click(follow.value);
    expect(shown(followed)).toContain(`You now follow *${follow.label.replace(/^Follow /, "")}*`);
    expect(await store.follows.list("U0ASKER")).toMatchObject([{ kind: "author" }]);
  });

  it("saves from a card's menu, lists the reading list newest first, removes from it, and shows a paper that left as gone", async () => {
    const [results] = await app.slash("RLHF");
    const save = control(results, "Save");
    control(results, "Copy BibTeX");
    expect(controlsOf(results ?? {}).filter((c) => c.actionId === "paper_menu").length).toBeGreaterThan(0);
    const [saved] = await app.click(save.value);
    expect(shown(saved)).toContain("to your reading list (1 paper)");
    const firstId = JSON.parse(save.value).id as string;
    const other = paperIdWith(seeds, "SafeAligner");
    await app.slash(`save ${other}`);

    const [list] = await app.slash("my reading list");
    expect(shown(list)).toContain("Your reading list: 2 papers");
    const text = shown(list);
    expect(text.indexOf(other)).toBeLessThan(text.indexOf(firstId));
    control(list, "Export as Markdown and BibTeX");

    // The first paper leaves the corpus: it is still listed, under the headline it was saved with.
    const headline = seeds.paper(firstId)?.headline ?? "";
    index = await servedIndexOf({
      ...(await loadCorpus("seeds")),
      papers: (await loadCorpus("seeds")).papers.filter((p) => p.id !== firstId),
    });
    const [withGone] = await app.slash("saved");
    expect(shown(withGone)).toContain("no longer in the corpus");
    expect(shown(withGone)).toContain(headline.slice(0, 30));

    const remove = controlsOf(withGone ?? {}).filter((c) => c.label === "Remove");
    expect(remove).toHaveLength(2);
    const [after] = await app.click(remove[0]?.value ?? "");
    expect(after?.replace_original).toBe(true);
    expect(shown(after)).toContain("Removed");
    expect((await store.savedPapers.list("U0ASKER")).map((s) => s.paperId)).toEqual([firstId]);
  });

  it("exports the reading list as a Markdown file and a .bib file uploaded to the asker's DM", async () => {
    const ids = [paperIdWith(seeds, "SafeAligner"), paperIdWith(seeds, "PPO-max")];
    for (const id of ids) await app.slash(`save ${id}`);
    const [answer] = await app.slash("saved export");
    expect(shown(answer)).toContain("I've sent your reading list (2 papers) to our DM");
    expect(shown(answer)).toMatch(/as `reading-list-[\d-]+\.md` and `reading-list-[\d-]+\.bib`/);
    expect(slack.callsOf("files.getUploadURLExternal")).toHaveLength(2);
    expect(slack.callsOf("files.completeUploadExternal")).toHaveLength(1);
    const [file, bib] = slack.files;
    expect(bib?.channel).toBe("D0ASKER");
    expect(bib?.title).toBe("Reading list (2 papers), BibTeX");
    // The seeds' papers have no .bib of their own: an entry is made from each one's fields.
    expect(bib?.content.match(/^@misc\{/gm)).toHaveLength(2);
    for (const id of ids) expect(bib?.content).toContain(`author = {${seeds.paper(id)?.authors[0]} and `);
    expect(file?.channel).toBe("D0ASKER");
    expect(file?.title).toBe("Reading list (2 papers)");
    for (const id of ids) {
      const paper = seeds.paper(id);
      expect(file?.content).toContain(`- Id: \`${id}\``);
      expect(file?.content).toContain(paper?.abstract.slice(0, 40).replace(/([\\`*_[\]<>#|~])/g, "\\$1"));
    }
    expect(file?.content).toMatch(/- Authors: .+/);
    expect(file?.content).toMatch(/- Group members: .+/);

    slack.fail("files.getUploadURLExternal", { error: "not_allowed_token_type" });
    const [failed] = await app.slash("saved export");
    expect(shown(failed)).toContain("couldn't upload your reading list");
  });

  it("answers “What's new?” with the papers of the latest corpus change, and pages a long DM of new papers", async () => {
    const clock = { now: Date.now() };
    index = await indexOfFolder(corpusWith());
    await recordCorpusChange(followDeps(store, slack, clock, () => index).record);
    const [none] = await app.slash("what's new?");
    expect(shown(none)).toContain("No papers have been added since I started keeping track");

    await app.slash("follow reward models");
    const files: Record<string, string> = {};
    const names = [
      "Ann",
      "Bob",
      "Cy",
      "Di",
      "Ed",
      "Flo",
      "Gus",
      "Hal",
      "Ivy",
      "Jo",
      "Kai",
      "Lu",
      "Mo",
      "Ned",
      "Oz",
      "Pia",
      "Quin",
      "Ray",
    ];
    for (const [i, name] of names.entries()) {
      files[`${name}.txt`] =
        `${name} Lee\n\n${name} Lee\n\nStudy ${name} of reward models trained on human preference pairs, variant ${name.toLowerCase()}.\n`;
      expect(i).toBeGreaterThanOrEqual(0);
    }
    const dm = await digestAfterReload(clock, files);
    expect(shown(dm)).toContain("18 new papers");
    expect(shown(dm)).toContain("1–15 of 18");
    const [page2] = await app.click(control(dm, "Show more").value);
    expect(page2?.replace_original).toBe(true);
    expect(shown(page2)).toContain("16–18 of 18");
    control(page2, "Previous");

    const [news] = await app.slash("anything new?");
    expect(shown(news)).toContain("18 papers added");
    const [onTopic] = await app.slash("what's new on reward models?");
    expect(shown(onTopic)).toContain("18 papers on “reward models” added");
    const [offTopic] = await app.slash("what's new on stereo matching?");
    expect(shown(offTopic)).toContain("None of the papers added in the latest corpus update");
    // Nothing new on it: a follow for the next ones; a search only where papers of any time are on it.
    control(offTopic, "Follow “stereo matching”");
    expect(controlsOf(offTopic ?? {}).map((c) => c.label)).not.toContain("Search “stereo matching”");
    const [notNew] = await app.slash("what's new on the imitation game?");
    const [anyTime] = await app.click(control(notNew, "Search “the imitation game”").value);
    expect(shown(anyTime)).toContain("We ask whether machines can think");
    expect(controlsOf(news ?? {}).some((c) => c.label === "Save")).toBe(true);
    await waitUntil(() => expect(slack.messages.length).toBe(1));
  });
});
