/**
 * `occurrencesAt`: the stage or variable under a cursor and all its occurrences (declaration first), bound
 * by the engine's scoping, for definition, references, highlight and rename.
 */
import type { Instruction, Stage } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { instructionAt } from "./cursor-context.js";
import { declarationsOf, nameSpan, variableAt } from "./variable-at.js";

/** One occurrence of a stage or variable name: offsets of the name and whether it declares it. */
interface Occurrence {
  start: number;
  end: number;
  declaration: boolean;
}

/** The symbol under a cursor and all its occurrences in the file (declaration first). */
export interface SymbolOccurrences {
  kind: "stage" | "variable";
  name: string;
  occurrences: Occurrence[];
}

function stageOccurrences(file: AnalyzedEnginefile, stage: Stage): SymbolOccurrences | undefined {
  const decl = stage.from.stageName;
  if (!decl || !stage.name) return undefined;
  const occurrences: Occurrence[] = [
    { start: decl.range.start.offset, end: decl.range.end.offset, declaration: true },
  ];
  for (const ref of file.graph.references) {
    if (ref.stage === stage && ref.written.toLowerCase() === stage.name)
      occurrences.push({ start: ref.range.start.offset, end: ref.range.end.offset, declaration: false });
  }
  return { kind: "stage", name: stage.name, occurrences };
}

function stageAt(file: AnalyzedEnginefile, offset: number): Stage | undefined {
  for (const stage of file.doc.stages) {
    const n = stage.from.stageName;
    if (n && n.range.start.offset <= offset && offset <= n.range.end.offset) return stage;
  }
  for (const ref of file.graph.references) {
    if (ref.stage && ref.range.start.offset <= offset && offset <= ref.range.end.offset) return ref.stage;
  }
  return undefined;
}

/** The instruction that declares what `name` means at `ins` (ENV/ARG), or `ins` for a declaration. */
function declaringInstruction(
  file: AnalyzedEnginefile,
  ins: Instruction,
  name: string,
  declaration: boolean,
): Instruction | undefined {
  if (declaration) return ins;
  return file.scopes.get(ins)?.get(name)?.instruction;
}

function variableOccurrences(file: AnalyzedEnginefile, name: string, target: Instruction): SymbolOccurrences {
  const occurrences: Occurrence[] = [];
  const visit = (ins: Instruction) => {
    if (ins === target)
      for (const d of declarationsOf(ins))
        if (d.name === name) occurrences.unshift({ start: d.start, end: d.end, declaration: true });
    for (const ref of ins.variables) {
      if (ref.name !== name) continue;
      if (file.scopes.get(ins)?.get(name)?.instruction === target)
        occurrences.push({ ...nameSpan(ref), declaration: false });
    }
  };
  for (const ins of file.doc.instructions) {
    visit(ins);
    if (ins.kind === "onbuild" && ins.trigger) visit(ins.trigger);
  }
  return { kind: "variable", name, occurrences };
}

/**
 * The stage or variable at `offset` and every occurrence of it (task §2: definition, references,
 * highlight, rename). Stages: the `AS` name and every FROM / `--from` / `--mount from=` written with
 * that name. Variables: the ENV/ARG declaration that the engine's scoping (computeScopes) binds at each
 * reference, and the references it binds. Undefined when the cursor is on neither.
 */
export function occurrencesAt(file: AnalyzedEnginefile, offset: number): SymbolOccurrences | undefined {
  const stage = stageAt(file, offset);
  if (stage) return stageOccurrences(file, stage);
  const ins = instructionAt(file, offset);
  const variable = variableAt(ins, offset);
  if (!variable) return undefined;
  const target = declaringInstruction(file, variable.instruction, variable.name, variable.declaration);
  if (!target)
    return {
      kind: "variable",
      name: variable.name,
      occurrences: [{ start: variable.start, end: variable.end, declaration: false }],
    };
  return variableOccurrences(file, variable.name, target);
}
