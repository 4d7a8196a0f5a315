// SQLite's page-by-page check of an index file, off the main thread: seconds at 100,000 papers.
export { integrityOf as default } from "../search/store-file.js";
