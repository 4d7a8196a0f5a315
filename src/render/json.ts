import type { Card, Reply } from "../bot/reply.js";
import type { Paper } from "../corpus/types.js";
import { bibtexOf } from "./bibtex-entry.js";

// Every reply here is printed with JSON.stringify, which leaves out a field that is undefined.
function paperJson(paper: Paper) {
  const { id, headline, authors, etAl, owners, abstract, title, year, venue, doi, arxivId, url, code } =
    paper;
  return { id, headline, authors, etAl, owners, abstract, title, year, venue, doi, arxivId, url, code };
}

function cardJson(card: Card) {
  const score = card.score === undefined ? undefined : Math.round(card.score * 1000) / 1000;
  const snippet = card.snippet?.map((part) => part.text).join("");
  return { ...paperJson(card.paper), score, snippet, shares: card.shares };
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

/** `paperbot <command> --json` for scripts: what a data command found as stable fields, not a drawing. */
export function replyJson(reply: Reply): unknown {
  switch (reply.kind) {
    case "results":
      return {
        query: reply.query,
        ...(reply.showingFor ? { showingFor: reply.showingFor } : {}),
        total: reply.total,
        ...(reply.orMore ? { orMore: true } : {}),
        offset: reply.offset,
        results: reply.cards.map(cardJson),
        ...(reply.notice ? { notice: reply.notice } : {}),
        ...(reply.didYouMean ? { didYouMean: reply.didYouMean } : {}),
      };
    case "card":
      return paperJson(reply.card.paper);
    case "bibtex":
      return { id: reply.paper.id, ...bibtexOf(reply.paper) };
    case "similar":
      return { of: paperJson(reply.of), offset: reply.offset, results: reply.cards.map(cardJson) };
    case "people":
      return {
        topic: reply.topic,
        showingFor: reply.showingFor,
        total: reply.lineTotal,
        offset: reply.firstLine,
        lines: reply.lines.map((line) => ({
          people: line.people.map((p) => p.name),
          papers: line.papers.map((e) => e.paper.id),
          level: line.level,
          ...(line.outside ? { outside: true } : {}),
        })),
        people: reply.lines.flatMap((line) =>
          line.people.map((p) => ({
            name: p.name,
            score: p.score,
            profiled: p.profiled,
            slack: p.slack,
            papers: p.papers.map((e) => e.paper.id),
          })),
        ),
        nextOffset: reply.nextOffset,
      };
    case "author": {
      const { summary } = reply;
      return {
        name: summary.name,
        nearOf: reply.nearOf,
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
    case "info":
      return { message: reply.message };
    case "error":
      return { error: reply.message };
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
    default:
      // Not an answer of a data command: only `say` shows these, drawn.
      return { kind: reply.kind };
  }
}
