/**
 * The two Go standard-library string functions the engine CLI applies to ignore patterns, ported
 * exactly: `strings.TrimSpace` (Unicode White_Space, not JavaScript's `trim()`, which also strips
 * U+FEFF) and `path/filepath.Clean` for `/`-separated paths (research §3.1 rules 4 and 6). Go's
 * `unicode.IsSpace` is the parser's (`@enginekit/text`): one definition for both.
 */
import { isGoSpace } from "@enginekit/text";

/** Go's `strings.TrimSpace`: removes leading and trailing Unicode white space. */
export function goTrimSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isGoSpace(text.charCodeAt(start))) start++;
  while (end > start && isGoSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * Go's `path.Clean` (= `filepath.Clean` on Unix): collapses `//`, drops `.` elements, resolves `x/..`,
 * drops `..` at the start of a rooted path and the trailing `/`. Returns `.` for an empty result.
 */
export function goCleanPath(path: string): string {
  if (path === "") return ".";
  const rooted = path.charCodeAt(0) === 0x2f;
  const out: string[] = [];
  let dotdots = 0; // leading ".." kept in a relative path
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > dotdots) out.pop();
      else if (!rooted) {
        out.push("..");
        dotdots++;
      }
      continue;
    }
    out.push(part);
  }
  const joined = out.join("/");
  if (rooted) return `/${joined}`;
  return joined === "" ? "." : joined;
}
