/**
 * The `relative-workdir` rule: Relative WORKDIR.
 * Its metadata is its documentation (`docs/rules/relative-workdir.md`, `enginekit lint --explain
 * relative-workdir`).
 * Same check elsewhere: BuildKit WorkdirRelativePath, hadolint DL3000, Trivy DS-0009, Checkov CKV_DOCKER_10.
 */
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

function isAbsolute(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\");
}

export default enginefileRule(
  {
    id: "relative-workdir",
    name: "Relative WORKDIR",
    description: "A relative WORKDIR in a stage that has not set an absolute one yet.",
    severity: "warning",
    fix: "never",
    docs: `A relative WORKDIR is relative to the base image's working directory, which the Enginefile does not
show (and which changes when the base image does). Set an absolute WORKDIR first; relative ones after it
are fine (BuildKit's WorkdirRelativePath semantics). Build arguments are resolved first.`,
    peers: ["BuildKit WorkdirRelativePath", "hadolint DL3000", "Trivy DS-0009", "Checkov CKV_DOCKER_10"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nWORKDIR app\n" },
      { kind: "valid", code: "FROM alpine:3.20\nWORKDIR /srv\nWORKDIR app\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const absoluteIn = new Set<number>();
    for (const stage of file.doc.stages) {
      const parent = file.graph.baseOf(stage)?.stage;
      let absolute = parent !== undefined && absoluteIn.has(parent.index);
      for (const ins of stage.instructions) {
        if (ins.kind !== "workdir" || !ins.value) continue;
        const path = file.resolve(ins, ins.value.value);
        if (path === undefined) continue;
        if (isAbsolute(path)) absolute = true;
        else if (!absolute)
          out.push({
            range: ins.value.range,
            message: `WORKDIR "${path}" is relative to the base image's working directory; use an absolute path.`,
          });
      }
      if (absolute) absoluteIn.add(stage.index);
    }
    return out;
  },
);
