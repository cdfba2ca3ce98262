/**
 * The report of a failed BuildKit build, in `docker buildx build`'s shape (docker/buildx
 * `util/progress/printer.go` and `commands/build.go` printing the error's source): the failing step's name
 * and its last log lines between `------` rules, then the Enginefile lines around the instruction the step
 * came from (`>>>` marks it; values assigned to secret-looking names are masked, as the linter's code frames
 * are). Steps BuildKit cancelled because another failed are not reported. The error itself is the command's
 * own last line (`enginekit: build failed: …`).
 */
import type { VertexState } from "@enginekit/build-context";
import { escapeForTerminal } from "@enginekit/node-io";
import { redactSecretValues } from "@enginekit/text";
import type { StepSourceMap } from "./step-source.js";

/** Log lines of the failing step shown (buildx shows the last lines of a failed step too). */
const FAILED_LOG_LINES = 20;
/** Enginefile lines shown before and after the failing instruction. */
const CONTEXT_LINES = 2;

const CANCELLED = /context canceled|^canceled$/;

/** The step to report: the first failed vertex that was not merely cancelled. */
function failedStep(vertexes: readonly VertexState[]): VertexState | undefined {
  const failed = vertexes.filter((v) => v.error !== "");
  return failed.find((v) => !CANCELLED.test(v.error)) ?? failed[0];
}

/**
 * The report text (ending with a newline), or `""` when no step failed (the engine refused the build
 * before running anything). `enginefileName` is the name shown (`Enginefile`, `docker/web.Dockerfile`);
 * `mask` hides secret values in log lines.
 */
export function failureReport(
  vertexes: readonly VertexState[],
  sources: { map: StepSourceMap; lines: readonly string[]; name: string } | undefined,
  mask: (text: string) => string,
): string {
  const step = failedStep(vertexes);
  if (!step) return "";
  const out: string[] = ["------", ` > ${escapeForTerminal(mask(step.name))}:`];
  const logs = [...step.lines, ...(step.partial ? [step.partial] : [])].slice(-FAILED_LOG_LINES);
  for (const line of logs) out.push(escapeForTerminal(mask(line)));
  out.push("------");
  const source = sources?.map.find(step.name);
  if (source && sources) {
    const first = Math.max(0, source.startLine - CONTEXT_LINES);
    const last = Math.min(sources.lines.length - 1, source.endLine + CONTEXT_LINES);
    const width = String(last + 1).length;
    out.push(`${escapeForTerminal(sources.name)}:${source.startLine + 1}`, "--------------------");
    for (let i = first; i <= last; i++) {
      const marker = i >= source.startLine && i <= source.endLine ? ">>>" : "   ";
      const text = escapeForTerminal(redactSecretValues(sources.lines[i] ?? ""));
      out.push(` ${String(i + 1).padStart(width)} | ${marker} ${text}`.trimEnd());
    }
    out.push("--------------------");
  }
  return `${out.join("\n")}\n`;
}
