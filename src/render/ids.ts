import type { Action } from "../bot/actions.js";

/**
 * A control's action_id: "paper_" and its action's name. Listeners match the prefix and read the action from the
 * value, so the name only keeps ids apart (a block numbers repeats). A menu or a select is "paper_menu" or
 * "paper_select": each of its options carries its own action.
 */
export const actionIdOf = (action: Action): string => `paper_${action.a.toLowerCase()}`;

/** Matches every action_id our messages carry, with or without the ":n" suffix used when a block repeats one. */
export const ACTION_ID_PATTERN = /^paper_[a-z_]+(?::\d+)?$/;

/**
 * Buttons on the App Home tab carry the same actions under this prefix: the Home listener answers them
 * (there is no response_url there) and publishes the tab again.
 */
export const HOME_ACTION_PREFIX = "home_";
export const HOME_ACTION_ID_PATTERN = /^home_[a-z_]+(?::\d+)?$/;
