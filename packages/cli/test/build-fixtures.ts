/** Fixtures shared by the `enginekit build` tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { onTestFinished } from "vitest";

/**
 * Creates a temporary build context holding `files` (path → content) and returns its path; it is removed
 * when the current test finishes.
 */
export function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "ek-cli-build-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
