// The stopword package ships no types. We read its English list alone: its index loads all 62 languages (about 6 MB
// of RSS in each thread that imports it).
declare module "stopword/src/stopwords_eng.js" {
  export const eng: string[];
}
