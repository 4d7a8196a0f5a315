import type { OpenEngine } from "../search/engine.js";
import type { OpenIndex } from "./search-threads.js";

/**
 * The engine's answers on this very thread, for processes that answer one thing and exit (the paperbot CLI,
 * tests of the bot's replies): nothing else waits on their event loop, and a worker would only add its start
 * (half a second through tsx). Never for the bot, whose event loop must stay free.
 */
export function sameThreadIndex(engine: OpenEngine): OpenIndex {
  const answered = <A extends unknown[], R>(query: (...args: A) => R) => {
    return async (...args: A): Promise<R> => query(...args);
  };
  return {
    stats: () => engine.stats(),
    paperIds: () => engine.paperIds(),
    paper: (id) => engine.paper(id),
    random: (random) => engine.random(random),
    search: answered(engine.search),
    who: answered(engine.who),
    author: answered(engine.author),
    authorByKey: answered(engine.authorByKey),
    similar: answered(engine.similar),
    whoLike: answered(engine.whoLike),
    papersWithWords: answered(engine.papersWithWords),
    close: async () => engine.close(),
  };
}
