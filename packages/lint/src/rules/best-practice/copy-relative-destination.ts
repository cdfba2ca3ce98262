/**
 * The `copy-relative-destination` rule: Relative COPY destination without WORKDIR.
 * Its metadata is its documentation (`docs/rules/copy-relative-destination.md`, `enginekit lint --explain
 * copy-relative-destination`).
 * Same check elsewhere: hadolint DL3045.
 */
import { stageLineage } from "../../enginefile/stage-parents.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** An absolute destination: `/x` or a Windows drive (`C:\x`, `c:/x`). */
const ABSOLUTE = /^(\/|[A-Za-z]:[\\/])/;

export default enginefileRule(
  {
    id: "copy-relative-destination",
    name: "Relative COPY destination without WORKDIR",
    description: "COPY or ADD copies to a relative path in a stage where no WORKDIR was set.",
    severity: "warning",
    fix: "never",
    docs: `A relative destination is relative to the working directory, which without a WORKDIR in the stage
(or in the stage it is built from) is whatever the base image chose — often \`/\`, sometimes not. Set
\`WORKDIR\` first, or copy to an absolute path.`,
    peers: ["hadolint DL3045"],
    examples: [
      { kind: "invalid", code: "FROM node:22\nCOPY package.json .\n" },
      { kind: "valid", code: "FROM node:22\nWORKDIR /app\nCOPY package.json .\nCOPY tsconfig.json /app/\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const stage of file.doc.stages) {
      let set = stageLineage(file, stage)
        .slice(1)
        .some((s) => s.instructions.some((i) => i.kind === "workdir"));
      for (const ins of stage.instructions) {
        if (ins.kind === "workdir") set = true;
        if ((ins.kind !== "copy" && ins.kind !== "add") || set) continue;
        const dest = ins.destination;
        // the path the engine copies to: quotes removed, variables expanded (unknown ones: not judged)
        const path = dest && file.resolve(ins, dest.value);
        // as written too: an unquoted Windows path (`C:\app`) loses its backslashes to the default escape
        if (!dest || path === undefined || ABSOLUTE.test(path) || ABSOLUTE.test(dest.value)) continue;
        out.push({
          range: dest.range,
          message: `"${path}" is relative to a working directory this stage never set; add WORKDIR first or use an absolute path.`,
        });
      }
    }
    return out;
  },
);
