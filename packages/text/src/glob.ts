/**
 * One glob-to-regular-expression translation for the settings that take globs: the language server's
 * document patterns (`**` across folders, matched against a path's end) and the linter's
 * `trustedRegistries` (host globs such as `*.gcr.io`, case-insensitive, whole name). Not the ignore-file
 * matcher, which follows Go's `filepath.Match` exactly (`@enginekit/build-context`).
 */

/** How {@link globToRegExp} anchors and compares. */
export interface GlobOptions {
  /** Match the glob against the last segments of a `/`-separated path (`(^|/)glob$`); default: the whole text. */
  pathSuffix?: boolean;
  /** Compare case-insensitively (host names); default false. */
  ignoreCase?: boolean;
}

/**
 * Translates a glob into a regular expression: `*` matches within one `/`-separated segment, `?` one
 * character of a segment, `**` (with a following `/`) any number of segments; every other character is
 * literal. Never throws.
 * @example globToRegExp("**\/*.container.yaml", { pathSuffix: true }).test("a/b/x.container.yaml") → true
 */
export function globToRegExp(glob: string, options: GlobOptions = {}): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      out += ".*";
      i++;
      if (glob[i + 1] === "/") i++;
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(options.pathSuffix ? `(^|/)${out}$` : `^${out}$`, options.ignoreCase ? "i" : "");
}
