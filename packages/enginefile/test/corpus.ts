import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The test corpus kept in the repository, `<repo root>/corpus` (corpus/README.md says what is there,
 * corpus/NOTICE.md where it comes from and under which licence).
 */
const corpusRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../corpus");

/** Reads a corpus file as UTF-8 text. */
export function readCorpus(...parts: string[]): string {
  return readFileSync(join(corpusRoot, ...parts), "utf8");
}

/** Reads a corpus file as bytes (for `parseBytes`, byte-exact like the reference). */
export function readCorpusBytes(...parts: string[]): Uint8Array {
  return readFileSync(join(corpusRoot, ...parts));
}

/** Lists the case folders of one BuildKit golden-case group. */
export function cases(group: string): string[] {
  return readdirSync(join(corpusRoot, "buildkit-parser", group)).sort();
}

/** True when the corpus file exists. */
export function corpusHas(...parts: string[]): boolean {
  return existsSync(join(corpusRoot, ...parts));
}

/** The real-world files (names under `enginefiles/files`). */
export function realWorldFiles(): string[] {
  return readdirSync(join(corpusRoot, "enginefiles", "files"))
    .filter((f) => f !== "manifest.tsv")
    .sort();
}
