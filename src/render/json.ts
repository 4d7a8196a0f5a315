import type { Card, Reply } from "../bot/reply.js";
import type { Paper } from "../corpus/types.js";
import type { SnippetPart } from "../search/types.js";

/** A reply as data for scripts (`paperbot --json`): the same content as the cards, without markup. */

function paperJson(paper: Paper) {
  return {
    id: paper.id,
    headline: paper.headline,
    authors: paper.authors,
    etAl: paper.etAl,
    owners: paper.owners,
    abstract: paper.abstract,
  };
}

function snippetString(parts: SnippetPart[] | undefined): string | undefined {
  return parts === undefined ? undefined : parts.map((part) => part.text).join("");
}

function cardJson(card: Card) {
  const snippet = snippetString(card.snippet);
  return {
    ...paperJson(card.paper),
    ...(card.score === undefined ? {} : { score: Math.round(card.score * 1000) / 1000 }),
    ...(snippet === undefined ? {} : { snippet }),
  };
}

function notFoundJson(reply: Extract<Reply, { kind: "notFound" }>) {
  switch (reply.what) {
    case "author":
      return { notFound: reply.query, suggestions: (reply.people ?? []).map((p) => p.name) };
    case "paper":
      return { notFound: reply.query };
    case "results":
      return {
        query: reply.query,
        total: 0,
        results: [],
        ...(reply.didYouMean ? { didYouMean: reply.didYouMean } : {}),
      };
  }
}

export function replyJson(reply: Reply): unknown {
  switch (reply.kind) {
    case "results":
      return {
        query: reply.query,
        ...(reply.showingFor ? { showingFor: reply.showingFor } : {}),
        total: reply.total,
        offset: reply.offset,
        results: reply.cards.map(cardJson),
        ...(reply.notice ? { notice: reply.notice } : {}),
        ...(reply.didYouMean ? { didYouMean: reply.didYouMean } : {}),
      };
    case "card":
      return paperJson(reply.card.paper);
    case "similar":
      return { of: paperJson(reply.of), offset: reply.offset, results: reply.cards.map(cardJson) };
    case "people":
      return {
        topic: reply.topic,
        ...(reply.showingFor === undefined ? {} : { showingFor: reply.showingFor }),
        total: reply.lineTotal,
        offset: reply.firstLine,
        lines: reply.lines.map((line) => ({
          people: line.people.map((p) => p.name),
          papers: line.papers.map((e) => e.paper.id),
        })),
        people: reply.lines.flatMap((line) =>
          line.people.map((p) => ({
            name: p.name,
            score: p.score,
            profiled: p.profiled,
            papers: p.papers.map((e) => e.paper.id),
          })),
        ),
        ...(reply.nextOffset !== undefined ? { nextOffset: reply.nextOffset } : {}),
      };
    case "author": {
      const { summary } = reply;
      return {
        name: summary.name,
        ...(reply.nearOf === undefined ? {} : { nearOf: reply.nearOf }),
        profiled: summary.profiled,
        papers: summary.papers.map((p) => ({ ...paperJson(p.paper), firstAuthor: p.firstAuthor })),
        coauthors: summary.coauthors.map((c) => ({ name: c.name, papers: c.papers })),
        topics: summary.topics,
      };
    }
    case "ambiguous":
      return { ambiguous: reply.candidates.map((c) => ({ name: c.name, papers: c.papers })) };
    case "notFound":
      return notFoundJson(reply);
    case "stats":
      return {
        papers: reply.papers,
        people: reply.people,
        profiles: reply.profiles,
        files: reply.files,
        problems: reply.problems,
      };
    case "help":
    case "daily":
      return { kind: reply.kind };
    case "dailyPreview":
      return {
        preview: true,
        channelId: reply.schedule.channelId,
        ...(reply.schedule.nextRunAt ? { nextRunAt: reply.schedule.nextRunAt } : {}),
        paper: reply.card ? paperJson(reply.card.paper) : null,
      };
    case "info":
      return { message: reply.message };
    case "error":
      return { error: reply.message };
    case "followed":
    case "unfollowed":
      return {
        kind: reply.kind,
        follow: reply.target,
        ...(reply.kind === "followed" ? { added: reply.added } : { removed: reply.removed }),
      };
    case "following":
      return { total: reply.total, offset: reply.offset, follows: reply.follows };
    case "saved":
    case "export":
      return {
        saved: reply.items.map((item) => ({
          id: item.paperId,
          headline: item.paper?.headline ?? item.headline,
          authors: item.authors,
          owners: item.owners,
          savedAt: new Date(item.savedAt).toISOString(),
          gone: item.paper === undefined,
        })),
      };
    case "savedOne":
    case "unsaved":
      return {
        kind: reply.kind,
        id: reply.paper.id,
        ...(reply.kind === "savedOne" ? { added: reply.added } : { removed: reply.removed }),
      };
    case "digest":
      return {
        digest: reply.digestId,
        total: reply.total,
        papers: reply.groups.flatMap((g) => g.papers.map((p) => paperJson(p.paper))),
      };
    case "whatsNew":
      return {
        total: reply.total,
        offset: reply.offset,
        ...(reply.changedAt === undefined ? {} : { changedAt: new Date(reply.changedAt).toISOString() }),
        papers: reply.papers.map(paperJson),
      };
  }
}
