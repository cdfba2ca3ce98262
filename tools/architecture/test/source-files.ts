/**
 * The files below a folder, for the architecture tests that read them all: the TypeScript sources
 * (declaration files aside) for the dependency rules and the module comments, the published files for
 * their citations.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every file below `dir` whose name ends with `ending`, depth first. */
export function filesEndingWith(dir: string, ending: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesEndingWith(path, ending));
    else if (path.endsWith(ending)) out.push(path);
  }
  return out;
}

/** Every `.ts` file below `dir` (not `.d.ts`), depth first. */
export function sourceFiles(dir: string): string[] {
  return filesEndingWith(dir, ".ts").filter((path) => !path.endsWith(".d.ts"));
}
