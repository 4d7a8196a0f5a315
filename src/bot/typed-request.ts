import type { Asker, BotRequest } from "./request.js";

/** A typed line as Slack would deliver it: `/paper …` a command, `@paperbot …` a mention, else `plain`. */
export function typedRequestOf(line: string, asker: Asker, plain: "dm" | "slash"): BotRequest {
  const text = line.trim();
  const slash = /^\/paper(?:\s+|$)([\s\S]*)$/i.exec(text);
  if (slash) return { source: "slash", text: (slash[1] ?? "").trim(), ...asker };
  const mention = /^(?:@paperbot|<@[UW][A-Z0-9]+>)[\s,:]*([\s\S]*)$/i.exec(text);
  if (mention) return { source: "mention", text: (mention[1] ?? "").trim(), ...asker };
  return { source: plain, text, ...asker };
}
