import { IgnoreMatcher, type IgnorePattern } from "@enginekit/build-context/ignore";
import type { AnalyzedIgnoreFile } from "../../ignorefile/analysis.js";
import type { Report } from "../../model/finding.js";
import { ignoreFileRule } from "../../model/rule.js";

export default ignoreFileRule(
  {
    id: "ignore-exception-unreachable",
    name: "Exception the engine CLI cannot reach",
    description:
      "An exception meant to re-include paths below an excluded folder that the engine CLI never walks into.",
    severity: "warning",
    fix: "never",
    docs: `The engine CLI's archive walker skips an excluded folder without looking inside unless some exception
*starts with* that folder's path (moby #30018, docker/cli #2919). So after \`vendor\`, the exception \`!**/*.keep\`
re-includes nothing below \`vendor/\` for \`docker build\`, although the matcher says it should. \`enginekit build\`
re-includes it (\`--exceptions exact\`, the default) and sends what the patterns say; with
\`--exceptions engine-cli\` it does what the engine CLI does. Rewrite the exception to start with the folder
(\`!vendor/**/*.keep\`) so every tool agrees.`,
    peers: ["moby #30018", "docker/cli #2919"],
    examples: [
      { kind: "invalid", code: "vendor\n!**/*.keep\n" },
      { kind: "valid", code: "vendor\n!vendor/**/*.keep\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (let i = 0; i < file.patterns.length; i++) {
      const exception = file.patterns[i]!;
      const pattern = exception.pattern;
      if (!pattern?.exception) continue;
      const alone = IgnoreMatcher.fromPatterns([`!${pattern.text}`], file.fileName);
      const matchesAlone = IgnoreMatcher.fromPatterns([pattern.text], file.fileName);
      const earlier = file.patterns.slice(0, i).flatMap((p) => (p.pattern ? [p.pattern] : []));
      for (const folder of excludedFolders(file, earlier)) {
        // The engine CLI's walker descends only for exceptions whose text starts with `<folder>/`.
        if (!alone.mustDescendExcluded(folder, "exact") || alone.mustDescendExcluded(folder, "engine-cli"))
          continue;
        const below = file.context?.paths.filter((path) => path.startsWith(`${folder}/`));
        if (below && !below.some((path) => matchesAlone.matches(path).excluded)) continue;
        out.push({
          range: exception.range,
          message: `The engine CLI skips the excluded folder "${folder}" without looking inside, because this exception does not start with "${folder}/": \`docker build\` re-includes nothing below it (enginekit build does, unless --exceptions engine-cli). Write it as "!${folder}/…" so every tool agrees.`,
        });
        break;
      }
    }
    return out;
  },
);

/**
 * Folders excluded by `patterns`: with a build context, its top-most directories the patterns exclude;
 * without one, the exclusions written as plain names (`vendor`, `build/cache`).
 */
function excludedFolders(file: AnalyzedIgnoreFile, patterns: IgnorePattern[]): string[] {
  if (!file.context)
    return patterns.filter((p) => !p.exception && p.compiled.kind === "exact").map((p) => p.text);
  if (patterns.some((p) => p.compiled.kind === "regexp") && !file.regexpReady) return [];
  const matcher = IgnoreMatcher.fromPatterns(patterns.map((p) => `${p.exception ? "!" : ""}${p.text}`));
  const out: string[] = [];
  for (const dir of [...file.context.directories].sort()) {
    if (out.some((o) => dir.startsWith(`${o}/`))) continue;
    try {
      if (matcher.matches(dir).excluded) out.push(dir);
    } catch {
      return out; // a pattern the engine fails on: ignore-pattern-syntax reports it
    }
  }
  return out;
}
