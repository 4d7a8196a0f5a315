import type { KnownBlock } from "@slack/types";

/** A block's interactive elements: an actions block's, or a section's accessory. */
function elementsOf(block: KnownBlock) {
  if (block.type === "actions") return block.elements;
  return block.type === "section" && block.accessory ? [block.accessory] : [];
}

/** Every interactive element a person sees in the blocks, with its visible label when it is a button. */
export function controlsOf(blocks: KnownBlock[]): { type: string; label?: string; value?: string }[] {
  const controls: { type: string; label?: string; value?: string }[] = [];
  for (const block of blocks) {
    const elements = elementsOf(block);
    for (const element of elements) {
      if (element.type === "button")
        controls.push({
          type: element.type,
          label: element.text.text,
          ...(element.value === undefined ? {} : { value: element.value }),
        });
      else controls.push({ type: element.type });
    }
  }
  return controls;
}

/** The option labels of each overflow (⋯) menu in the blocks, in order. */
export function menuLabelsOf(blocks: KnownBlock[]): string[][] {
  const menus: string[][] = [];
  for (const block of blocks) {
    const elements = elementsOf(block);
    for (const element of elements) {
      if (element.type === "overflow") menus.push(element.options.map((option) => option.text.text));
    }
  }
  return menus;
}
