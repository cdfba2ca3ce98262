/**
 * The words the engine itself expands with its shell-word lexer before a step runs (BuildKit
 * `dockerfile2llb` and the `Expand` methods of `instructions/commands.go`): FROM's image and
 * `--platform` (global build arguments only), ENV and LABEL keys and values, ARG names and defaults,
 * COPY/ADD sources, destination, `--from`, `--chown`, `--chmod`, `--checksum`, EXPOSE ports, USER,
 * WORKDIR, VOLUME and STOPSIGNAL values, and `RUN --mount` values. RUN, CMD, ENTRYPOINT, SHELL and
 * HEALTHCHECK commands are not expanded by the engine (the shell does it when the step runs), nor are
 * ONBUILD triggers (expanded in the child build).
 */
import type { Argument, Flag, Instruction } from "@enginekit/enginefile";
import type { Range } from "../model/finding.js";
import type { AnalyzedEnginefile } from "./analysis.js";

/** One word the engine expands: its text as the lexer sees it and where it is written. */
export interface ExpandedWord {
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

function ofArgument(instruction: Instruction, a: Argument): ExpandedWord {
  return { instruction, value: a.value, range: a.range };
}

function ofFlag(instruction: Instruction, f: Flag): ExpandedWord[] {
  return f.value === undefined ? [] : [{ instruction, value: f.value, range: f.valueRange ?? f.range }];
}

function argumentsOf(ins: Instruction): Argument[] {
  switch (ins.kind) {
    case "from":
      return ins.image ? [ins.image] : [];
    case "env":
    case "label":
      return ins.pairs.flatMap((p) => [p.key, p.value]);
    case "arg":
      return ins.args;
    case "expose":
      return ins.args;
    case "copy":
    case "add":
    case "volume":
      // heredoc words (`<<EOF`) name inline sources; they are not expanded
      return ins.form === "exec" ? ins.args : ins.args.filter((a) => !/^[0-9]*<</.test(a.value));
    case "user":
    case "workdir":
    case "stopsignal":
      return ins.value ? [ins.value] : [];
    default:
      return [];
  }
}

/** The words of one instruction that the engine expands, in source order. */
export function expandedWords(ins: Instruction): ExpandedWord[] {
  const flags = FLAGS_EXPANDED[ins.kind] ?? [];
  return [
    ...ins.flags.filter((f) => flags.includes(f.name)).flatMap((f) => ofFlag(ins, f)),
    ...argumentsOf(ins).map((a) => ofArgument(ins, a)),
  ];
}

/** Every word of the file the engine expands (top-level instructions only). */
export function allExpandedWords(file: AnalyzedEnginefile): ExpandedWord[] {
  return file.doc.instructions.flatMap(expandedWords);
}

/** A word the engine's lexer fails on, with the lexer's reason (e.g. `unsupported modifier (x) in substitution`). */
export interface ExpansionError extends ExpandedWord {
  reason: string;
}

const errorsByFile = new WeakMap<AnalyzedEnginefile["doc"], ExpansionError[]>();

/**
 * The expanded words the engine's lexer rejects (computed once per document and shared by the rules
 * that report them). Only syntax errors count: `${v:?message}` fails or not by the build arguments
 * given, so it is not reported.
 */
export function expansionErrors(file: AnalyzedEnginefile): readonly ExpansionError[] {
  let out = errorsByFile.get(file.doc);
  if (!out) {
    out = [];
    for (const w of allExpandedWords(file)) {
      if (!w.value.includes("$") && !/["'\\`]/.test(w.value)) continue;
      const error = file.scopes.get(w.instruction)?.expand(w.value).error;
      const reason = error?.replace(/^failed to process "(?:[^"\\]|\\.)*": /, "");
      if (reason === undefined || /^[A-Za-z_][A-Za-z0-9_]*: /.test(reason)) continue;
      out.push({ ...w, reason });
    }
    errorsByFile.set(file.doc, out);
  }
  return out;
}
