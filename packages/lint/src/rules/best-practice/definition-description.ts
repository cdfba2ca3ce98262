/**
 * `definition-description`: BuildKit's experimental InvalidDefinitionDescription check. The comment lines
 * right above an ARG or a named FROM are that build argument's or stage's description, shown by
 * `docker build --call=outline|targets`; they must start with its name.
 */
import type { Comment, Instruction } from "@enginekit/enginefile";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";
import { asksForExperimentalCheck } from "../../suppressions/check-options.js";

const CHECK = "InvalidDefinitionDescription";

/**
 * The description block of `instruction`: the comment lines directly above it (no empty line between),
 * from after the last empty `#` line, which ends a block as in BuildKit's parser. Empty when there is none.
 */
function descriptionOf(instruction: Instruction, byLine: ReadonlyMap<number, Comment>): Comment[] {
  const block: Comment[] = [];
  for (let line = instruction.range.start.line - 1; ; line--) {
    const c = byLine.get(line);
    if (!c || c.text.trim() === "") break;
    block.unshift(c);
  }
  return block;
}

export default enginefileRule(
  {
    id: "definition-description",
    name: "Description comment not starting with the name",
    description:
      "The comment right above an ARG or a named FROM does not start with the argument's or stage's name.",
    severity: "warning",
    fix: "never",
    docs: `\`docker build --call=outline\` and \`--call=targets\` take the comment lines directly above an \`ARG\` or a
\`FROM … AS name\` as the description of that build argument or stage, and expect it to start with the name:
\`# VERSION the release to package\` above \`ARG VERSION\`. A comment there that is not a description should be
separated from the instruction by an empty line or an empty \`#\` line.

This is one of BuildKit's experimental checks, so as in BuildKit it is reported only in files that ask for
it in their \`# check=\` directive: \`# check=experimental=InvalidDefinitionDescription\` (or \`experimental=all\`).
\`skip=all\` does not turn it off there, as in BuildKit; \`--rule definition-description=off\` does.`,
    peers: ["BuildKit InvalidDefinitionDescription"],
    examples: [
      {
        kind: "invalid",
        code: "# check=experimental=InvalidDefinitionDescription\n# the release we package\nARG VERSION=1.4\nFROM alpine:3.20\n",
      },
      {
        kind: "valid",
        code: "# check=experimental=InvalidDefinitionDescription\n# VERSION the release we package\nARG VERSION=1.4\n# runtime the image we ship\nFROM alpine:3.20 AS runtime\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    if (file.doc.comments.length === 0 || !asksForExperimentalCheck(file.doc, CHECK)) return out;
    const byLine = new Map(file.doc.comments.map((c) => [c.range.start.line, c]));
    for (const ins of file.doc.instructions) {
      const names =
        ins.kind === "arg"
          ? ins.declarations.map((d) => d.name)
          : ins.kind === "from" && ins.stageName
            ? [ins.stageName.value.toLowerCase()]
            : undefined;
      if (!names || names.length === 0) continue;
      const block = descriptionOf(ins, byLine);
      const first = block[0];
      if (!first) continue;
      const word = first.text.trim().split(/\s+/)[0] ?? "";
      if (names.includes(word)) continue;
      const keyword = ins.kind === "arg" ? "ARG" : "FROM";
      const expected = names.length === 1 ? names[0] : "<name>";
      // BuildKit reports the ARG or FROM (its location), not the comment: the name the description must start with
      const at =
        ins.kind === "arg"
          ? ins.declarations[0]?.nameRange
          : ins.kind === "from"
            ? ins.stageName?.range
            : undefined;
      out.push({
        range: at ?? ins.keywordRange,
        message: `The comment above is read as the description of this ${keyword} (docker build --call=outline) and should start with its name: "# ${expected} <description>". Put an empty line between them if it is not a description.`,
      });
    }
    return out;
  },
);
