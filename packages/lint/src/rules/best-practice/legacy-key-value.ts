/**
 * The `legacy-key-value` rule: Legacy ENV/LABEL form.
 * Its metadata is its documentation (`docs/rules/legacy-key-value.md`, `enginekit lint --explain
 * legacy-key-value`).
 * Same check elsewhere: BuildKit LegacyKeyValueFormat.
 */
import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "legacy-key-value",
    name: "Legacy ENV/LABEL form",
    description: "`ENV key value` or `LABEL key value` without `=`.",
    severity: "warning",
    fix: "sometimes",
    docs: `The whitespace form takes the whole rest of the line as one value (\`ENV A b C=d\` sets A to \`b C=d\`) and
is deprecated. Write \`ENV key=value\`. The quick fix rewrites it, quoting the value when it has blanks
(only when the value has no quotes or backslashes, so nothing changes meaning).`,
    peers: ["BuildKit LegacyKeyValueFormat"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nENV APP_HOME /srv/app\nLABEL maintainer Jane Doe\n" },
      { kind: "valid", code: 'FROM alpine:3.20\nENV APP_HOME=/srv/app\nLABEL maintainer="Jane Doe"\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      if (ins.kind !== "env" && ins.kind !== "label") continue;
      for (const pair of ins.pairs) {
        if (!pair.legacy) continue;
        const key = pair.key.value;
        const value = pair.value.value;
        const range = file.lines.range(pair.key.range.start.offset, pair.value.range.end.offset);
        const safe = !/["'\\\n]/.test(value) && !file.source(range).includes("\n");
        const written = /\s/.test(value) || value === "" ? `"${value}"` : value;
        out.push({
          range: pair.key.range,
          message: `Use ${ins.keyword.toUpperCase()} ${key}=<value>; the form without "=" is deprecated.`,
          ...(safe
            ? { fix: { title: `Write ${key}=…`, edits: [file.replace(range, `${key}=${written}`)] } }
            : {}),
        });
      }
    }
    return out;
  },
);
