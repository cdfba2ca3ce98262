/**
 * The `stopsignal-invalid` rule: Invalid STOPSIGNAL.
 * Its metadata is its documentation (`docs/rules/stopsignal-invalid.md`, `enginekit lint --explain
 * stopsignal-invalid`).
 * Same check elsewhere: dockerfile-utils INVALID_SIGNAL.
 */
import { parseSignal } from "@enginekit/enginefile";
import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "stopsignal-invalid",
    name: "Invalid STOPSIGNAL",
    description: "A STOPSIGNAL that is neither a signal name nor a non-zero signal number.",
    severity: "error",
    fix: "never",
    docs: `STOPSIGNAL takes a signal name (\`SIGTERM\`, \`TERM\`, \`SIGRTMIN+3\`, any case) or a non-zero number.
The engine accepts anything at build time but fails when the container is created or stopped.
Values with build arguments are resolved first; an unresolved value is not checked.`,
    peers: ["dockerfile-utils INVALID_SIGNAL"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nSTOPSIGNAL SIGTERMINATE\n" },
      { kind: "valid", code: "FROM alpine:3.20\nSTOPSIGNAL SIGQUIT\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of instructionsOfKind(file, "stopsignal")) {
      if (!ins.value) continue;
      const value = file.resolve(ins, ins.value.value);
      if (value === undefined) continue;
      const r = parseSignal(value);
      if (!r.ok) out.push({ range: ins.value.range, message: `"${value}" is not a signal: ${r.error}.` });
    }
    return out;
  },
);
