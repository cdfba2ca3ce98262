/**
 * The `duplicate-stage-name` rule: Duplicate stage name.
 * Its metadata is its documentation (`docs/rules/duplicate-stage-name.md`, `enginekit lint --explain
 * duplicate-stage-name`).
 * Same check elsewhere: hadolint DL3024, BuildKit DuplicateStageName, Trivy DS-0012, Checkov CKV_DOCKER_11.
 */
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "duplicate-stage-name",
    name: "Duplicate stage name",
    description: "Two stages have the same name (compared case-insensitively).",
    severity: "error",
    fix: "never",
    docs: "Stage names must be unique: the engine fails the build when two FROM lines use the same `AS` name.",
    peers: ["hadolint DL3024", "BuildKit DuplicateStageName", "Trivy DS-0012", "Checkov CKV_DOCKER_11"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20 AS build\nFROM alpine:3.20 AS Build\n" },
      { kind: "valid", code: "FROM alpine:3.20 AS build\nFROM alpine:3.20 AS test\n" },
    ],
  },
  (file) => {
    const seen = new Map<string, number>();
    const out: Report[] = [];
    for (const s of file.doc.stages) {
      if (s.name === undefined || !s.from.stageName) continue;
      const first = seen.get(s.name);
      if (first !== undefined)
        out.push({
          range: s.from.stageName.range,
          message: `Stage name "${s.from.stageName.value}" is already used by stage ${first} (line ${(file.doc.stages[first]?.from.range.start.line ?? 0) + 1}).`,
        });
      else seen.set(s.name, s.index);
    }
    return out;
  },
);
