/**
 * Where a cursor is in YAML being typed, from indentation alone (so it works while the document does not
 * parse): the path of the mapping a line belongs to (`yamlPathAt`) and what a line says (`readYamlLine`).
 * Shared by the manifest and Compose kinds' completion.
 */
import type { PathSegment } from "@enginekit/manifests";

const KEY_LINE = /^(\s*)(- +)?("[^"]*"|'[^']*'|[^\s#'"{}[\],][^#]*?)\s*:(?:\s|$)/;

function unquote(key: string): string {
  return /^["'].*["']$/.test(key) ? key.slice(1, -1) : key;
}

/** What a YAML line says about structure: indentation of its content, a list dash, a key. */
interface YamlLine {
  indent: number;
  dashIndent: number | undefined;
  key: string | undefined;
  /** The text after `key:` (empty when the value is on the next lines). */
  rest: string;
}

function readLine(text: string): YamlLine | undefined {
  if (/^\s*(#|$)/.test(text)) return undefined;
  const lead = /^\s*/.exec(text)![0].length;
  const dash = /^(\s*)(- +)/.exec(text);
  const contentIndent = dash ? dash[0].length : lead;
  const m = KEY_LINE.exec(text);
  if (!m) return { indent: contentIndent, dashIndent: dash ? lead : undefined, key: undefined, rest: "" };
  return {
    indent: contentIndent,
    dashIndent: dash ? lead : undefined,
    key: unquote(m[3]!.trim()),
    rest: text.slice(m[0].length).trim(),
  };
}

/**
 * The path of the mapping a YAML line at `line` belongs to, from indentation alone (so it works while
 * the document is being typed and does not parse): parent keys with less indentation, and index 0 for
 * list items. `indent` is the column of the content being typed.
 */
export function yamlPathAt(
  lines: readonly string[],
  line: number,
  indent: number,
  dashIndent: number | undefined,
): PathSegment[] {
  const path: PathSegment[] = [];
  let limit = indent;
  if (dashIndent !== undefined) {
    path.unshift(0);
    limit = dashIndent;
  }
  for (let l = line - 1; l >= 0 && limit > 0; l--) {
    const text = lines[l]!;
    if (/^(---|\.\.\.)\s*$/.test(text)) break;
    const info = readLine(text);
    if (!info) continue;
    if (info.key !== undefined && info.indent < limit) {
      path.unshift(info.key);
      limit = info.dashIndent ?? info.indent;
      if (info.dashIndent !== undefined) path.unshift(0);
    } else if (info.dashIndent !== undefined && info.dashIndent < limit) {
      path.unshift(0);
      limit = info.dashIndent;
    }
  }
  return path;
}

/** A YAML line split for completion: indentation, list dash, key and the value typed so far. */
export { readLine as readYamlLine };
