/**
 * The `copy-ignored-file` rule: COPY of an ignored path.
 * Its metadata is its documentation (`docs/rules/copy-ignored-file.md`, `enginekit lint --explain
 * copy-ignored-file`).
 * Same check elsewhere: BuildKit CopyIgnoredFile.
 */
import type { EnginefileLintOptions } from "../../enginefile/analysis.js";
import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** A context path as the ignore matcher wants it: relative, `/`-separated, without `./`. */
function contextPath(source: string): string {
  return source
    .replace(/^(\.\/)+/, "")
    .replace(/^\/+/, "")
    .replace(/\/+$/, "");
}

export default enginefileRule(
  {
    id: "copy-ignored-file",
    name: "COPY of an ignored path",
    description: "COPY or ADD names a build-context path that `.engineignore` (or `.dockerignore`) excludes.",
    severity: "warning",
    fix: "never",
    docs: `Paths excluded by the build context's \`.engineignore\` are never sent to the engine, so COPY/ADD of one
fails ("not found") or silently copies less than expected. The rule uses the same ignore-pattern matcher
as \`enginekit build\` and finds the ignore file as it does (\`<Enginefile>.engineignore\`, \`.engineignore\`,
\`<Enginefile>.dockerignore\`, \`.dockerignore\` next to the Enginefile); it runs only when one exists. Wildcard sources,
URLs, \`--from\` copies and sources with unresolved build arguments are not checked. \`COPY . …\` is reported
when the ignore file excludes the whole context (\`*\` with no \`!exception\`); BuildKit also reports it when
exceptions bring paths back, which enginekit does not (\`*\` then \`!src\` is the usual allow-list).`,
    peers: ["BuildKit CopyIgnoredFile"],
    examples: [
      {
        kind: "invalid",
        code: "FROM alpine:3.20\nCOPY src/ /app/\nCOPY .env /app/.env\n",
        engineignore: ".env\n*.log\n",
      },
      { kind: "valid", code: "FROM alpine:3.20\nCOPY src/ /app/\n", engineignore: ".env\n*.log\n" },
    ],
  },
  (file) => {
    const isIgnored = file.options.isIgnored;
    if (!isIgnored) return [];
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      if ((ins.kind !== "copy" && ins.kind !== "add") || ins.heredocs.length > 0) continue;
      if (ins.kind === "copy" && ins.from) continue;
      for (const s of ins.sources) {
        const value = file.resolve(ins, s.value);
        if (
          value === undefined ||
          /[*?[]/.test(value) ||
          /^[a-z]+:\/\//i.test(value) ||
          value.startsWith("git@")
        )
          continue;
        const path = contextPath(value);
        if (path === "" || path === ".") {
          // the whole context: reported when the ignore file leaves nothing of it (`*`, no `!exception`)
          if (excludesEverything(file.options))
            out.push({
              range: s.range,
              message: `${file.options.ignoreFileName ?? ".engineignore"} excludes every path of the build context, so "${value}" copies nothing.`,
            });
          continue;
        }
        if (isIgnored(path))
          out.push({
            range: s.range,
            message: `"${value}" is excluded by ${file.options.ignoreFileName ?? ".engineignore"}, so it is not in the build context.`,
          });
      }
    }
    return out;
  },
);

/** Names no ignore file lists on purpose: a pattern excluding both excludes every top-level name. */
const PROBES = ["enginekit-probe", "enginekit-probe.txt"];

/**
 * True when the ignore file excludes every path of the context: it has no exception, and it excludes
 * any top-level name (`*`, `**`, `**​/*`). BuildKit's CopyIgnoredFile reports `COPY . …` whenever a
 * pattern matches `.`, also when exceptions bring paths back (`*` then `!src`): that is left out here.
 */
function excludesEverything(options: EnginefileLintOptions): boolean {
  const isIgnored = options.isIgnored;
  return !!isIgnored && options.ignoreHasExceptions === false && PROBES.every((p) => isIgnored(p));
}
