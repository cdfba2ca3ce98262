/**
 * The TypeScript sources below a folder (declaration files aside), for the architecture tests that read
 * every source file: the dependency rules and the module comments.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every `.ts` file below `dir` (not `.d.ts`), depth first. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith(".ts") && !path.endsWith(".d.ts")) out.push(path);
  }
  return out;
}
