/**
 * The variable reference or declaration under a cursor (`variableAt`), its name's offsets and its value in
 * scope, shared by hover, inlay hints and navigation.
 */
import type { Instruction, VariableReference } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";

/** A variable name at a cursor: a reference (`$v`, `${v}`) or a declaration (ARG/ENV name). */
export interface VariableAt {
  name: string;
  instruction: Instruction;
  /** Range of the name itself (offsets), for highlight and rename. */
  start: number;
  end: number;
  declaration: boolean;
}

/** Offsets of the name inside a reference (`${NAME:-x}` → `NAME`). */
export function nameSpan(ref: VariableReference): { start: number; end: number } {
  const start = ref.range.start.offset + (ref.braced ? 2 : 1);
  return { start, end: start + ref.name.length };
}

/** Every declaration (ARG names, ENV keys) of an instruction with the name's offsets. */
export function declarationsOf(ins: Instruction): { name: string; start: number; end: number }[] {
  if (ins.kind === "arg")
    return ins.declarations.map((d) => ({
      name: d.name,
      start: d.nameRange.start.offset,
      end: d.nameRange.end.offset,
    }));
  if (ins.kind === "env")
    return ins.pairs.map((p) => ({
      name: p.key.value,
      start: p.key.range.start.offset,
      end: p.key.range.start.offset + p.key.value.length,
    }));
  return [];
}

/** The variable reference or declaration under `offset` in `ins`, if any. */
export function variableAt(ins: Instruction | undefined, offset: number): VariableAt | undefined {
  if (!ins) return undefined;
  for (const ref of ins.variables) {
    const span = nameSpan(ref);
    if (ref.range.start.offset <= offset && offset <= ref.range.end.offset)
      return { name: ref.name, instruction: ins, ...span, declaration: false };
  }
  for (const d of declarationsOf(ins)) {
    if (d.start <= offset && offset <= d.end) return { ...d, instruction: ins, declaration: true };
  }
  return undefined;
}

/** The value a variable has for `ins` (its scope), as a display string. */
export function describeBinding(
  file: AnalyzedEnginefile,
  ins: Instruction,
  name: string,
): string | undefined {
  const binding = file.scopes.get(ins)?.get(name);
  if (!binding) return undefined;
  return binding.value === undefined
    ? `\`${name}\` is declared (${binding.kind}) but has no value here.`
    : `\`${name}\` = \`${binding.value}\` (${binding.kind})`;
}
