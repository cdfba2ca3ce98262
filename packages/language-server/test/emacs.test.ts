import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runEditor, SERVER_COMMAND, serverBuilt } from "./editor-process.js";

const here = dirname(fileURLToPath(import.meta.url));
const emacs = ["/usr/bin/emacs", "/usr/local/bin/emacs"].find((p) => existsSync(p));
const ready = emacs !== undefined && serverBuilt;
if (!ready && process.env.CI)
  throw new Error(`the Emacs E2E test needs emacs-nox, elpa-eglot and the built CLI (${SERVER_COMMAND[1]})`);

/** What the Emacs script records for an ignore file it visits. */
interface IgnoreFileResult {
  mode: string;
  managed: boolean;
  diagnostics: { line: number; text: string }[];
}

/**
 * docs/editors.md's eglot lines for ignore files: the `enginekit-ignore-mode` definition and its
 * `auto-mode-alist` entry (the test evaluates them, so the documented set-up is the one tested).
 */
function documentedIgnoreSetup(): string {
  const docs = readFileSync(join(here, "../../../docs/editors.md"), "utf8");
  const lines = docs
    .split("\n")
    .filter((l) => /^\((?:define-derived-mode|add-to-list 'auto-mode-alist) .*enginekit-ignore-mode/.test(l));
  if (lines.length !== 2)
    throw new Error(`docs/editors.md: expected 2 ignore-file lines, found ${lines.length}`);
  return lines.join("\n");
}

/** Emacs 28 in batch mode with eglot (a real LSP client) against the built `enginekit lsp --stdio` (#15 item 7). */
describe.skipIf(!ready)("Emacs (eglot, batch) against enginekit lsp --stdio", () => {
  it("gets diagnostics on open, completion after RUN --, formatting, and ignore files' diagnostics", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-emacs-"));
    copyFileSync(join(here, "nvim/Enginefile"), join(dir, "Enginefile"));
    // a pattern the engine refuses (line 2) and one repeated (line 3)
    writeFileSync(join(dir, ".engineignore"), "*.log\n[\n*.log\n");
    // the Enginefile's own ignore file wins over .engineignore; its exception can never apply (line 2)
    writeFileSync(join(dir, "Enginefile.engineignore"), "!keep.txt\n*\n");
    const got = (await runEditor(
      emacs!,
      ["--batch", "-l", join(here, "emacs/eglot-e2e.el")],
      join(dir, "result.json"),
      { ENGINEKIT_FILES: dir, ENGINEKIT_IGNORE_SETUP: documentedIgnoreSetup() },
      { cwd: dir, timeoutMs: 60_000 },
    )) as {
      errors: string[];
      diagnostics: { line: number; text: string }[];
      completion: string[];
      formatted: string;
    } & Record<".engineignore" | "Enginefile.engineignore", IgnoreFileResult>;
    expect(got.errors).toEqual([]);
    expect(got.diagnostics.map((d) => d.line)).toContain(4);
    expect(got.diagnostics.some((d) => d.text.includes("WORKDIR"))).toBe(true);
    expect(got.completion).toEqual(["--mount", "--network", "--security", "--device"]);
    expect(got.formatted.split("\n")[0]).toBe("FROM alpine:3.20 AS build");
    const plain = got[".engineignore"];
    expect([plain.mode, plain.managed]).toEqual(["enginekit-ignore-mode", true]);
    const on = (line: number) => plain.diagnostics.filter((d) => d.line === line).map((d) => d.text);
    expect(on(2)).toEqual([expect.stringMatching(/\[ignore-pattern-syntax\].*syntax error in pattern/)]);
    expect(on(3)).toContainEqual(expect.stringMatching(/\[ignore-pattern-duplicate\]: Repeats line 1/));
    const own = got["Enginefile.engineignore"];
    expect([own.mode, own.managed]).toEqual(["enginekit-ignore-mode", true]);
    // `*` excludes the ignore file itself and the build file Enginefile, each said once
    expect(own.diagnostics.filter((d) => d.line === 2).map((d) => d.text.replace(/:.*/s, ""))).toEqual([
      "enginekit [ignore-excludes-build-file]",
      "enginekit [ignore-excludes-build-file]",
    ]);
  }, 70_000);
});
