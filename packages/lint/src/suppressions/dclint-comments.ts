/**
 * dclint's suppression comments in Compose files, honoured as enginekit's (dclint
 * `src/util/comments-handler.ts`): `# dclint disable-file` as the first content line (every rule, whole
 * file), `# dclint disable [rules…]` as the first content line (those rules, or every rule, whole file), and
 * `# dclint disable-line [rules…]` (on a line of its own: the next line; after content: its own line). Rule
 * names are dclint's (`services-alphabetical-order`) or enginekit ids; names enginekit has no rule for
 * are not reported, since the comment may serve dclint too.
 */
import type { LineIndex } from "@enginekit/text";
import type { SuppressionDirective } from "./directive.js";

const DISABLE_FILE = /^#\s*dclint\s+disable-file\b/;
const DISABLE = /^#\s*dclint\s+disable(?:\s+(.*))?$/;
const DISABLE_LINE = /#\s*dclint\s+disable-line\b(.*)$/;

/** The dclint comments of a Compose file's text, as suppression directives (`foreign: "dclint"`). */
export function dclintSuppressions(text: string, lines: LineIndex): SuppressionDirective[] {
  if (!text.includes("dclint")) return [];
  const out: SuppressionDirective[] = [];
  const count = lines.lineCount;
  const ids = (list: string, at: number) => {
    const words: NonNullable<SuppressionDirective["ids"]> = [];
    const re = /\S+/g;
    for (let m = re.exec(list); m; m = re.exec(list))
      words.push({ id: m[0], range: lines.range(at + m.index, at + m.index + m[0].length) });
    return words.length === 0 ? undefined : words;
  };
  // the first line that is neither empty nor `---` may disable the file or rules in it
  for (let l = 0; l < count; l++) {
    const line = lines.lineText(l).trim();
    if (line === "" || line === "---") continue;
    const start = (lines.starts[l] ?? 0) + lines.lineText(l).indexOf(line);
    const range = lines.range(start, start + line.length);
    const whole = {
      scope: "file" as const,
      reason: undefined,
      range,
      appliesFrom: 0,
      appliesTo: text.length,
    };
    if (DISABLE_FILE.test(line)) out.push({ ...whole, ids: undefined, foreign: "dclint" });
    else {
      const m = DISABLE.exec(line);
      if (m)
        out.push({
          ...whole,
          ids: ids(m[1] ?? "", start + line.length - (m[1] ?? "").length),
          foreign: "dclint",
        });
    }
    break;
  }
  for (let l = 0; l < count; l++) {
    const lineText = lines.lineText(l);
    const m = DISABLE_LINE.exec(lineText);
    if (!m) continue;
    const lineStart = lines.starts[l] ?? 0;
    const hash = lineStart + m.index;
    const alone = lineText.trimStart().startsWith("#");
    const target = alone ? l + 1 : l;
    if (target >= count) continue;
    const from = lines.starts[target] ?? text.length;
    const to = lines.starts[target + 1] ?? text.length;
    const list = m[1] ?? "";
    out.push({
      scope: "next",
      ids: ids(list, lineStart + lineText.length - list.length),
      reason: undefined,
      range: lines.range(hash, lineStart + lineText.length),
      appliesFrom: from,
      appliesTo: to,
      foreign: "dclint",
    });
  }
  return out;
}
