import type { Range } from "../model/finding.js";

/** Where a suppression comment applies. */
export type SuppressionScope = "next" | "stage" | "file";

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
}

const PRAGMA = /^\s*enginekit-ignore(-file|-stage)?(?=\s|$)(.*)$/;

/** The parts of a comment's text (after `#`) if it is a suppression comment, with offsets into the text. */
export function parsePragma(
  text: string,
):
  | { scope: SuppressionScope; ids: { id: string; start: number; end: number }[]; reason: string | undefined }
  | undefined {
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
  const ids: { id: string; start: number; end: number }[] = [];
  const re = /[^\s,]+/g;
  for (let x = re.exec(rest); x; x = re.exec(rest)) {
    ids.push({ id: x[0], start: restStart + x.index, end: restStart + x.index + x[0].length });
  }
  return { scope, ids, reason };
}
