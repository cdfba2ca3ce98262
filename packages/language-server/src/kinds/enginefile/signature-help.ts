/**
 * Enginefile signature help (LSP `textDocument/signatureHelp`): an instruction's syntax lines as signatures,
 * the active parameter being the flag or argument typed (the trigger characters are in ./capabilities.ts).
 */
import type { AnalyzedEnginefile } from "@enginekit/lint";
import type { ParameterInformation, SignatureHelp, SignatureInformation } from "vscode-languageserver";
import { cursorContext } from "./cursor-context.js";
import { instructionReference } from "./syntax-docs.js";

/** The parameters of a syntax line: `[…]` groups, `<…>` placeholders and words after the keyword. */
function parametersOf(syntax: string): string[] {
  const rest = syntax.slice(syntax.indexOf(" ") + 1);
  return rest.match(/\[[^\]]*\]|\S+/g) ?? [];
}

/**
 * Signature help inside an instruction: its syntax lines as signatures, the active parameter being the
 * flag being typed, or otherwise the n-th argument after the flags.
 */
export function enginefileSignatureHelp(file: AnalyzedEnginefile, offset: number): SignatureHelp | null {
  const ctx = cursorContext(file, offset);
  const ins = ctx.instruction;
  if (!ins || ctx.inHeredoc || offset <= ins.keywordRange.end.offset) return null;
  const ref = instructionReference(ins.keyword);
  if (!ref) return null;
  const typed = file.text
    .slice(ins.keywordRange.end.offset, ctx.wordStart)
    .split(/\s+/)
    .filter((w) => w && w !== "\\");
  const signatures: SignatureInformation[] = ref.syntax.map((label) => ({
    label,
    parameters: parametersOf(label).map((p): ParameterInformation => ({ label: p })),
  }));
  const params = parametersOf(ref.syntax[0]!);
  let active: number;
  if (ctx.word.startsWith("--")) {
    const name = ctx.word.slice(2).split("=")[0];
    active = Math.max(
      0,
      params.findIndex((p) => p.includes(`--${name}`)),
    );
  } else {
    const firstPlain = params.findIndex((p) => !p.startsWith("[--"));
    const args = typed.filter((w) => !w.startsWith("--")).length;
    active = Math.min(params.length - 1, Math.max(0, firstPlain) + args);
  }
  return {
    signatures,
    activeSignature: ins.kind === "healthcheck" && /NONE/i.test(ins.original) ? 1 : 0,
    activeParameter: Math.max(0, active),
  };
}
