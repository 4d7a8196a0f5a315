import type { Action } from "../bot/actions.js";

/**
 * A control's action_id: "paper_" and its action's name. Listeners match the prefix and read the action from the
 * value, so the name only keeps ids apart (a block numbers repeats, see numberedActionId).
 */
export const actionIdOf = (action: Action): string => `paper_${action.a.toLowerCase()}`;

/** A card's overflow menu and a select of papers or people: each option carries its own action. */
export const MENU_ACTION_ID = "paper_menu";
export const SELECT_ACTION_ID = "paper_select";

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
