/**
 * Hover on a pattern line of an ignore file: what the pattern does in this build context, from the same
 * analysis and matcher as `enginekit build --list` and the ignore-file rules (`@enginekit/lint`
 * `patternReach`, `regexpConstructs`, `evaluationError`) — how many paths it excludes (or, for `!`,
 * re-includes) on its own, how many of those it still decides once the later lines are applied, the
 * first top-most paths, whether the engine reads it as a regular expression, and the engine's error for
 * a line it refuses or fails on. Comments and blank lines have no hover. Pure: the analysis and the
 * pattern's reach are given.
 */

import { buildFileOfIgnoreFile } from "@enginekit/enginefile";
import {
  type AnalyzedIgnoreFile,
  type AnalyzedIgnoreLine,
  evaluationError,
  ignoreFilesReadBefore,
  type PatternReach,
  regexpConstructs,
} from "@enginekit/lint/files";
import type { Hover } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";

/** `text` as a markdown code span that shows it as is (control characters escaped). */
function codeSpan(text: string): string {
  const shown = /[\u0000-\u001f\u007f]/.test(text) ? JSON.stringify(text) : text;
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = shown.startsWith("`") || shown.endsWith("`") || shown.trim() === "" ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** `1 path`, `12,345 paths`. */
function paths(n: number): string {
  return `${n.toLocaleString("en-US")} path${n === 1 ? "" : "s"}`;
}

/** The line's pattern as written in the file (`!` kept). */
function shownPattern(line: AnalyzedIgnoreLine): string {
  return line.text === "" ? "(empty)" : line.text;
}

/** What the pattern matches in the context, as markdown paragraphs. */
function reachText(line: AnalyzedIgnoreLine, reach: PatternReach, file: AnalyzedIgnoreFile): string[] {
  const exception = line.pattern?.exception === true;
  const complete = file.context?.complete !== false;
  const listed = file.context?.paths.length ?? 0;
  const atLeast = complete ? "" : "at least ";
  const out: string[] = [];
  const verb = exception ? "Re-includes" : "Excludes";
  if (reach.matched === 0) {
    out.push(
      complete
        ? `Matches nothing in this build context (${paths(listed)}): patterns are relative to the context root and match whole paths.`
        : `Matches nothing among the first ${paths(listed)} listed of this build context.`,
    );
  } else {
    out.push(
      `${verb} ${atLeast}**${paths(reach.matched)}** of this build context on its own (the path or a folder above it${exception ? ", when an earlier line excluded it" : ""}).`,
    );
    if (reach.decided !== undefined) {
      const others = reach.matched - reach.decided;
      const still = exception ? "re-included" : "excluded";
      out.push(
        reach.decided === reach.matched
          ? `All of them end up ${still} by this line (the line \`enginekit build --list\` names for them).`
          : `**${reach.decided.toLocaleString("en-US")}** of them end${reach.decided === 1 ? "s" : ""} up ${still} by this line (the line \`enginekit build --list\` names for them); ${others.toLocaleString("en-US")} ${others === 1 ? "is" : "are"} decided by another line (${exception ? "never excluded, or excluded again by a later line" : "already excluded above, matched again by a later line, or re-included by a later `!` line"}).`,
      );
    }
    const shown = reach.tops.map(
      (t) =>
        `- ${codeSpan(t.directory ? `${t.path}/` : t.path)}${t.below > 0 ? ` and ${paths(t.below)} below it` : ""}`,
    );
    const more = reach.topCount - reach.tops.length;
    out.push(`${shown.join("\n")}${more > 0 ? `\n- … and ${more.toLocaleString("en-US")} more` : ""}`);
  }
  if (reach.stoppedBy !== undefined)
    out.push(`**The engine fails on this file in this context** (${reach.stoppedBy}).`);
  if (buildFileOfIgnoreFile(file.fileName) !== undefined)
    out.push(
      `Counted in this file's folder, the context of \`enginekit build <folder>\`; built with \`-f\` from another context, it applies to that context instead.`,
    );
  if (!complete)
    out.push(
      `The build context has more than the ${paths(listed)} listed (setting \`ignoreFiles.maxContextPaths\`, or a listing that took too long): counts are lower bounds.`,
    );
  return out;
}

/**
 * The hover for the 0-based `lineNumber` of an analysed ignore file, or null on a comment, a blank line
 * or a line past the end. `reach` is what the line's pattern matches in the context (undefined when the
 * context is unknown).
 */
export function ignoreFileHover(
  file: AnalyzedIgnoreFile,
  lineNumber: number,
  reach: PatternReach | undefined,
): Hover | null {
  const line = file.patterns.find((p) => p.line === lineNumber + 1);
  if (!line) return null;
  const pattern = line.pattern;
  const parts: string[] = [];
  const kind = pattern?.exception || line.text.startsWith("!") ? "exception (`!`)" : "exclusion";
  parts.push(`${codeSpan(shownPattern(line))} — ignore pattern, ${kind}, line ${line.line}`);
  const first = file.context ? ignoreFilesReadBefore(file.fileName, file.context) : [];
  if (first.length > 0)
    parts.push(
      `**\`enginekit build\` does not read this file** for this folder: it reads ${first.map(codeSpan).join(", then ")} first and never merges patterns (the engine CLI, \`docker build\`, never reads an \`.engineignore\`).`,
    );
  if (line.error !== undefined) {
    parts.push(`**The engine refuses this line**: ${line.error}. The build fails with this error.`);
  } else if (!pattern) {
    parts.push("Nothing is left of this pattern once it is cleaned: the engine skips the line.");
  } else {
    const failure = evaluationError(file, pattern);
    if (failure !== undefined)
      parts.push(
        `**The engine fails on this pattern** when it first evaluates it: ${failure}. Every build whose context reaches this line fails.`,
      );
    const constructs = pattern.compiled.kind === "regexp" ? regexpConstructs(pattern.text) : [];
    if (constructs.length > 0)
      parts.push(
        `The engine reads this pattern as a **regular expression**: ${constructs.join("; ")}. \`enginekit build\` sends what the engine would (docs/build.md).`,
      );
    if (failure === undefined && reach) parts.push(...reachText(line, reach, file));
    else if (failure === undefined && !file.context)
      parts.push("Save the file in a folder to see what it matches there (its folder is the build context).");
  }
  return {
    contents: { kind: "markdown", value: parts.join("\n\n") },
    range: toLspRange(line.range),
  };
}
