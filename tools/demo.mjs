#!/usr/bin/env node
// The README's main job on the bundled examples: builds the workspace, makes sure a real engine runs
// (ENGINE_HOST, or a private one from tools/engine/start.sh, stopped again at the end), then runs the
// `enginekit` commands on `examples/`: lint (the main job), build --list, and a real build.
// Exit code: 0 when every step behaved as expected (lint exiting 1 on the examples' findings is expected).
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureEngine } from "./with-engine.mjs";

const root = join(import.meta.dirname, "..");
const bin = join(root, "packages", "cli", "dist", "bundle", "enginekit.js");

function step(title, args, okCodes = [0]) {
  console.log(`\n\x1b[1m$ enginekit ${args.join(" ")}\x1b[0m   # ${title}`);
  const r = spawnSync(process.execPath, [bin, ...args], { stdio: "inherit", cwd: root, env: process.env });
  const ok = okCodes.includes(r.status ?? -1);
  if (!ok) console.error(`demo: step "${title}" exited ${r.status}`);
  return ok;
}

const build = spawnSync("npx", ["-y", "pnpm@10.34.9", "run", "build"], { stdio: "inherit", cwd: root });
if (build.status !== 0) process.exit(build.status ?? 1);

const engine = await ensureEngine({ required: false });
let ok = true;
try {
  // lint exits 1 because the examples deliberately contain findings worth seeing.
  ok =
    step("lint the bundled Enginefiles, manifests and Compose project", ["lint", "examples"], [0, 1]) && ok;
  ok =
    step("what the build context would send, and why the rest is excluded", [
      "build",
      "--list",
      "examples/build",
    ]) && ok;
  if (process.env.ENGINE_HOST) {
    ok =
      // The private engine (tools/engine) runs without a bridge network, so RUN steps get none.
      step("build the bundled example on the real engine", [
        "build",
        "--network",
        "none",
        "-t",
        "enginekit/example:demo",
        "examples/build",
      ]) && ok;
    ok = step("the engine we talked to", ["engine", "info"]) && ok;
  } else {
    console.log("\n(no engine could be started: writing the build context to a file instead)");
    ok =
      step("write the build context as a tar", [
        "build",
        "--output",
        join(tmpdir(), "enginekit-demo-context.tar"),
        "examples/build",
      ]) && ok;
  }
} finally {
  await engine.stop();
}
process.exit(ok ? 0 : 1);
