/**
 * The `no-empty-continuation` rule: Empty continuation line.
 * Its metadata is its documentation (`docs/rules/no-empty-continuation.md`, `enginekit lint --explain
 * no-empty-continuation`).
 * Same check elsewhere: BuildKit NoEmptyContinuation, dockerfile-utils.
 */
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "no-empty-continuation",
    name: "Empty continuation line",
    description: "An empty line inside a `\\` continuation, which BuildKit says will become an error.",
    severity: "warning",
    fix: "always",
    docs: `An empty line in the middle of a continued instruction is skipped today, but BuildKit warns that it
will become an error. The quick fix deletes the empty line.`,
    peers: ["BuildKit NoEmptyContinuation", "dockerfile-utils"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nRUN echo a && \\\n\n  echo b\n" },
      { kind: "valid", code: "FROM alpine:3.20\nRUN echo a && \\\n  echo b\n" },
    ],
  },
  (file) =>
    file.doc.diagnostics
      .filter((d) => d.code === "empty-continuation")
      .map((d) => {
        const line = d.range.start.line;
        const start = file.lines.starts[line] ?? d.range.start.offset;
        const end = file.lines.starts[line + 1] ?? file.text.length;
        return {
          range: d.range,
          message: "Empty continuation line: remove it (BuildKit will make this an error).",
          fix: { title: "Remove the empty line", edits: [file.replace(file.lines.range(start, end), "")] },
        };
      }),
);
