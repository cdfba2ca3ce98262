import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
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

/** Emacs 28 in batch mode with eglot (a real LSP client) against the built `enginekit lsp --stdio` (#15 item 7). */
describe.skipIf(!ready)("Emacs (eglot, batch) against enginekit lsp --stdio", () => {
  it("gets diagnostics on open, completion after RUN --, and formatting", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-emacs-"));
    copyFileSync(join(here, "nvim/Enginefile"), join(dir, "Enginefile"));
    const got = (await runEditor(
      emacs!,
      ["--batch", "-l", join(here, "emacs/eglot-e2e.el")],
      join(dir, "result.json"),
      { ENGINEKIT_FILES: dir },
      { cwd: dir, timeoutMs: 60_000 },
    )) as {
      errors: string[];
      diagnostics: { line: number; text: string }[];
      completion: string[];
      formatted: string;
    };
    expect(got.errors).toEqual([]);
    expect(got.diagnostics.map((d) => d.line)).toContain(4);
    expect(got.diagnostics.some((d) => d.text.includes("WORKDIR"))).toBe(true);
    expect(got.completion).toEqual(["--mount", "--network", "--security", "--device"]);
    expect(got.formatted.split("\n")[0]).toBe("FROM alpine:3.20 AS build");
  }, 70_000);
});
