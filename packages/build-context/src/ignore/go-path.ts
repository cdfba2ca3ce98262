/**
 * The two Go standard-library string functions the engine CLI applies to ignore patterns, ported
 * exactly: `strings.TrimSpace` (Unicode White_Space, not JavaScript's `trim()`, which also strips
 * U+FEFF) and `path/filepath.Clean` for `/`-separated paths (research §3.1 rules 4 and 6).
 */

/** Code points Go's `unicode.IsSpace` accepts (the set `strings.TrimSpace` removes). */
function isGoSpace(code: number): boolean {
  if (code <= 0xff) {
    return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0x85 || code === 0xa0;
  }
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

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
