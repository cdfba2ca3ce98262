/**
 * `from-as-casing`: BuildKit's FromAsCasing check — `AS` in FROM cased like the FROM keyword: an upper-case
 * FROM with a non-upper-case `as`, or a lower-case `from` with a non-lower-case `AS`. A keyword that
 * `instruction-casing` rewrites (mixed case, or against the file's majority) is left to it first, so the
 * two quick fixes never disagree; once it is fixed, this rule follows it.
 */
import { instructionsOfKind, majorityKeywordCasing } from "../../enginefile/instructions.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "from-as-casing",
    name: "AS cased like FROM",
    description: "The `AS` of a FROM does not match the casing of the FROM keyword.",
    severity: "style",
    fix: "sometimes",
    docs: `\`FROM alpine:3.20 as build\` mixes casings in one instruction. With an upper-case \`FROM\` write \`AS\`, with
a lower-case \`from\` write \`as\` (BuildKit FromAsCasing). A keyword in mixed case (\`From\`) is reported by
\`instruction-casing\` instead, and so is a FROM against the file's majority casing; once the keyword is
fixed, this rule follows it. The quick fix rewrites \`AS\`.`,
    peers: ["BuildKit FromAsCasing"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20 as build\n" },
      { kind: "valid", code: "FROM alpine:3.20 AS build\nfrom alpine:3.20 as other\n" },
    ],
  },
  (file) =>
    instructionsOfKind(file, "from").flatMap((i) => {
      const as = i.stageName ? i.args[1] : undefined;
      if (!as || as.value.toLowerCase() !== "as") return [];
      const want = majorityKeywordCasing(file) === "upper" ? "AS" : "as";
      // the keyword itself is instruction-casing's to fix first (mixed, or against the majority)
      if (i.keyword !== (want === "AS" ? "FROM" : "from") || as.value === want) return [];
      return [
        {
          range: as.range,
          message: `"${as.value}" should match the casing of ${i.keyword}: write ${want}.`,
          fix: { title: `Write ${want}`, edits: [file.replace(as.range, want)] },
        },
      ];
    }),
);
