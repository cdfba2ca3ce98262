/**
 * `env-self-reference`: an ENV that uses a variable it sets itself (`ENV A=1 B=$A`). The engine expands
 * every value of one ENV with the variables as they were *before* the instruction (BuildKit
 * `dispatchEnv`), so `B` gets the old `A` (often empty), not `1` (hadolint DL3044).
 */
import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "env-self-reference",
    name: "ENV uses a variable it sets",
    description: "An ENV value refers to a variable set earlier in the same ENV instruction.",
    severity: "warning",
    fix: "never",
    docs: `All values of one ENV instruction are expanded with the variables as they were before it: in
\`ENV A=1 B=$A\`, \`B\` gets the previous value of \`A\` (empty, or the base image's), not \`1\`. Split it into two
ENV instructions, or repeat the value. Reported whatever the base image is: the base image may define the
variable, but that is not the value the line appears to use.`,
    peers: ["hadolint DL3044"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nENV APP_HOME=/srv/app APP_DATA=$APP_HOME/data\n" },
      { kind: "valid", code: "FROM alpine:3.20\nENV APP_HOME=/srv/app\nENV APP_DATA=$APP_HOME/data\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of instructionsOfKind(file, "env")) {
      const set = new Set<string>();
      for (const pair of ins.pairs) {
        for (const v of pair.value.variables)
          if (set.has(v.name))
            out.push({
              range: v.range,
              message: `"${v.name}" is set earlier in this ENV, but the engine expands it with its value from before the instruction; move ${pair.key.value}=… to its own ENV.`,
            });
        set.add(pair.key.value);
      }
    }
    return out;
  },
);
