import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../..");
const node = join(repo, "node_modules/.bin/node");
/** The installed `enginekit` bin (the CLI's bundle, built before the tests run). */
const bin = join(repo, "packages/cli/dist/bundle/enginekit.js");
const emacs = ["/usr/bin/emacs", "/usr/local/bin/emacs"].find((p) => existsSync(p));
const ready = emacs !== undefined && existsSync(bin);
if (!ready && process.env.CI)
  throw new Error(`the Emacs E2E test needs emacs-nox, elpa-eglot and the built CLI (${bin})`);

/** Emacs 28 in batch mode with eglot (a real LSP client) against the built `enginekit lsp --stdio` (#15 item 7). */
describe.skipIf(!ready)("Emacs (eglot, batch) against enginekit lsp --stdio", () => {
  it("gets diagnostics on open, completion after RUN --, and formatting", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-emacs-"));
    copyFileSync(join(here, "nvim/Enginefile"), join(dir, "Enginefile"));
    const out = join(dir, "result.json");
    const child = spawn(emacs!, ["--batch", "-l", join(here, "emacs/eglot-e2e.el")], {
      cwd: dir,
      env: {
        ...process.env,
        ENGINEKIT_CMD: JSON.stringify([node, bin, "lsp", "--stdio"]),
        ENGINEKIT_FILES: dir,
        ENGINEKIT_OUT: out,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    try {
      const code = await new Promise<number | null>((resolveExit, reject) => {
        const timer = setTimeout(() => reject(new Error(`emacs did not finish in 60 s: ${stderr}`)), 60_000);
        child.once("exit", (c) => {
          clearTimeout(timer);
          resolveExit(c);
        });
      });
      expect(code, stderr).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
    const got = JSON.parse(readFileSync(out, "utf8")) as {
      errors: string[];
      diagnostics: { line: number; text: string }[];
      completion: string[];
      formatted: string;
    };
    expect(got.errors, stderr).toEqual([]);
    expect(got.diagnostics.map((d) => d.line)).toContain(4);
    expect(got.diagnostics.some((d) => d.text.includes("WORKDIR"))).toBe(true);
    expect(got.completion).toEqual(["--mount", "--network", "--security", "--device"]);
    expect(got.formatted.split("\n")[0]).toBe("FROM alpine:3.20 AS build");
  }, 70_000);
});
