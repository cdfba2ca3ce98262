/**
 * The `unknown-flag` rule: Unknown, misplaced or repeated flag.
 * Its metadata is its documentation (`docs/rules/unknown-flag.md`, `enginekit lint --explain unknown-flag`).
 * Same check elsewhere: dockerfile-utils FLAG_UNKNOWN / FLAG_DUPLICATE / FLAG_MISSING_VALUE.
 */
import { closestMatch } from "@enginekit/manifests/schema-free";
import {
  BOOLEAN_FLAGS,
  INSTRUCTION_FLAGS,
  instructionsAccepting,
  REPEATABLE_FLAGS,
} from "../../enginefile/flags.js";
import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "unknown-flag",
    name: "Unknown, misplaced or repeated flag",
    description:
      "A flag the instruction does not accept, a flag given twice, or a value flag without a value.",
    severity: "error",
    fix: "never",
    docs: `Each instruction accepts a fixed set of flags (\`COPY --from\`, \`RUN --mount\`, \`HEALTHCHECK --interval\` …).
The engine fails the build on any other flag, on a flag repeated where only one is allowed, and on a
value flag written without \`=value\`. When the flag belongs to another instruction the message says which.`,
    peers: ["dockerfile-utils FLAG_UNKNOWN / FLAG_DUPLICATE / FLAG_MISSING_VALUE"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nADD --from=build /app /app\n" },
      { kind: "invalid", code: "FROM alpine:3.20\nCOPY --chown app /app\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20 AS build\nFROM alpine:3.20\nCOPY --from=build --chown=app /app /app\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      if (ins.kind === "unknown" || ins.kind === "onbuild" || ins.flags.length === 0) continue;
      const allowed = INSTRUCTION_FLAGS[ins.kind] ?? [];
      const seen = new Set<string>();
      for (const flag of ins.flags) {
        // the flag's name with its leading "--"
        const nameRange = file.lines.range(flag.range.start.offset, flag.nameRange.end.offset);
        const keyword = ins.keyword.toUpperCase();
        if (!allowed.includes(flag.name)) {
          const elsewhere = instructionsAccepting(flag.name).map((k) => k.toUpperCase());
          const guess = elsewhere.length === 0 ? closestMatch(flag.name, allowed) : undefined;
          const hint =
            elsewhere.length > 0
              ? ` --${flag.name} is a flag of ${elsewhere.join(" and ")}.`
              : guess
                ? ` Did you mean --${guess}?`
                : allowed.length > 0
                  ? ` ${keyword} accepts ${allowed.map((f) => `--${f}`).join(", ")}.`
                  : ` ${keyword} accepts no flags.`;
          out.push({ range: nameRange, message: `Unknown flag --${flag.name} for ${keyword}.${hint}` });
          continue;
        }
        if (seen.has(flag.name) && !REPEATABLE_FLAGS.has(flag.name)) {
          out.push({ range: nameRange, message: `Flag --${flag.name} is given more than once.` });
        }
        seen.add(flag.name);
        if (flag.value === undefined && !BOOLEAN_FLAGS.has(flag.name)) {
          out.push({
            range: flag.range,
            message: `Flag --${flag.name} needs a value: --${flag.name}=<value>.`,
          });
        }
      }
    }
    return out;
  },
);
