import type { Paper } from "../../src/corpus/types.js";
import type { AuthorSummary, Expert } from "../../src/search/types.js";

/** Hand-built papers shaped like the seeds: the renderers are tested on these, not on the live corpus. */
export const agentSurvey: Paper = {
  id: "2f9k3xa",
  headline: "The Rise and Potential of Large Language Model Based Agents: A Survey",
  authors: ["Zhiheng Xi", "Wen-Xiang Chen", "Xin Guo"],
  authorKeys: ["zhihengxi", "wenxiangchen", "xinguo"],
  etAl: true,
  owners: ["Wen-Xiang Chen", "Enyu Zhou"],
  ownerKeys: ["wenxiangchen", "enyuzhou"],
  abstract:
    "For a long time, humanity has pursued artificial intelligence (AI) equivalent to or surpassing the human level, with AI agents considered a promising vehicle for this pursuit. AI agents are artificial entities that sense their environment, make decisions, and take actions. In this paper, we perform a comprehensive survey on LLM-based agents.",
  sources: [
    { file: "000.txt", line: 3 },
    { file: "004.txt", line: 9 },
  ],
};

export const rewardPaper: Paper = {
  id: "7hq2m0c",
  headline: "Secrets of RLHF in Large Language Models Part II: Reward Modeling",
  authors: ["Binghai Wang", "Rui Zheng"],
  authorKeys: ["binghaiwang", "ruizheng"],
  etAl: false,
  owners: ["Senjie Jin"],
  ownerKeys: ["senjiejin"],
  abstract: "Reward models are key to RLHF & alignment. We study incorrect and ambiguous preference pairs.",
  sources: [{ file: "001.txt", line: 5 }],
};

export const enyuSummary: AuthorSummary = {
  key: "enyuzhou",
  name: "Enyu Zhou",
  profiled: true,
  papers: [
    { paper: rewardPaper, firstAuthor: true },
    { paper: agentSurvey, firstAuthor: false },
  ],
  coauthors: [
    { key: "zhihengxi", name: "Zhiheng Xi", papers: 2 },
    { key: "ruizheng", name: "Rui Zheng", papers: 1 },
  ],
  topics: ["reward model", "agents", "alignment"],
};

export const rewardExperts: Expert[] = [
  {
    key: "senjiejin",
    name: "Senjie Jin",
    score: 12,
    profiled: true,
    papers: [{ paper: rewardPaper, score: 9 }],
  },
  {
    key: "binghaiwang",
    name: "Binghai Wang",
    score: 5,
    profiled: false,
    papers: [
      { paper: rewardPaper, score: 5 },
      { paper: agentSurvey, score: 1 },
    ],
  },
];

const spaVl: Paper = {
  id: "v35q3xk",
  headline: "SPA-VL: a Safety Preference Alignment dataset for Vision Language Models",
  authors: ["Yongting Zhang", "Lu Chen", "Guodong Zheng"],
  authorKeys: ["yongtingzhang", "luchen", "guodongzheng"],
  etAl: true,
  owners: ["Senjie Jin"],
  ownerKeys: ["senjiejin"],
  abstract: "We propose a Safety Preference Alignment dataset for Vision Language Models named SPA-VL.",
  sources: [{ file: "001.txt", line: 40 }],
};

const safeAligner: Paper = {
  id: "gbvnya3",
  headline: "SafeAligner: a methodology implemented at the decoding stage to fortify defenses",
  authors: ["Caishuang Huang", "Wanxu Zhao", "Rui Zheng"],
  authorKeys: ["caishuanghuang", "wanxuzhao", "ruizheng"],
  etAl: true,
  owners: ["Enyu Zhou"],
  ownerKeys: ["enyuzhou"],
  abstract: "We introduce SafeAligner, a methodology implemented at the decoding stage to fortify defenses.",
  sources: [{ file: "004.txt", line: 50 }],
};

/** `who safety` as the seeds answer it: three co-authors whose only evidence is SPA-VL. */
export const spaVlExperts: Expert[] = [
  {
    key: "senjiejin",
    name: "Senjie Jin",
    score: 10,
    profiled: true,
    papers: [
      { paper: spaVl, score: 6 },
      { paper: rewardPaper, score: 4 },
    ],
  },
  ...[
    ["yongtingzhang", "Yongting Zhang"],
    ["luchen", "Lu Chen"],
    ["guodongzheng", "Guodong Zheng"],
  ].map(([key = "", name = ""]) => ({
    key,
    name,
    score: 6,
    profiled: false,
    papers: [{ paper: spaVl, score: 6 }],
  })),
  {
    key: "caishuanghuang",
    name: "Caishuang Huang",
    score: 5,
    profiled: false,
    papers: [{ paper: safeAligner, score: 5 }],
  },
];
