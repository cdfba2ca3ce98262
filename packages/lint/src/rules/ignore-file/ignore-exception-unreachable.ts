/**
 * The `ignore-exception-unreachable` rule: Exception the engine CLI cannot reach.
 * Its metadata is its documentation (`docs/rules/ignore-exception-unreachable.md`, `enginekit lint
 * --explain ignore-exception-unreachable`).
 * Same check elsewhere: moby #30018, docker/cli #2919.
 */
import { IgnoreMatcher } from "@enginekit/build-context/ignore";
import type { AnalyzedIgnoreFile } from "../../ignorefile/analysis.js";
import { matchesBelow } from "../../ignorefile/pattern-queries.js";
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
    const folders = excludedFolders(file);
    // index of each accepted pattern in file.matcher (the accepted lines, in order)
    let accepted = 0;
    for (let i = 0; i < file.patterns.length; i++) {
      const exception = file.patterns[i]!;
      const pattern = exception.pattern;
      if (!pattern) continue;
      const before = accepted++;
      if (!pattern.exception) continue;
      const alone = IgnoreMatcher.of([pattern]);
      for (const folder of folders(before)) {
        // The engine CLI's walker descends only for exceptions whose text starts with `<folder>/`.
        if (!alone.mustDescendExcluded(folder, "exact") || alone.mustDescendExcluded(folder, "engine-cli"))
          continue;
        if (file.context && !matchesBelow(file, pattern, folder)) continue;
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
 * Folders excluded by the first `count` accepted patterns of the file: with a build context, its top-most
 * directories those patterns exclude; without one, the exclusions written as plain names (`vendor`,
 * `build/cache`). One matcher (the file's) answers for every `count`, each directory trying only the
 * patterns that may match it.
 */
function excludedFolders(file: AnalyzedIgnoreFile): (count: number) => string[] {
  const patterns = file.matcher.patterns;
  if (!file.context)
    return (count) =>
      patterns
        .slice(0, count)
        .filter((p) => !p.exception && p.compiled.kind === "exact")
        .map((p) => p.text);
  const directories = [...file.context.directories].sort();
  return (count) => {
    if (patterns.slice(0, count).some((p) => p.compiled.kind === "regexp") && !file.regexpReady) return [];
    const out: string[] = [];
    for (const dir of directories) {
      if (out.some((o) => dir.startsWith(`${o}/`))) continue;
      try {
        if (file.matcher.matches(dir, count).excluded) out.push(dir);
      } catch {
        return out; // a pattern the engine fails on: ignore-pattern-syntax reports it
      }
    }
    return out;
  };
}
