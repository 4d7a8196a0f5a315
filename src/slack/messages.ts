/** What a user sees when something failed on our side; never a stack trace. */
export const FRIENDLY_ERROR =
  "Sorry, something went wrong on my side while answering that. Please try again in a moment.";

/** A button whose value is not one of ours (an old message, a hand-made payload). */
export const INVALID_BUTTON =
  "That button no longer works. Please run the command again to get fresh results.";
