import type { ActionsBlock, KnownBlock, PlainTextOption, SectionBlock } from "@slack/types";
import { type Action, decodeAction } from "../bot/actions.js";
import type { Answer } from "../bot/ports.js";
import type { Reply } from "../bot/reply.js";
import { renderSlackMessage } from "./blocks.js";
import { FORMATTING_MARKS, withoutControls } from "./escape.js";
import { savedMarkdown } from "./saved-markdown.js";

/** Block Kit drawn as text, for the console and `paperbot`: every reply is written once, as Block Kit. */

export interface TerminalReply {
  text: string;
  /** Numbered in the order they appear in `text`: "[1]" is `buttons[0]`. */
  buttons: { label: string; action: Action }[];
}

export interface TerminalOptions {
  /** Bold, italic, grey and colour with ANSI escapes (an interactive terminal). */
  ansi?: boolean;
  /** Number the buttons and menu options so they can be pressed (the console); the CLI prints none. */
  buttons?: boolean;
}

type Element = NonNullable<ActionsBlock["elements"][number] | SectionBlock["accessory"]>;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };
// escapeMrkdwn's look-alikes of corpus text's own marks, shown as written in a terminal.
const LOOK_ALIKES = new Map(Object.entries(FORMATTING_MARKS).map(([mark, lookAlike]) => [lookAlike, mark]));
const EMOJI: Record<string, string> = { ":warning:": "⚠", ":white_check_mark:": "✅" };
// An accessory goes on its section's line when both fit in this width.
const SAME_LINE_WIDTH = 100;

/** Escaped Slack text back to what it says: entities, mentions and channel links as a person reads them. */
function unescaped(text: string): string {
  return withoutControls(
    text
      .replace(/<(https?:\/\/[^|>\s]+)\|([^>]*)>/g, "$2 <$1>")
      .replace(/<([@#])([A-Z0-9]+)>/g, "$1$2")
      .replace(/&(?:amp|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/:[a-z_]+:/g, (code) => EMOJI[code] ?? code),
  );
}

function lookAlikesBack(text: string): string {
  return text.replace(/[\u2217\u02cd\u223c\u02cb]/g, (mark) => LOOK_ALIKES.get(mark) ?? mark);
}

// Buttons are numbered once the text is whole, so "[1]" is always the first one on screen.
// biome-ignore lint/suspicious/noControlCharactersInRegex: drawn text has no NUL (controls are stripped), so it marks ours
const NUMBER = /\u0000(\d+)\u0000/g;

class TerminalDrawing {
  readonly lines: string[] = [];
  private readonly controls: TerminalReply["buttons"] = [];
  /** A section's control that goes under the section's card or line, drawn before the next block of its own. */
  private pending: Element[] = [];
  /** Context lines drawn since a control went pending: one means the next section is of the same card. */
  private contextsSincePending = 0;
  private previous: "section" | "fields" | "control" | "context" | "other" | undefined;
  constructor(private readonly options: TerminalOptions) {}

  private style(code: number, off: number, text: string): string {
    return this.options.ansi && text.trim() !== "" ? `\u001b[${code}m${text}\u001b[${off}m` : text;
  }

  bold(text: string): string {
    return this.options.ansi ? this.style(1, 22, text) : `*${text}*`;
  }

  /** mrkdwn as text: our own *bold*, _italic_ and `code` marks as ANSI styles or as written; corpus marks as in the corpus. */
  mrkdwn(text: string): string {
    return unescaped(text)
      .split("`")
      .map((part, i) => {
        if (i % 2 === 1) return this.style(36, 39, lookAlikesBack(part));
        const styled = this.options.ansi
          ? part
              .replace(/\*([^*\n]+)\*/g, (_, inner: string) => this.style(1, 22, inner))
              .replace(
                /(^|[^\p{L}\p{N}])_([^_\n]+)_/gu,
                (_, before: string, inner: string) => `${before}${this.style(3, 23, inner)}`,
              )
          : part;
        return lookAlikesBack(styled);
      })
      .join("");
  }

  /** "[n]" for a control, numbered once the text is whole; undefined when its value is not one of ours. */
  private mark(label: string, value: string | undefined): string | undefined {
    const action = value === undefined ? undefined : decodeAction(value);
    if (action === undefined) return undefined;
    this.controls.push({ label, action });
    return `[\u0000${this.controls.length - 1}\u0000]`;
  }

  private numbered(label: string, value: string | undefined): string | undefined {
    const mark = this.mark(label, value);
    return mark === undefined ? undefined : `${mark} ${label}`;
  }

  private listed(options: PlainTextOption[]): string[] {
    return options.flatMap((option) => this.numbered(unescaped(option.text.text), option.value) ?? []);
  }

  /** An option already on screen as a "• label" line gets its number there rather than a second listing. */
  private numberedInPlace(option: PlainTextOption): boolean {
    const label = unescaped(option.text.text).replace(/…$/, "");
    const at = this.lines.findIndex((line) => line.startsWith(`• ${label}`));
    const line = this.lines[at];
    const mark = line === undefined ? undefined : this.mark(label, option.value);
    if (line === undefined || mark === undefined) return false;
    this.lines[at] = `${mark} ${line.slice(2)}`;
    return true;
  }

  /** A control as text: "[1] Share in channel", "⋯ [2] More like this  [3] Save", a select's options. */
  private element(element: Element): string | undefined {
    switch (element.type) {
      case "button":
        return this.numbered(unescaped(element.text.text), element.value);
      case "overflow": {
        const options = this.listed(element.options);
        return options.length > 0 ? `⋯ ${options.join("  ")}` : undefined;
      }
      case "static_select": {
        const all = element.option_groups?.flatMap((group) => group.options) ?? element.options ?? [];
        const options = this.listed(all.filter((option) => !this.numberedInPlace(option)));
        const placeholder = element.placeholder ? unescaped(element.placeholder.text) : "";
        return options.length > 0 ? `${placeholder} ${options.join("  ")}`.trim() : undefined;
      }
      default:
        return undefined;
    }
  }

  /** Without buttons, the people or searches a reply offers in their place still name themselves. */
  private choices(block: ActionsBlock): string[] {
    return block.elements.flatMap((element) => {
      if (element.type !== "button" || element.value === undefined) return [];
      const action = decodeAction(element.value);
      const choice = action?.a === "author" || (action?.a === "page" && action.offset === 0);
      return choice ? [`• ${unescaped(element.text.text)}`] : [];
    });
  }

  private flush(): void {
    // Buttons first, then a menu, as a card on its own draws them ("[1] Share in channel   ⋯ [2] More like this").
    const ordered = [...this.pending].sort(
      (a, b) => Number(a.type !== "button") - Number(b.type !== "button"),
    );
    const controls = ordered.flatMap((element) => this.element(element) ?? []);
    this.pending = [];
    if (controls.length === 0) return;
    this.lines.push(`   ${controls.join("   ")}`);
    this.previous = "control";
  }

  private section(block: SectionBlock): void {
    const text = block.text ? this.mrkdwn(block.text.text) : "";
    const fields = (block.fields ?? []).map((field) => this.mrkdwn(field.text).replace(/\n/g, " "));
    const body = [text, fields.join(" · ")].filter((part) => part !== "").join("\n");
    const accessory = this.options.buttons ? block.accessory : undefined;
    this.previous = block.text ? "section" : "fields";
    // A lone button fits beside a short line; anything else waits under the section's card or line.
    const short =
      accessory?.type === "button" &&
      this.pending.length === 0 &&
      !body.includes("\n") &&
      body.length < SAME_LINE_WIDTH;
    const beside = short ? this.element(accessory) : undefined;
    if (beside !== undefined) {
      this.lines.push(`${body}   ${beside}`);
      this.previous = "control";
      return;
    }
    this.lines.push(...body.split("\n"));
    if (accessory !== undefined && !short) {
      this.pending.push(accessory);
      this.contextsSincePending = 0;
    }
  }

  block(block: KnownBlock): void {
    const ownControls = block.type === "section" && block.accessory !== undefined;
    // A card in a list has its menu beside the title and Share beside the snippet: both go under the card.
    const sameCard = ownControls && this.pending.length === 1 && this.contextsSincePending === 1;
    if (block.type !== "context" && (block.type !== "section" || ownControls) && !sameCard) this.flush();
    const apart =
      (this.previous === "section" && (block.type === "section" || block.type === "header")) ||
      (this.previous === "control" && (block.type === "section" || block.type === "actions"));
    if (apart) this.lines.push("");
    this.previous = "other";
    switch (block.type) {
      case "header":
        this.lines.push(this.bold(unescaped(block.text.text)));
        return;
      case "section":
        this.section(block);
        return;
      case "context": {
        const texts = block.elements.flatMap((element) =>
          element.type === "mrkdwn"
            ? [this.mrkdwn(element.text)]
            : element.type === "plain_text"
              ? [unescaped(element.text)]
              : [],
        );
        this.lines.push(this.style(2, 22, texts.join(" · ")));
        this.previous = "context";
        this.contextsSincePending += 1;
        return;
      }
      case "divider":
        this.lines.push("");
        return;
      case "rich_text":
        // Preformatted text (a BibTeX entry) is shown exactly as written, without controls.
        for (const element of block.elements) {
          const texts = "elements" in element ? element.elements : [];
          const text = texts
            .map((part) => ("text" in part && typeof part.text === "string" ? part.text : ""))
            .join("");
          this.lines.push(...withoutControls(text.replace(/<\u2060([!@#])/g, "<$1")).split("\n"));
        }
        return;
      case "actions": {
        if (!this.options.buttons) {
          this.lines.push(...this.choices(block));
          return;
        }
        const controls = block.elements.flatMap((element) => this.element(element) ?? []);
        if (controls.length > 0) this.lines.push(controls.join("   "));
        return;
      }
      default:
        return;
    }
  }

  /** The text with its buttons numbered in the order they show. */
  finish(): TerminalReply {
    this.flush();
    const buttons: TerminalReply["buttons"] = [];
    const text = this.lines.join("\n").replace(NUMBER, (_, i: string) => {
      const control = this.controls[Number(i)];
      if (control !== undefined) buttons.push(control);
      return String(buttons.length);
    });
    return { text, buttons };
  }
}

/** A reply as the console or `paperbot` prints it: its Block Kit message drawn as text, controls numbered. Pure. */
export function renderTerminal(reply: Reply, options: TerminalOptions = {}): TerminalReply {
  const drawing = new TerminalDrawing({ buttons: true, ...options });
  for (const block of renderSlackMessage(reply).blocks) drawing.block(block);
  const shown = drawing.finish();
  // Slack gets the reading list as a file beside this message; a terminal shows the file.
  if (reply.kind !== "export") return shown;
  return { ...shown, text: `${shown.text}\n\n${withoutControls(savedMarkdown(reply).content)}` };
}

/** An answer as the console or `paperbot say` prints it, saying where it would be posted. */
export function renderAnswerText(answer: Answer, options: TerminalOptions = {}): TerminalReply {
  const rendered = renderTerminal(answer.reply, options);
  const notes = [];
  if (answer.audience === "channel") notes.push("(posted in the channel, shared by you)");
  if (answer.replaceOriginal === true) notes.push("(replaces the previous message)");
  return { text: `${[...notes, rendered.text.trimEnd()].join("\n")}\n`, buttons: rendered.buttons };
}
