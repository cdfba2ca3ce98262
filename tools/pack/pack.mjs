#!/usr/bin/env node
/**
 * Packs what enginekit publishes into npm tarballs: `node tools/pack/pack.mjs [OUT]` (default
 * `dist-packages/`), after `npx pnpm@10.34.9 build`. Prints one tarball path a line.
 *
 * - The libraries (`LIBRARIES`) are packed by pnpm from their folders, so `workspace:` ranges become
 *   versions (npm pack would keep them, and `npm i` of the tarball would fail with EUNSUPPORTEDPROTOCOL);
 *   `pack-hooks.cjs` drops the source export condition, devDependencies and scripts.
 * - `enginekit`, the command users install, is the CLI's bundle (`packages/cli/dist/bundle`, which holds
 *   the secrets dev server and the language server too) with its launcher, the dev server's demo seed
 *   and the rule pages (`dist/rule-pages/`, linked from diagnostics),
 *   staged in a temporary folder under a manifest with no dependencies, then packed the same way.
 * Errors: throws (exits 1 from the command line) when the build is missing or pnpm fails.
 */
import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..", "..");
const PNPM = ["-y", "pnpm@10.34.9"];
const HOOKS = join(import.meta.dirname, "pack-hooks.cjs");

/** The libraries published under `@enginekit/`, packed from `packages/<name>`. */
export const LIBRARIES = [
  "@enginekit/text",
  "@enginekit/node-io",
  "@enginekit/api",
  "@enginekit/enginefile",
  "@enginekit/manifests",
  "@enginekit/compose",
  "@enginekit/lint",
  "@enginekit/language-server",
  "@enginekit/build-context",
];

function pnpm(args, cwd) {
  const r = spawnSync("npx", [...PNPM, ...args], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`pnpm ${args.join(" ")} failed in ${cwd}:\n${r.stderr || r.stdout}`);
}

/** The manifest of the `enginekit` package, from the CLI package's own (version, licence, engines). */
async function commandManifest() {
  const cli = JSON.parse(await readFile(join(root, "packages", "cli", "package.json"), "utf8"));
  return {
    name: "enginekit",
    version: cli.version,
    description:
      "Lint, language server, build-context packager and secrets dev server for Enginefiles (Dockerfile syntax) and engine manifests.",
    keywords: ["dockerfile", "enginefile", "lint", "language-server", "lsp", "sarif"],
    license: cli.license,
    type: "module",
    engines: cli.engines,
    bin: { enginekit: "./dist/bundle/enginekit.cjs" },
    files: ["dist"],
  };
}

/** Stages and packs the `enginekit` package into `outDir`; resolves to the tarball's path. */
export async function packCommand(outDir) {
  const dist = join(root, "packages", "cli", "dist");
  await stat(join(dist, "bundle", "enginekit.cjs")).catch(() => {
    throw new Error("packages/cli/dist/bundle/enginekit.cjs is missing: run `npx pnpm@10.34.9 build` first");
  });
  const stage = await mkdtemp(join(tmpdir(), "enginekit-stage-"));
  const manifest = await commandManifest();
  try {
    await writeFile(join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await cp(join(root, "packages", "cli", "README.md"), join(stage, "README.md"));
    await cp(join(root, "LICENSE"), join(stage, "LICENSE"));
    await cp(join(dist, "bundle"), join(stage, "dist", "bundle"), { recursive: true });
    await cp(join(dist, "seed"), join(stage, "dist", "seed"), { recursive: true });
    await cp(join(dist, "rule-pages"), join(stage, "dist", "rule-pages"), { recursive: true });
    pnpm(["pack", "--pack-destination", outDir], stage);
    return join(outDir, `${manifest.name}-${manifest.version}.tgz`);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * Packs `enginekit` and {@link LIBRARIES} into `outDir` (created; earlier tarballs there are removed).
 * @returns absolute paths: `command` (`enginekit-<version>.tgz`) and `libraries` (`enginekit-<name>-<version>.tgz`).
 */
export async function packAll(outDir) {
  const out = resolve(outDir);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const command = await packCommand(out);
  pnpm(
    [
      "-r",
      ...LIBRARIES.flatMap((name) => ["--filter", name]),
      "pack",
      "--pack-destination",
      out,
      `--config.pnpmfile=${HOOKS}`,
    ],
    root,
  );
  const libraries = (await readdir(out))
    .map((f) => join(out, f))
    .filter((f) => f.endsWith(".tgz") && f !== command)
    .sort();
  return { command, libraries };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const { command, libraries } = await packAll(process.argv[2] ?? join(root, "dist-packages"));
    for (const tarball of [command, ...libraries]) console.log(tarball);
  } catch (error) {
    console.error(`pack: ${error.message}`);
    process.exit(1);
  }
}
