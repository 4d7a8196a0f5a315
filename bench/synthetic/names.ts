import type { Random } from "./random.js";

/** A synthetic person: the spelling on their own file, and the other ways co-authors spell them. */
export interface SyntheticPerson {
  name: string;
  /** Other spellings that fold to the same key ("Wenxiang Chen" for "Wen-Xiang Chen", "Jose Nunez" for "José Núñez"). */
  variants: string[];
}

const SYLLABLES = (
  "Wen Xiang Zhi Heng Xin Yu Hao Jian Rui Lu Bo Yang Kai Ming Jun Lei Tao Ying Qing Hui Fei Jie Ling Shi Han Yi " +
  "Zi Xuan Ran Peng Dong Wei Yan Jia Cheng Sen Tian Xiao Long Guang Zhen Shu Meng Qi Ze Lin Chun Hong"
).split(" ");
const CHINESE_SURNAMES = (
  "Chen Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng Liang Xie Song Tang " +
  "Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye Cheng Wei Su Lu Ding Ren Shen Yao Xi " +
  "Jin Dou Bao Nan Fan Qian Kong Mao"
).split(" ");
const KOREAN_GIVEN = "Min-jun Seo-yeon Ji-ho Ha-eun Do-yoon Su-bin Ye-jin Hyun-woo Jae-won Eun-ji".split(" ");
const KOREAN_SURNAMES = "Kim Park Lee Choi Jung Kang Cho Yoon Jang Lim".split(" ");
const WESTERN_GIVEN = (
  "José Zoë Łukasz Jürgen Ana María François Søren Ingrid Noémie Andrés Björn Élodie Miguel Sarah David Anna " +
  "Thomas Laura Marco Chiara Hélène Ömer Çağla Renée Dmitri Katarzyna Nikola Jan Eva Priya Arjun Rahul Ananya " +
  "Hiroshi Yuki Kenji Aiko Oliver Emma Lucas Mia Jonas Léa Mateo Sofía Ines Malik Amara Tomás Anaïs Kristóf"
).split(" ");
const WESTERN_SURNAMES = (
  "Núñez Müller García Dvořák Kowalski Schäfer Lefèvre Østergaard Šimić Petrović Rossi Smith Johnson Brown " +
  "Martin Bernard Dubois Fischer Weber Novák Jönsson Gómez Pérez Öztürk Yılmaz Tanaka Sato Nguyen Tran Singh " +
  "Patel Gupta Kumar Ivanov Bianchi Moreau Wójcik Horváth Andersson Costa Silva Okafor Mensah Haddad"
).split(" ");

const SPECIAL_LETTERS: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", ı: "i", ß: "ss" };

/** The same name without accents, as many ASCII-only author lists spell it. */
export function stripAccents(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[łŁøØıß]/g, (c) => SPECIAL_LETTERS[c] ?? c);
}

/** The key our corpus folds names to: case, accents, hyphens and spaces removed. */
export function foldedName(name: string): string {
  return stripAccents(name)
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

function variantsOf(given: string, surname: string): string[] {
  const name = `${given} ${surname}`;
  const out = new Set<string>();
  if (given.includes("-")) {
    const parts = given.split("-");
    out.add(`${parts.map((p, i) => (i === 0 ? p : p.toLowerCase())).join("")} ${surname}`);
  }
  const plain = stripAccents(name);
  if (plain !== name) out.add(plain);
  return [...out];
}

function personName(random: Random): { given: string; surname: string } {
  const kind = random.next();
  if (kind < 0.62) {
    const first = random.pick(SYLLABLES);
    const given = random.chance(0.75) ? `${first}-${random.pick(SYLLABLES)}` : first;
    return { given, surname: random.pick(CHINESE_SURNAMES) };
  }
  if (kind < 0.7) return { given: random.pick(KOREAN_GIVEN), surname: random.pick(KOREAN_SURNAMES) };
  return { given: random.pick(WESTERN_GIVEN), surname: random.pick(WESTERN_SURNAMES) };
}

/** `count` people with pairwise distinct folded keys; some hyphenated given names are written joined on their file. */
export function syntheticPeople(count: number, random: Random): SyntheticPerson[] {
  const keys = new Set<string>();
  const people: SyntheticPerson[] = [];
  while (people.length < count) {
    let { given, surname } = personName(random);
    let key = foldedName(`${given} ${surname}`);
    for (let attempt = 0; keys.has(key) && attempt < 20; attempt++) {
      ({ given, surname } = personName(random));
      key = foldedName(`${given} ${surname}`);
    }
    if (keys.has(key)) {
      // the common names are used up: a middle initial, kept with the surname so variants leave it alone
      surname = `${String.fromCharCode(65 + random.int(26))}. ${surname}`;
      key = foldedName(`${given} ${surname}`);
      if (keys.has(key)) continue;
    }
    keys.add(key);
    const variants = variantsOf(given, surname);
    const variant = variants[0];
    // the file may carry the joined spelling while co-authors hyphenate: both directions occur
    if (variant !== undefined && given.includes("-") && random.chance(0.3)) {
      people.push({ name: variant, variants: [`${given} ${surname}`, ...variants.slice(1)] });
    } else {
      people.push({ name: `${given} ${surname}`, variants });
    }
  }
  return people;
}
