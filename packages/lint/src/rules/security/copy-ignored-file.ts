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
URLs, \`--from\` copies and sources with unresolved build arguments are not checked.`,
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
        if (path === "" || path === ".") continue;
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
