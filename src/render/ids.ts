import type { Action } from "../bot/actions.js";

/** "paper_" and the action's name: listeners read the action from the value, the name keeps ids apart. */
export const actionIdOf = (action: Action): string => `paper_${action.a.toLowerCase()}`;

/** Matches every action_id our messages carry, with or without the ":n" suffix used when a block repeats one. */
export const ACTION_ID_PATTERN = /^paper_[a-z_]+(?::\d+)?$/;

/** The Home tab's controls: its listener answers them (no response_url there) and publishes the tab again. */
export const HOME_ACTION_PREFIX = "home_";
export const HOME_ACTION_ID_PATTERN = /^home_[a-z_]+(?::\d+)?$/;
