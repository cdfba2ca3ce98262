/**
 * Suppression comments parsed (`parsePragma`): `# enginekit-ignore[-stage|-file]` and hadolint's
 * `# hadolint ignore=` pragmas, with the offsets of their rule ids.
 */
import type { Range } from "../model/finding.js";

/** Where a suppression comment applies. */
type SuppressionScope = "next" | "stage" | "file";

/**
 * A parsed suppression comment: `# enginekit-ignore <id>[,<id>] [-- reason]` (next instruction, or in a
 * manifest the next line and the block under it), `# enginekit-ignore-stage <ids>` (rest of the stage;
 * in YAML, the rest of the document) and `# enginekit-ignore-file [<ids>]` (whole file; all rules
 * without ids). `ids` is undefined for "all rules".
 */
export interface SuppressionDirective {
  scope: SuppressionScope;
  ids: { id: string; range: Range }[] | undefined;
  reason: string | undefined;
  /** The comment's range. */
  range: Range;
  /** Offsets `[start, end)` of the text whose findings it suppresses. */
  appliesFrom: number;
  appliesTo: number;
  /**
   * Set for another linter's comment that enginekit honours (`# hadolint ignore=DL3008`, BuildKit's
   * `# check=skip=Name` above an instruction, `# dclint disable-line rule` in a Compose file): its ids are that linter's names, and names enginekit has no
   * rule for, or that suppress nothing, are not reported (the comment may serve that linter too).
   */
  foreign?: "hadolint" | "BuildKit" | "dclint";
}

const PRAGMA = /^\s*enginekit-ignore(-file|-stage)?(?=\s|$)(.*)$/;
/** hadolint's pragmas (README "Inline ignores"): `# hadolint ignore=DL3003,SC1035`, `# hadolint global ignore=…`. */
const HADOLINT_PRAGMA = /^\s*hadolint\s+(global\s+)?ignore\s*=\s*(.*)$/;

/** The parts of a comment's text (after `#`) if it is a suppression comment, with offsets into the text. */
export function parsePragma(text: string): ParsedPragma | undefined {
  const h = HADOLINT_PRAGMA.exec(text);
  if (h) {
    const listStart = text.length - (h[2] ?? "").length;
    return {
      scope: h[1] ? "file" : "next",
      ids: wordsOf(h[2] ?? "", listStart),
      reason: undefined,
      foreign: "hadolint",
    };
  }
  const m = PRAGMA.exec(text);
  if (!m) return undefined;
  const scope: SuppressionScope = m[1] === "-file" ? "file" : m[1] === "-stage" ? "stage" : "next";
  const restStart = text.length - (m[2] ?? "").length;
  let rest = m[2] ?? "";
  let reason: string | undefined;
  const dash = rest.indexOf("--");
  if (dash >= 0) {
    reason = rest.slice(dash + 2).trim() || undefined;
    rest = rest.slice(0, dash);
  }
  return { scope, ids: wordsOf(rest, restStart), reason };
}

/** A suppression comment's parts, with offsets of its ids into the comment text. */
export interface ParsedPragma {
  scope: SuppressionScope;
  ids: { id: string; start: number; end: number }[];
  reason: string | undefined;
  foreign?: SuppressionDirective["foreign"];
}

/** The comma- or space-separated words of `list`, with offsets (`list` starts at `offset`). */
function wordsOf(list: string, offset: number): ParsedPragma["ids"] {
  const ids: ParsedPragma["ids"] = [];
  const re = /[^\s,]+/g;
  for (let x = re.exec(list); x; x = re.exec(list))
    ids.push({ id: x[0], start: offset + x.index, end: offset + x.index + x[0].length });
  return ids;
}
