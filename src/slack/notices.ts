/** A share Slack refused or could not be reached for: nothing was posted, and the button still works. */
export const SHARE_FAILED =
  "I couldn't share that card: Slack didn't take it. Click Share again to try once more.";

/** A share while the state shared by every bot process cannot be written: two processes could both post it. */
export const SHARE_STATE_DOWN =
  "I couldn't share that card just now: my saved state is unavailable, so I can't make sure it's shared only once. Click Share again in a minute.";

/** A share whose post timed out or hit a Slack error that may have let it through. */
export const SHARE_UNCONFIRMED =
  "Slack didn't confirm that the card was shared. If it isn't in the channel, click Share again.";
