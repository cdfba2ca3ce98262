/**
 * The shell scripts of an Enginefile that ShellCheck can check, each with its shell and a map back to
 * the Enginefile: every shell-form RUN (ONBUILD RUN triggers included) under a POSIX shell or bash, as
 * BuildKit hands it to the shell (`shellcheck/scripts` follows hadolint's `Shellcheck.hs` in what it
 * skips: exec form, PowerShell/cmd `SHELL`s, heredocs whose `#!` names another interpreter). A RUN that is
 * only heredocs (`RUN <<EOF`) is checked as its bodies; `RUN bash <<EOF` as its line and its body.
 */

import type { Heredoc, RunInstruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import { instructionsOfKind } from "../enginefile/instructions.js";
import { shellName, shellOf } from "../enginefile/shell/command-index.js";
import { instructionScript, ScriptSource } from "../enginefile/shell/script-source.js";
import { shebangProgram } from "../enginefile/shell/simple-commands.js";

/** The dialects ShellCheck knows (`--shell`, `# shellcheck shell=`). */
type ShellcheckDialect = "sh" | "bash" | "dash" | "ksh" | "busybox";

/** One script to check: its text, its dialect and where its characters come from. */
export interface ShellcheckScript {
  instruction: RunInstruction;
  dialect: ShellcheckDialect;
  text: string;
  source: ScriptSource;
}

const DIALECTS: Record<string, ShellcheckDialect> = {
  sh: "sh",
  ash: "busybox",
  busybox: "busybox",
  bash: "bash",
  dash: "dash",
  ksh: "ksh",
  mksh: "ksh",
};

/** The dialect of a program name, undefined when ShellCheck cannot check it (zsh, pwsh, cmd, python …). */
function dialectOf(program: string): ShellcheckDialect | undefined {
  return DIALECTS[program];
}

/** A heredoc body as a script of its own, mapped one to one to the Enginefile. */
function bodyScript(file: AnalyzedEnginefile, h: Heredoc): ScriptSource | undefined {
  const s = h.bodyRange.start.offset;
  const e = h.bodyRange.end.offset;
  if (file.text.slice(s, e) !== h.content) return undefined;
  return new ScriptSource(h.content, [0], [s], [h.content.length]);
}

/** Matches a RUN's line when it holds only heredoc markers (`<<EOF`, `<<-"EOF" <<EOT`). */
const ONLY_HEREDOCS = /^\s*(\d*<<-?\s*(['"]?)[^\s'"]+\2\s*)+$/;

/** Every script of the file ShellCheck can check, in source order. */
export function shellcheckScripts(file: AnalyzedEnginefile): ShellcheckScript[] {
  const out: ShellcheckScript[] = [];
  for (const run of instructionsOfKind(file, "run")) {
    if (run.form !== "shell") continue;
    const dialect = dialectOf(shellName(shellOf(file, run)));
    if (!dialect) continue;
    const line = instructionScript(file.text, run, file.doc.escapeCharacter);
    const head = file.source(run.argumentsRange);
    const bare = run.heredocs.length > 0 && ONLY_HEREDOCS.test(head);
    if (!bare) out.push({ instruction: run, dialect, text: line.text, source: line });
    // heredoc bodies run as scripts: by the RUN itself (bare) or by a shell reading them (`bash <<EOF`)
    const reader = bare ? undefined : dialectOf(head.trim().split(/\s+/)[0]?.split("/").pop() ?? "");
    if (!bare && !reader) continue;
    for (const h of run.heredocs) {
      const program = shebangProgram(h.content);
      const bodyDialect = program === undefined ? (reader ?? dialect) : dialectOf(program);
      const source = bodyDialect ? bodyScript(file, h) : undefined;
      if (source && bodyDialect)
        out.push({ instruction: run, dialect: bodyDialect, text: source.text, source });
    }
  }
  return out;
}
