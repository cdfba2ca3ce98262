/**
 * The `undefined-variable` rule: Undefined variable.
 * Its metadata is its documentation (`docs/rules/undefined-variable.md`, `enginekit lint --explain
 * undefined-variable`).
 * Same check elsewhere: BuildKit UndefinedVar.
 */
import type { Instruction, Stage, VariableReference } from "@enginekit/enginefile";
import { closestMatch } from "@enginekit/manifests/schema-free";
import type { AnalyzedEnginefile } from "../../enginefile/analysis.js";
import { allInstructions } from "../../enginefile/instructions.js";
import { WELL_KNOWN_VARIABLES } from "../../enginefile/well-known-variables.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const NO_REFERENCES: readonly VariableReference[] = Object.freeze([]);

/** Instructions whose arguments the engine expands at build time (BuildKit's expansion list). */
const EXPANDED = new Set([
  "add",
  "copy",
  "env",
  "expose",
  "label",
  "stopsignal",
  "user",
  "volume",
  "workdir",
  "arg",
]);

function checkedReferences(ins: Instruction): readonly VariableReference[] {
  if (EXPANDED.has(ins.kind)) return ins.variables;
  if (ins.kind === "run") {
    if (ins.flags.length === 0) return NO_REFERENCES;
    const flagEnd = ins.flags.at(-1)?.range.end.offset ?? -1;
    return ins.variables.filter((v) => v.range.end.offset <= flagEnd);
  }
  return NO_REFERENCES;
}

/** True when the stage's base chain ends in `scratch`, so every variable it sees is declared in the file. */
function startsFromScratch(file: AnalyzedEnginefile, stage: Stage | undefined): boolean {
  const seen = new Set<Stage>();
  for (let s = stage; s && !seen.has(s); ) {
    seen.add(s);
    const base = file.graph.baseOf(s);
    if (!base) return false;
    if (!base.stage) return base.expanded.toLowerCase() === "scratch";
    s = base.stage;
  }
  return false;
}

/**
 * The variable every image sets that `name` is one slip away from (one character added, dropped or
 * changed, or two neighbours swapped: `$PAHT`, `$HOEM`), or undefined. Stricter than the suggestions
 * among declared names: a base image may well set `$HOST` on purpose.
 */
function oneSlipFromWellKnown(name: string): string | undefined {
  for (const known of WELL_KNOWN_VARIABLES) {
    if (Math.abs(known.length - name.length) > 1 || known === name) continue;
    let i = 0;
    while (i < known.length && known[i] === name[i]) i++;
    const rest = (a: string, b: string) => a.slice(i + 1) === b.slice(i + 1);
    const swapped =
      known[i] === name[i + 1] && known[i + 1] === name[i] && known.slice(i + 2) === name.slice(i + 2);
    if (
      (known.length === name.length && (rest(known, name) || swapped)) ||
      known.slice(i + 1) === name.slice(i) ||
      known.slice(i) === name.slice(i + 1)
    )
      return known;
  }
  return undefined;
}

/** The ARG or ENV of `stage` after `ins` that declares `name`, if any (the use comes too early). */
function declaredLater(stage: Stage | undefined, ins: Instruction, name: string): Instruction | undefined {
  if (!stage) return undefined;
  const at = ins.range.start.offset;
  return stage.instructions.find(
    (i) =>
      i.range.start.offset > at &&
      ((i.kind === "arg" && i.declarations.some((d) => d.name === name)) ||
        (i.kind === "env" && i.pairs.some((p) => p.key.value === name))),
  );
}

export default enginefileRule(
  {
    id: "undefined-variable",
    name: "Undefined variable",
    description: "A variable used before any ARG or ENV declares it, in an instruction the engine expands.",
    severity: "warning",
    fix: "sometimes",
    docs: `BuildKit's UndefinedVar semantics: in ADD, COPY, ENV, EXPOSE, LABEL, STOPSIGNAL, USER, VOLUME, WORKDIR,
ARG defaults and RUN flags, a \`$VAR\` that no earlier ARG or ENV of the stage (or a parent stage's ENV)
declares expands to an empty string — usually a typo or a missing \`ARG NAME\` after FROM (global ARGs are
not visible inside stages until re-declared). Shell-form RUN, CMD and ENTRYPOINT are left to the shell.
References with a default (\`\${VAR:-x}\`, \`\${VAR-x}\`) and the predefined proxy ARGs are not reported. A base
image's ENV is not known offline (docker/buildx#2751), so in a stage built from an image a variable is
reported only when it is one typo away from a declared name or a variable every image sets such as \`PATH\`
(the quick fix uses that name), when the stage declares it only later, or when it is a global ARG the stage
forgot to re-declare; in stages built from \`scratch\` every undeclared variable is reported.`,
    peers: ["BuildKit UndefinedVar"],
    examples: [
      { kind: "invalid", code: "ARG VERSION=1.0\nFROM alpine:3.20\nLABEL version=$VERSION\n" },
      { kind: "invalid", code: "FROM alpine:3.20\nARG APP_DIR=/app\nWORKDIR $APP_DRI\n" },
      {
        kind: "valid",
        code: "ARG VERSION=1.0\nFROM alpine:3.20\nARG VERSION\nLABEL version=$VERSION\nENV PATH=/app/bin:$PATH\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      const references = checkedReferences(ins);
      if (references.length === 0) continue;
      if (!file.stageOf(ins) && ins.kind !== "arg") continue;
      const scope = file.scopes.get(ins);
      if (!scope) continue;
      for (const v of references) {
        if (v.operator !== undefined || scope.get(v.name) || WELL_KNOWN_VARIABLES.has(v.name)) continue;
        const guess =
          closestMatch(
            v.name,
            scope
              .bindings()
              .filter((b) => b.kind !== "automatic-arg")
              .map((b) => b.name),
          ) ?? oneSlipFromWellKnown(v.name);
        const global = file.doc.globalArgs.some((a) => a.declarations.some((d) => d.name === v.name));
        const later = declaredLater(file.stageOf(ins), ins, v.name);
        // a base image's ENV is unknown offline: without a likely typo, a global ARG to re-declare or a
        // declaration after the use, only stages built from scratch are sure to lack the variable
        if (!guess && !global && !later && !startsFromScratch(file, file.stageOf(ins))) continue;
        const hint = guess
          ? ` Did you mean ${guess}?`
          : later
            ? ` It is declared on line ${later.range.start.line + 1}, after this use: move that ${later.keyword.toUpperCase()} up.`
            : global
              ? ` It is a global ARG: declare "ARG ${v.name}" in this stage to use it.`
              : "";
        out.push({
          range: v.range,
          message: `Variable "${v.name}" is not declared before this ${ins.keyword.toUpperCase()}; it expands to an empty string.${hint}`,
          ...(guess
            ? {
                fix: {
                  title: `Use ${guess}`,
                  edits: [file.replace(v.range, file.source(v.range).replace(v.name, guess))],
                },
              }
            : {}),
        });
      }
    }
    return out;
  },
);
