/**
 * The `copy-destination-slash` rule: Several sources need a folder destination.
 * Its metadata is its documentation (`docs/rules/copy-destination-slash.md`, `enginekit lint --explain
 * copy-destination-slash`).
 * Same check elsewhere: hadolint DL3021, Trivy DS-0011.
 */
import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "copy-destination-slash",
    name: "Several sources need a folder destination",
    description: "COPY or ADD with several sources whose destination does not end in `/`.",
    severity: "error",
    fix: "always",
    docs: `With more than one source (or a wildcard), the destination must be a folder written with a trailing
\`/\`; otherwise the build fails ("When using COPY with more than one source file, the destination must be a
directory and end with a /"). The quick fix appends \`/\`. Build arguments are resolved first.`,
    peers: ["hadolint DL3021", "Trivy DS-0011"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nCOPY package.json package-lock.json /app\n" },
      { kind: "valid", code: "FROM alpine:3.20\nCOPY package.json package-lock.json /app/\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      if ((ins.kind !== "copy" && ins.kind !== "add") || !ins.destination || ins.heredocs.length > 0)
        continue;
      if (ins.sources.length < 2) continue;
      const dest = file.resolve(ins, ins.destination.value);
      if (dest === undefined || dest.endsWith("/") || dest.endsWith("\\")) continue;
      const d = ins.destination;
      const end = ins.form === "exec" ? d.range.end.offset - 1 : d.range.end.offset;
      out.push({
        range: d.range,
        message: `With ${ins.sources.length} sources the destination "${dest}" must be a folder ending in "/".`,
        fix: { title: "Append /", edits: [file.replace(file.lines.range(end, end), "/")] },
      });
    }
    return out;
  },
);
