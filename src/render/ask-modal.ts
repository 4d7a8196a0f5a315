import type { ModalView } from "@slack/types";
import { plainText } from "./block-parts.js";
import { LIMITS } from "./limits.js";

/** The callback_id of the "Ask Paperbot" form (the global shortcut's modal). */
export const ASK_MODAL_CALLBACK = "paperbot_ask_modal";
/** Block and action ids of its two inputs, read back from the submission. */
export const ASK_INPUTS = {
  question: { block: "question", action: "text" },
  where: { block: "where", action: "conversation" },
} as const;
/** The words of the "Ask Paperbot" form, and of the Home tab's button that opens it. */
export const ASK_TEXT = {
  title: "Ask Paperbot",
  submit: "Ask",
  close: "Cancel",
  questionLabel: "What are you looking for?",
  questionPlaceholder: "reward models · who works on RLHF? · author Enyu Zhou",
  questionHint: "Anything you would type after /paper: words to search, a question, a name.",
  whereLabel: "Show the answer in",
  wherePlaceholder: "Pick a conversation",
  whereHint: "Only you see the answer there; its Share in channel button posts a card for everyone.",
  emptyQuestion: "Type what you are looking for.",
  pickConversation: "Pick a conversation to share it in.",
  homeLine: "*Search the group's papers*, or ask who works on a topic.",
  homeButton: "Ask Paperbot…",
};

/** As long as a slash command's text may be. */
export const ASK_MAX_CHARS = 1500;

/** "Ask Paperbot": what to look for, and where the answer shows (Slack gives a response_url for it). */
export function renderAskModal(question?: string): ModalView {
  return {
    type: "modal",
    callback_id: ASK_MODAL_CALLBACK,
    title: plainText(ASK_TEXT.title, 24),
    submit: plainText(ASK_TEXT.submit, 24),
    close: plainText(ASK_TEXT.close, 24),
    blocks: [
      {
        type: "input",
        block_id: ASK_INPUTS.question.block,
        label: plainText(ASK_TEXT.questionLabel, 2000),
        hint: plainText(ASK_TEXT.questionHint, 2000),
        element: {
          type: "plain_text_input",
          action_id: ASK_INPUTS.question.action,
          placeholder: plainText(ASK_TEXT.questionPlaceholder, LIMITS.placeholderText),
          max_length: ASK_MAX_CHARS,
          focus_on_load: true,
          ...(question ? { initial_value: question.slice(0, ASK_MAX_CHARS) } : {}),
        },
      },
      {
        type: "input",
        block_id: ASK_INPUTS.where.block,
        label: plainText(ASK_TEXT.whereLabel, 2000),
        hint: plainText(ASK_TEXT.whereHint, 2000),
        element: {
          type: "conversations_select",
          action_id: ASK_INPUTS.where.action,
          default_to_current_conversation: true,
          response_url_enabled: true,
          placeholder: plainText(ASK_TEXT.wherePlaceholder, LIMITS.placeholderText),
        },
      },
    ],
  };
}

/** The callback_id of the form that shares a paper from the Home tab, and its one input. */
export const SHARE_MODAL_CALLBACK = "paperbot_share_modal";
export const SHARE_INPUT = { block: "where", action: "conversation" } as const;

/** A Home tab card's Share in channel: which conversation to post it in, for everyone. */
export function renderShareModal(paperId: string): ModalView {
  return {
    type: "modal",
    callback_id: SHARE_MODAL_CALLBACK,
    private_metadata: JSON.stringify({ id: paperId }),
    title: plainText("Share a paper", 24),
    submit: plainText("Share", 24),
    close: plainText(ASK_TEXT.close, 24),
    blocks: [
      {
        type: "input",
        block_id: SHARE_INPUT.block,
        label: plainText("Share it in", 2000),
        hint: plainText("Everyone in the conversation sees the card, shared by you.", 2000),
        element: {
          type: "conversations_select",
          action_id: SHARE_INPUT.action,
          response_url_enabled: true,
          placeholder: plainText(ASK_TEXT.wherePlaceholder, LIMITS.placeholderText),
        },
      },
    ],
  };
}
