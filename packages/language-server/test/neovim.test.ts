import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lintFiles } from "@enginekit/lint/files";
import { describe, expect, it } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
import { runEditor, SERVER_COMMAND, serverBuilt } from "./editor-process.js";

const here = dirname(fileURLToPath(import.meta.url));
const nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].find((p) => existsSync(p));
const ready = nvim !== undefined && serverBuilt;
if (!ready && process.env.CI)
  throw new Error(`the Neovim E2E test needs nvim (Debian neovim) and the built CLI (${SERVER_COMMAND[1]})`);

/** Runs headless Neovim with a Lua script and returns what the script wrote (JSON). */
function runNeovim(script: string, env: Record<string, string> = {}): Promise<unknown> {
  const out = join(mkdtempSync(join(tmpdir(), "enginekit-nvim-")), "result.json");
  return runEditor(
    nvim!,
    ["--headless", "--clean", "-u", join(here, "nvim", script)],
    out,
    {
      ENGINEKIT_FILES: join(here, "nvim"),
      ...env,
    },
    { timeoutMs: 45_000 },
  );
}

/** Neovim's own client (a real LSP client) against the built `enginekit lsp --stdio` (task §3). */
describe(
  "Neovim (built-in LSP client) against enginekit lsp --stdio",
  skipIf(
    !ready,
    `needs ${[nvim ? "" : "nvim (Debian neovim)", serverBuilt ? "" : `the built CLI (${SERVER_COMMAND[1]})`].filter(Boolean).join(" and ")}`,
  ),
  () => {
    it("gets diagnostics, completion, hover and a formatting edit for an Enginefile and a manifest, hover and path completion for a .dockerignore", async () => {
      const context = mkdtempSync(join(tmpdir(), "enginekit-nvim-context-"));
      for (const f of ["node_modules/pkg/index.js", "README.md", "src/main.ts"]) {
        mkdirSync(join(context, f, ".."), { recursive: true });
        writeFileSync(join(context, f), "");
      }
      writeFileSync(join(context, ".dockerignore"), "node_modules\n**/*.md\nsr\n");
      const got = (await runNeovim("config.lua", { ENGINEKIT_CONTEXT: context })) as {
        errors: string[];
        diagnostics: Record<string, { code: string; range: { start: { line: number } } }[]>;
        completion: string[];
        completionShown: string[];
        topCompletionShown: string[];
        hover: string;
        formatting: { newText: string; range: { start: { line: number; character: number } } }[];
        manifestHover: { value: string };
        manifestKeys: string[];
        ignoreHover: { value: string };
        ignorePaths: string[];
        eofCompletion: string[];
        selection: {
          range: { start: { character: number } };
          parent: { range: { start: { character: number } } };
        };
      };
      expect(got.errors).toEqual([]);
      // ShellCheck's findings come in a second publication, whenever ShellCheck is done: on a loaded machine
      // before the script ends, on an idle one after; the first publication's are the same either way
      expect(
        got.diagnostics
          .Enginefile!.filter((d) => !d.code.startsWith("shellcheck/"))
          .map((d) => `${d.range.start.line} ${d.code}`),
      ).toEqual(["0 instruction-casing", "3 relative-workdir"]);
      // line 4 holds the key being typed (unknown as long as it is incomplete)
      expect(got.diagnostics["web.container.yaml"]!.map((d) => `${d.range.start.line} ${d.code}`)[0]).toBe(
        "2 manifest/unknown-key",
      );
      expect(got.completion).toContain("RUN");
      expect(got.completion).toContain("HEALTHCHECK");
      // as Neovim's completion menu lists them: RUN first inside a stage, FROM first above the first FROM
      expect(got.completionShown.slice(0, 3)).toEqual(["RUN", "COPY", "ENV"]);
      expect(got.completionShown.at(-1)).toBe("MAINTAINER");
      expect(got.topCompletionShown[0]).toBe("FROM");
      expect(got.hover).toBe("`VERSION` = `1.2` (arg)");
      expect(got.eofCompletion).toContain("COPY");
      // `$VERSION` on line 3, inside `RUN echo $VERSION`
      expect(got.selection.range.start.character).toBe(9);
      expect(got.selection.parent.range.start.character).toBeLessThanOrEqual(9);
      expect(got.formatting).toEqual([
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }, newText: "FROM" },
      ]);
      expect(got.manifestHover.value).toContain("**HostConfig.Memory**");
      expect(got.manifestKeys).toContain("CpuShares");
      expect(got.manifestKeys).not.toContain("Memory");
      // `sr` matches nothing (yet): the ignore-file rules run with the file's folder as the context
      expect(got.diagnostics[".dockerignore"]!.map((d) => `${d.range.start.line} ${d.code}`)).toEqual([
        "2 ignore-pattern-unmatched",
      ]);
      expect(got.ignoreHover.value).toContain("Excludes **3 paths** of this build context");
      expect(got.ignoreHover.value).toContain("- `node_modules/` and 2 paths below it");
      expect(got.ignorePaths).toEqual(["src/"]);
    }, 60_000);

    it("Compose: compose.yaml and docker-compose.override.yml get the linter's findings at their lines, go to definition and rename a service", async () => {
      const project = join(mkdtempSync(join(tmpdir(), "enginekit-nvim-compose-")), "shop");
      cpSync(join(here, "compose-project"), project, { recursive: true });
      const got = (await runNeovim("compose.lua", { ENGINEKIT_PROJECT: project })) as {
        errors: string[];
        diagnostics: Record<
          string,
          { code: string; range: { start: { line: number; character: number } } }[]
        >;
        quickfix: string[];
        afterDefinition: { file: string; line: number; character: number; word: string };
        renamed: Record<string, string>;
      };
      expect(got.errors).toEqual([]);
      // what `enginekit lint .` finds in each file, at the same places: the engine's limits, reported at
      // the Compose key of the file that wrote it
      const linted = await lintFiles([project], { cwd: project, workers: 0 });
      const place = (code: string, line: number, character: number) => `${code} ${line}:${character}`;
      for (const name of ["compose.yaml", "docker-compose.override.yml"]) {
        const findings = linted.find((r) => basename(r.path) === name)!.findings;
        expect(
          got.diagnostics[name]!.map((d) => place(d.code, d.range.start.line, d.range.start.character)),
          name,
        ).toEqual(findings.map((f) => place(f.ruleId, f.range.start.line, f.range.start.character)));
      }
      // among them the engine's verdicts, each at its line (`blkio_config: { weight: 5 }`, `interval: 500us`)
      const engine = (name: string) =>
        got.diagnostics[name]!.filter((d) => d.code === "compose/engine-limit").map(
          (d) => d.range.start.line,
        );
      expect(engine("compose.yaml")).toEqual([4]);
      expect(engine("docker-compose.override.yml")).toEqual([4]);
      // db is defined in both files: the quickfix list has both, :cfirst lands on compose.yaml's
      expect(got.quickfix).toEqual(["compose.yaml:6:3", "docker-compose.override.yml:7:3"]);
      expect(got.afterDefinition).toEqual({ file: "compose.yaml", line: 5, character: 2, word: "db" });
      // renamed from the override file's links: every occurrence in both buffers
      const original = (name: string) => readFileSync(join(project, name), "utf8").trimEnd();
      expect(got.renamed["compose.yaml"]).toBe(
        original("compose.yaml").replace("[db]", "[database]").replace("  db:", "  database:"),
      );
      expect(got.renamed["docker-compose.override.yml"]).toBe(
        original("docker-compose.override.yml").replace("[db]", "[database]").replace("  db:", "  database:"),
      );
    }, 60_000);

    it("docs/editors.md attaches Compose files with the function the Compose test runs", () => {
      const script = readFileSync(join(here, "nvim/compose.lua"), "utf8");
      const docs = readFileSync(join(here, "../../../docs/editors.md"), "utf8");
      const start = script.indexOf("local function is_compose");
      const fn = script.slice(start, script.indexOf("\nend\n", start) + 4);
      expect(fn).toMatch(/^local function is_compose[\s\S]*\nend$/);
      expect(docs).toContain(fn);
    });

    // #15 item 3: each way a client gives settings reaches the server (the rule relative-workdir turned off)
    for (const path of ["initializationOptions", "configuration", "didChangeConfiguration"])
      it(`takes settings given by ${path}`, async () => {
        const got = (await runNeovim("settings.lua", { ENGINEKIT_SETTINGS_PATH: path })) as {
          errors: string[];
          rounds: string[][];
        };
        expect(got.errors).toEqual([]);
        const last = got.rounds.at(-1)!;
        expect(last).toContain("instruction-casing");
        expect(last).not.toContain("relative-workdir");
        // before the notification the rule was on: the change is what turned it off
        if (path === "didChangeConfiguration") expect(got.rounds[0]).toContain("relative-workdir");
      }, 60_000);
  },
);
