import { loadCorpus } from "../src/corpus/load.js";
import { createSearchEngine } from "../src/search/engine.js";
const e = createSearchEngine(await loadCorpus("seeds"));
for (const q of process.argv.slice(2)) { const r = e.search(q, { limit: 3 }); console.log(q, "→", r.showingFor, r.total, r.hits.map(h => h.paper.headline.slice(0, 40))); }
