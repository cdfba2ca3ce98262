/**
 * `enginekit lint --explain` on a terminal (issue 30): the rule page's Markdown rendered for a terminal
 * (actions/markdown-terminal.ts) from the real generated page, with and without colours; piped, the
 * Markdown itself (lint.test.ts, and the pseudo-terminal test in tools/pack).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { renderMarkdownForTerminal } from "../src/actions/markdown-terminal.js";

const page = readFileSync(
  join(import.meta.dirname, "..", "..", "..", "docs", "rules", "apk-no-cache.md"),
  "utf8",
);
const ESC = "\x1b";

describe("renderMarkdownForTerminal", () => {
  test("a rule page loses its Markdown syntax and keeps its structure", () => {
    const out = renderMarkdownForTerminal(page, false);
    expect(out).not.toContain(ESC);
    expect(out.startsWith("apk-no-cache\n\n")).toBe(true);
    for (const markup of ["```", "|---|", "<!--", "## ", "`apk add`"]) expect(out).not.toContain(markup);
    // the table as aligned columns, the example indented, list items with bullets
    expect(out).toMatch(/^Default severity {2}Applies to {3}Quick fix$/m);
    expect(out).toMatch(/^info {14}Enginefiles {2}always$/m);
    expect(out).toContain("\n    FROM alpine:3.20\n    RUN apk update && apk add curl\n");
    expect(out).toContain("\n• hadolint DL3019\n");
    // a paragraph's own line breaks stay line breaks (not an escaped \x0a)
    expect(out).toContain("Not reported when the RUN\nremoves /var/cache/apk");
  });

  test("with colours: headings bold, code in colour, and every style closed", () => {
    const out = renderMarkdownForTerminal(page, true);
    expect(out.startsWith(`${ESC}[1m${ESC}[4mapk-no-cache${ESC}[24m${ESC}[22m\n`)).toBe(true);
    expect(out).toContain(`${ESC}[36mapk add${ESC}[39m keeps the package index`);
    expect(out).toContain(`${ESC}[1mReported${ESC}[22m`);
  });

  test("control characters in the text are shown as escapes, links as text and address", () => {
    const out = renderMarkdownForTerminal("a \x1b[31mred\n\n[the page](https://example.test/x)\n", false);
    expect(out).toBe("a \\x1b[31mred\n\nthe page (https://example.test/x)\n");
  });
});
