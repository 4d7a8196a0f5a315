// The stopword package ships no types. We read its English list alone: its index loads all 62 languages (8 MB in each
// thread that imports it).
declare module "stopword/src/stopwords_eng.js" {
  export const eng: string[];
}
