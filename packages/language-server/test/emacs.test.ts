import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lintFiles } from "@enginekit/lint/files";
import { describe, expect, it } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
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
 * docs/editors.md's eglot lines that pick a file's mode: its `auto-mode-alist` entries and the ignore
 * files' mode, in their order (the test evaluates them, so the documented set-up is the one tested).
 */
function documentedModeSetup(): string {
  const docs = readFileSync(join(here, "../../../docs/editors.md"), "utf8");
  const eglot = docs.slice(docs.indexOf("### eglot"), docs.indexOf("### lsp-mode"));
  const lines = eglot
    .split("\n")
    .filter((l) => l.startsWith("(add-to-list 'auto-mode-alist ") || l.startsWith("(define-derived-mode "));
  if (!lines.some((l) => l.includes("enginekit-ignore-mode")))
    throw new Error("docs/editors.md: the eglot set-up gives ignore files no mode");
  return lines.join("\n");
}

/** Emacs 28 in batch mode with eglot (a real LSP client) against the built `enginekit lsp --stdio` (#15 item 7). */
describe(
  "Emacs (eglot, batch) against enginekit lsp --stdio",
  skipIf(
    !ready,
    `needs ${[emacs ? "" : "emacs (Debian emacs-nox, elpa-eglot)", serverBuilt ? "" : `the built CLI (${SERVER_COMMAND[1]})`].filter(Boolean).join(" and ")}`,
  ),
  () => {
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
        { ENGINEKIT_FILES: dir, ENGINEKIT_MODE_SETUP: documentedModeSetup() },
        { cwd: dir, timeoutMs: 60_000 },
      )) as {
        errors: string[];
        mode: string;
        diagnostics: { line: number; text: string }[];
        completion: string[];
        formatted: string;
      } & Record<".engineignore" | "Enginefile.engineignore", IgnoreFileResult>;
      expect(got.errors).toEqual([]);
      expect(got.mode).toBe("dockerfile-ts-mode");
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

    it("Compose: compose.yaml and its override get the linter's findings at their lines, M-. and eglot-rename across both", async () => {
      const project = join(mkdtempSync(join(tmpdir(), "enginekit-emacs-compose-")), "shop");
      cpSync(join(here, "compose-project"), project, { recursive: true });
      const got = (await runEditor(
        emacs!,
        ["--batch", "-l", join(here, "emacs/compose-e2e.el")],
        join(project, "..", "result.json"),
        { ENGINEKIT_PROJECT: project },
        { cwd: project, timeoutMs: 60_000 },
      )) as {
        errors: string[];
        mode: string;
        diagnostics: Record<string, { line: number; text: string }[]>;
        definitions: string[];
        "after-definition": string;
        renamed: Record<string, string>;
      };
      expect(got.errors).toEqual([]);
      expect(got.mode).toBe("yaml-mode");
      // flymake shows what `enginekit lint .` finds, at the same 1-based lines
      const linted = await lintFiles([project], { cwd: project, workers: 0 });
      for (const name of ["compose.yaml", "docker-compose.override.yml"]) {
        const findings = linted.find((r) => basename(r.path) === name)!.findings;
        expect(findings.length, name).toBeGreaterThan(0);
        expect(
          got.diagnostics[name]!.map((d) => d.text),
          name,
        ).toEqual(findings.map((f) => `enginekit [${f.ruleId}]: ${f.message}`));
        expect(
          got.diagnostics[name]!.map((d) => d.line),
          name,
        ).toEqual(findings.map((f) => f.range.start.line + 1));
      }
      // among them the engine's verdicts, at their lines (`blkio_config: { weight: 5 }`, `interval: 500us`)
      for (const name of ["compose.yaml", "docker-compose.override.yml"])
        expect(
          got.diagnostics[name]!.filter((d) => d.text.includes("[compose/engine-limit]")).map((d) => d.line),
          name,
        ).toEqual([5]);
      expect(got.definitions).toEqual(["compose.yaml:6", "docker-compose.override.yml:7"]);
      expect(got["after-definition"]).toBe("compose.yaml:6:db");
      const original = (name: string) => readFileSync(join(project, name), "utf8");
      for (const name of ["compose.yaml", "docker-compose.override.yml"])
        expect(got.renamed[name], name).toBe(
          original(name).replace("[db]", "[database]").replace("\n  db:", "\n  database:"),
        );
    }, 70_000);
  },
);
