/**
 * Markdown for a terminal (`enginekit lint --explain` when standard output is one, issue 30): marked's
 * lexer (CommonMark + GFM tables) reads the rule page, and this small renderer prints its tokens as a
 * terminal shows them — headings bold, code blocks indented, inline code in colour, list bullets, tables
 * as aligned columns, links as `text (url)`, HTML comments dropped. marked-terminal does the same but
 * brings highlight.js, node-emoji and cli-table3 with it: measured bundled and minified, marked alone is
 * 51 KB (15 KB gzip), marked with marked-terminal 1,564 KB (432 KB gzip), about a third of the bundle.
 * Text is passed through the terminal escaper (docs/security.md "Untrusted text").
 */
import { escapeForTerminal } from "@enginekit/node-io";
import { Lexer, type Token, type Tokens } from "marked";
import { createColors } from "picocolors";

type Colors = ReturnType<typeof createColors>;

/**
 * `markdown` as a terminal shows it: plain text with ANSI styles when `color` is true, without them
 * otherwise (the structure stays: indentation, bullets, columns). Ends with one newline.
 */
export function renderMarkdownForTerminal(markdown: string, color: boolean): string {
  const c = createColors(color);
  const blocks = new Lexer().lex(markdown);
  return `${renderBlocks(blocks, c).join("\n\n")}\n`;
}

function renderBlocks(tokens: readonly Token[], c: Colors): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const text = renderBlock(token, c);
    if (text !== undefined) out.push(text);
  }
  return out;
}

function renderBlock(token: Token, c: Colors): string | undefined {
  switch (token.type) {
    case "heading": {
      const t = token as Tokens.Heading;
      const text = renderInline(t.tokens, c);
      return t.depth === 1 ? c.bold(c.underline(text)) : c.bold(text);
    }
    case "paragraph":
      return renderInline((token as Tokens.Paragraph).tokens, c);
    case "text": {
      const t = token as Tokens.Text;
      return t.tokens ? renderInline(t.tokens, c) : escapeLines(t.text);
    }
    case "code":
      return (token as Tokens.Code).text
        .split("\n")
        .map((line) => `    ${c.cyan(escapeForTerminal(line))}`)
        .join("\n");
    case "blockquote":
      return renderBlocks((token as Tokens.Blockquote).tokens, c)
        .join("\n\n")
        .split("\n")
        .map((line) => `${c.dim("│")} ${line}`)
        .join("\n");
    case "list":
      return renderList(token as Tokens.List, c);
    case "table":
      return renderTable(token as Tokens.Table, c);
    case "hr":
      return c.dim("─".repeat(40));
    // `space` between blocks, and HTML (the generated pages' comments) show nothing
    default:
      return undefined;
  }
}

function renderList(list: Tokens.List, c: Colors): string {
  const start = typeof list.start === "number" ? list.start : 1;
  return list.items
    .map((item, i) => {
      const bullet = list.ordered ? `${start + i}.` : "•";
      const body = renderBlocks(item.tokens, c).join("\n");
      const [first = "", ...rest] = body.split("\n");
      const pad = " ".repeat(bullet.length + 1);
      return [`${bullet} ${first}`, ...rest.map((line) => `${pad}${line}`)].join("\n");
    })
    .join("\n");
}

/** Visible width of styled text: without its SGR sequences. */
function width(text: string): number {
  return [...text.replace(/\x1b\[[0-9;]*m/g, "")].length;
}

function renderTable(table: Tokens.Table, c: Colors): string {
  const header = table.header.map((cell) => c.bold(renderInline(cell.tokens, c)));
  const rows = table.rows.map((row) => row.map((cell) => renderInline(cell.tokens, c)));
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + " ".repeat(Math.max(0, widths[i]! - width(cell))))
      .join("  ")
      .trimEnd();
  return [line(header), c.dim(widths.map((w) => "─".repeat(w)).join("  ")), ...rows.map(line)].join("\n");
}

function renderInline(tokens: readonly Token[] | undefined, c: Colors): string {
  if (!tokens) return "";
  return tokens.map((token) => renderInlineToken(token, c)).join("");
}

function renderInlineToken(token: Token, c: Colors): string {
  switch (token.type) {
    case "strong":
      return c.bold(renderInline((token as Tokens.Strong).tokens, c));
    case "em":
      return c.italic(renderInline((token as Tokens.Em).tokens, c));
    case "del":
      return c.strikethrough(renderInline((token as Tokens.Del).tokens, c));
    case "codespan":
      return c.cyan(escapeForTerminal(unescapeHtml((token as Tokens.Codespan).text)));
    case "link": {
      const t = token as Tokens.Link;
      const text = renderInline(t.tokens, c);
      return t.href === t.text
        ? c.underline(escapeForTerminal(t.href))
        : `${text} ${c.dim(`(${escapeForTerminal(t.href)})`)}`;
    }
    case "br":
      return "\n";
    case "text":
    case "escape": {
      const t = token as Tokens.Text;
      return t.tokens ? renderInline(t.tokens, c) : escapeLines(unescapeHtml(t.text));
    }
    case "html":
      return "";
    default:
      return "raw" in token ? escapeLines(String(token.raw)) : "";
  }
}

/** Text for the terminal, its line breaks kept (the escaper shows every control character, `\n` too). */
function escapeLines(text: string): string {
  return text.split("\n").map(escapeForTerminal).join("\n");
}

/** marked's lexer keeps `&`, `<`, `>`, quotes HTML-escaped in text and code spans; a terminal wants them back. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
