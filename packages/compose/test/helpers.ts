/**
 * Test helpers: a project from in-memory files under /p, findings printed with their exact ranges, and the
 * real-world corpus's entries (test/corpus/reference.tsv).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ComposeFinding,
  checkProject,
  type LoadOptions,
  loadProject,
  memoryFileSystem,
} from "../src/index.js";

/** Loads a project from files under `/p` (keys are paths relative to /p). */
export function project(files: Record<string, string>, options: Partial<LoadOptions> = {}) {
  const absolute = Object.fromEntries(Object.entries(files).map(([path, text]) => [`/p/${path}`, text]));
  return loadProject({
    workingDir: "/p",
    environment: {},
    fileSystem: memoryFileSystem(absolute),
    ...options,
  });
}

/** `file:line:col-line:col code message` with 1-based lines and columns, the file relative to /p. */
export function show(finding: ComposeFinding): string {
  const { start, end } = finding.range;
  const file = finding.file.replace(/^\/p\//, "");
  return `${file}:${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${finding.code} ${finding.message}`;
}

/** Every finding of a project loaded from `files` and checked, shown (see {@link show}). */
export function findings(files: Record<string, string>, options: Partial<LoadOptions> = {}): string[] {
  return checkProject(project(files, options)).map(show);
}

/** Only the findings of one code. */
export function findingsOf(
  code: string,
  files: Record<string, string>,
  options: Partial<LoadOptions> = {},
): string[] {
  return checkProject(project(files, options))
    .filter((f) => f.code === code)
    .map(show);
}

/** The corpus folder (test/corpus: README.md, reference.tsv, files/<id>/). */
export const CORPUS_ROOT = join(dirname(fileURLToPath(import.meta.url)), "corpus");

/** One corpus entry: its id, docker-compose 1.29.2's verdict, its role, its files and env files (`;`-separated). */
export interface CorpusEntry {
  id: string;
  verdict: string;
  role: string;
  files: string;
  envFiles: string;
}

/** The corpus's entries, in reference.tsv's order. */
export function corpusEntries(): CorpusEntry[] {
  return readFileSync(join(CORPUS_ROOT, "reference.tsv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t"))
    .map(([id, verdict, role, files, envFiles]) => ({
      id: id!,
      verdict: verdict!,
      role: role!,
      files: files!,
      envFiles: envFiles ?? "",
    }));
}
