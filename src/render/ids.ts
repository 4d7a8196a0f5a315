/** action_id bases shared by the renderers and the Slack listeners; every one starts with "paper_". */
export const ACTION_IDS = {
  share: "paper_share",
  similar: "paper_similar",
  moreBy: "paper_more_by",
  full: "paper_full",
  open: "paper_open",
  bibtex: "paper_bibtex",
  reroll: "paper_reroll",
  page: "paper_page",
  whoPage: "paper_who_page",
  author: "paper_author",
  follow: "paper_follow",
  unfollow: "paper_unfollow",
  following: "paper_following",
  save: "paper_save",
  unsave: "paper_unsave",
  saved: "paper_saved",
  export: "paper_export",
  digestPage: "paper_digest_page",
  newPage: "paper_new_page",
  daily: "paper_daily",
  ask: "paper_ask",
  /** A card's overflow menu: each option carries its own action. */
  menu: "paper_menu",
  /** A select of papers or people: each option carries its own action. */
  select: "paper_select",
} as const;

export type ActionIdBase = (typeof ACTION_IDS)[keyof typeof ACTION_IDS];

/** Matches every action_id our messages carry, with or without the ":n" suffix used when a block repeats one. */
export const ACTION_ID_PATTERN = /^paper_[a-z_]+(?::\d+)?$/;

/**
 * Buttons on the App Home tab carry the same actions under this prefix: the Home listener answers them
 * (there is no response_url there) and publishes the tab again.
 */
export const HOME_ACTION_PREFIX = "home_";
export const HOME_ACTION_ID_PATTERN = /^home_[a-z_]+(?::\d+)?$/;

/** action_ids must be unique inside a block: elements of one kind in one block get ":0", ":1", … */
export function numberedActionId(base: string, n: number): string {
  return `${base}:${n}`;
}
