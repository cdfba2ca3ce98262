import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../..");
const node = join(repo, "node_modules/.bin/node");
/** The installed `enginekit` bin (the CLI's bundle, built before the tests run). */
const bin = join(repo, "packages/cli/dist/bundle/enginekit.js");
const nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].find((p) => existsSync(p));
const ready = nvim !== undefined && existsSync(bin);
if (!ready && process.env.CI)
  throw new Error(`the Neovim E2E test needs nvim (Debian neovim) and the built CLI (${bin})`);

/** Neovim's own client (a real LSP client) against the built `enginekit lsp --stdio` (task §3). */
describe.skipIf(!ready)("Neovim (built-in LSP client) against enginekit lsp --stdio", () => {
  it("gets diagnostics, completion, hover and a formatting edit for an Enginefile and a manifest", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "enginekit-nvim-")), "result.json");
    const child = spawn(nvim!, ["--headless", "--clean", "-u", join(here, "nvim/config.lua")], {
      env: {
        ...process.env,
        ENGINEKIT_CMD: JSON.stringify([node, bin, "lsp", "--stdio"]),
        ENGINEKIT_FILES: join(here, "nvim"),
        ENGINEKIT_OUT: out,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    try {
      const code = await new Promise<number | null>((resolveExit, reject) => {
        const timer = setTimeout(() => reject(new Error(`nvim did not finish in 45 s: ${stderr}`)), 45_000);
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
      diagnostics: Record<string, { code: string; range: { start: { line: number } } }[]>;
      completion: string[];
      hover: string;
      formatting: { newText: string; range: { start: { line: number; character: number } } }[];
      manifestHover: { value: string };
      manifestKeys: string[];
    };
    expect(got.errors).toEqual([]);
    expect(got.diagnostics.Enginefile!.map((d) => `${d.range.start.line} ${d.code}`)).toEqual([
      "0 instruction-casing",
      "3 relative-workdir",
    ]);
    // line 4 holds the key being typed (unknown as long as it is incomplete)
    expect(got.diagnostics["web.container.yaml"]!.map((d) => `${d.range.start.line} ${d.code}`)[0]).toBe(
      "2 manifest/unknown-key",
    );
    expect(got.completion).toContain("RUN");
    expect(got.completion).toContain("HEALTHCHECK");
    expect(got.hover).toBe("`VERSION` = `1.2` (arg)");
    expect(got.formatting).toEqual([
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }, newText: "FROM" },
    ]);
    expect(got.manifestHover.value).toContain("**HostConfig.Memory**");
    expect(got.manifestKeys).toContain("CpuShares");
    expect(got.manifestKeys).not.toContain("Memory");
  }, 60_000);
});
