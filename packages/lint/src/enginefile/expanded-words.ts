/**
 * The words the engine itself expands with its shell-word lexer before a step runs (BuildKit
 * `dockerfile2llb` and the `Expand` methods of `instructions/commands.go`): FROM's image and
 * `--platform` (global build arguments only), ENV and LABEL keys and values, ARG names and defaults,
 * COPY/ADD sources, destination, `--from`, `--chown`, `--chmod`, `--checksum`, EXPOSE ports, USER,
 * WORKDIR, VOLUME and STOPSIGNAL values, and `RUN --mount` values. RUN, CMD, ENTRYPOINT, SHELL and
 * HEALTHCHECK commands are not expanded by the engine (the shell does it when the step runs), nor are
 * ONBUILD triggers (expanded in the child build).
 */
import type { Instruction } from "@enginekit/enginefile";
import type { Range } from "../model/finding.js";
import type { AnalyzedEnginefile } from "./analysis.js";
import { DocumentCache } from "./document-cache.js";

/** One word the engine expands: its text as the lexer sees it and where it is written. */
interface ExpandedWord {
  instruction: Instruction;
  value: string;
  range: Range;
}

const FLAGS_EXPANDED: Readonly<Record<string, readonly string[]>> = {
  from: ["platform"],
  copy: ["from", "chown", "chmod"],
  add: ["chown", "chmod", "checksum"],
  run: ["mount"],
};

const HEREDOC_WORD = /^[0-9]*<</;

/** Calls `each` with every word of `ins` the engine expands, in source order: expanded flags, then arguments. */
function eachExpanded(
  ins: Instruction,
  each: (instruction: Instruction, value: string, range: Range) => void,
): void {
  const flags = FLAGS_EXPANDED[ins.kind];
  if (flags)
    for (const f of ins.flags)
      if (f.value !== undefined && flags.includes(f.name)) each(ins, f.value, f.valueRange ?? f.range);
  switch (ins.kind) {
    case "from":
      if (ins.image) each(ins, ins.image.value, ins.image.range);
      return;
    case "env":
    case "label":
      for (const p of ins.pairs) {
        each(ins, p.key.value, p.key.range);
        each(ins, p.value.value, p.value.range);
      }
      return;
    case "arg":
    case "expose":
      for (const a of ins.args) each(ins, a.value, a.range);
      return;
    case "copy":
    case "add":
    case "volume":
      // heredoc words (`<<EOF`) name inline sources; they are not expanded
      for (const a of ins.args)
        if (ins.form === "exec" || !HEREDOC_WORD.test(a.value)) each(ins, a.value, a.range);
      return;
    case "user":
    case "workdir":
    case "stopsignal":
      if (ins.value) each(ins, ins.value.value, ins.value.range);
      return;
    default:
      return;
  }
}

/** A word the engine's lexer fails on, with the lexer's reason (e.g. `unsupported modifier (x) in substitution`). */
export interface ExpansionError extends ExpandedWord {
  reason: string;
}

/** What a word the lexer can fail on has: `$`, a quote, `\\` or `` ` ``. */
const MAY_FAIL = /[$"'\\`]/;

const errorsByFile = new DocumentCache<ExpansionError[]>("expansionErrors");

/**
 * The expanded words the engine's lexer rejects (computed once per document and shared by the rules
 * that report them). Only syntax errors count: `${v:?message}` fails or not by the build arguments
 * given, so it is not reported.
 */
export function expansionErrors(file: AnalyzedEnginefile): readonly ExpansionError[] {
  let out = errorsByFile.get(file.doc);
  if (!out) {
    const found: ExpansionError[] = [];
    // only words with `$`, a quote, `\\` or `` ` `` can fail: the others are not expanded at all
    const each = (instruction: Instruction, value: string, range: Range): void => {
      if (!MAY_FAIL.test(value)) return;
      const error = file.scopes.get(instruction)?.expand(value).error;
      const reason = error?.replace(/^failed to process "(?:[^"\\]|\\.)*": /, "");
      if (reason === undefined || /^[A-Za-z_][A-Za-z0-9_]*: /.test(reason)) return;
      found.push({ instruction, value, range, reason });
    };
    for (const ins of file.doc.instructions) eachExpanded(ins, each);
    out = found;
    errorsByFile.set(file.doc, out);
  }
  return out;
}
