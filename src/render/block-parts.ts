import type {
  ActionsBlock,
  Button,
  ContextBlock,
  DividerBlock,
  HeaderBlock,
  KnownBlock,
  MrkdwnElement,
  SectionBlock,
} from "@slack/types";
import { actionIdOf, type ButtonSpec, buttonValueOf } from "./buttons.js";
import { escapeText } from "./escape.js";
import { numberedActionId } from "./ids.js";
import { LIMITS, truncate } from "./limits.js";

/** Small Block Kit builders that enforce the limits; text arriving here is already escaped mrkdwn. */

// verbatim: true stops Slack from auto-linking names, channels and URLs inside our (escaped) text.
export function mrkdwn(safe: string, max: number = LIMITS.sectionText): MrkdwnElement {
  const text = truncate(safe, max);
  return { type: "mrkdwn", text: text.trim() === "" ? "–" : text, verbatim: true };
}

export function section(safe: string, accessory?: ButtonSpec): SectionBlock {
  const block: SectionBlock = { type: "section", text: mrkdwn(safe) };
  const button = accessory ? buttonOf(accessory, 0, false) : undefined;
  if (button) block.accessory = button;
  return block;
}

export function fieldsSection(safeFields: string[]): SectionBlock {
  return {
    type: "section",
    fields: safeFields.slice(0, LIMITS.sectionFields).map((field) => mrkdwn(field, LIMITS.fieldText)),
  };
}

/** A header from raw text: plain_text, so nothing in it is parsed. */
export function header(raw: string): HeaderBlock {
  const text = truncate(escapeText(raw.replace(/\s+/g, " ").trim()), LIMITS.headerText);
  return { type: "header", text: { type: "plain_text", text: text === "" ? "–" : text, emoji: true } };
}

export function context(safeTexts: string[]): ContextBlock {
  return {
    type: "context",
    elements: safeTexts.slice(0, LIMITS.contextElements).map((text) => mrkdwn(text, LIMITS.contextText)),
  };
}

export function divider(): DividerBlock {
  return { type: "divider" };
}

function buttonOf(spec: ButtonSpec, n: number, numbered: boolean): Button | undefined {
  const value = buttonValueOf(spec.action);
  if (value === undefined) return undefined;
  const base = actionIdOf(spec.action);
  return {
    type: "button",
    text: { type: "plain_text", text: truncate(escapeText(spec.label), LIMITS.buttonText), emoji: true },
    action_id: numbered ? numberedActionId(base, n) : base,
    value,
  };
}

/** An actions block, or undefined when no button survives; repeated action kinds get numbered action_ids. */
export function actions(specs: ButtonSpec[]): ActionsBlock | undefined {
  const kept = specs.slice(0, LIMITS.actionsElements);
  const bases = kept.map((spec) => actionIdOf(spec.action));
  const repeated = new Set(bases).size !== bases.length;
  const elements = kept
    .map((spec, n) => buttonOf(spec, n, repeated))
    .filter((button): button is Button => button !== undefined);
  return elements.length > 0 ? { type: "actions", elements } : undefined;
}

export function present(...blocks: (KnownBlock | undefined)[]): KnownBlock[] {
  return blocks.filter((block): block is KnownBlock => block !== undefined);
}
