/**
 * The CI integrations as users run them, with the `enginekit` package installed from its tarball:
 * - the GitHub Action: its lint step's script (tools/github-action/lint.sh) run with the `INPUT_*`
 *   variables action.yml's `env:` maps from the inputs (defaults taken from action.yml, `${{ inputs.x }}`
 *   substituted as the runner does), checking annotations, the SARIF log and `$GITHUB_OUTPUT`;
 * - the pre-commit hook: Debian's `pre-commit try-repo` against this repository in a temporary git repo.
 */
import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { skipIf } from "../../../vitest.shared.js";
import { packCommand } from "../pack.mjs";

const repo = resolve(import.meta.dirname, "..", "..", "..");
const nodeDir = dirname(process.execPath);
let work: string;
let tarball: string;
let prefixBin: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "enginekit-ci-"));
  tarball = await packCommand(join(work, "tarballs"));
  const env = { ...process.env, PATH: `${nodeDir}${delimiter}${process.env.PATH}` };
  const prefix = join(work, "prefix");
  const r = spawnSync(
    "npm",
    ["install", "--global", "--prefix", prefix, tarball, "--no-audit", "--no-fund"],
    {
      env,
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`npm install --global failed: ${r.stderr}`);
  prefixBin = join(prefix, "bin");
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** A workspace like a user's checkout: Enginefiles with findings and a manifest. */
async function userWorkspace(name: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(join(dir, "deploy"), { recursive: true });
  await writeFile(join(dir, "Enginefile"), "FROM alpine:3.20\nRUN apk add curl=8.9.1-r0\n");
  await writeFile(join(dir, "deploy", "web.container.yaml"), "Image: alpine:3.20\nTty: maybe\n");
  await writeFile(join(dir, "notes.md"), "not linted\n");
  return dir;
}

interface ActionStep {
  id?: string;
  run?: string;
  env?: Record<string, string>;
}
const action = parse(await readFile(join(repo, "action.yml"), "utf8")) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: ActionStep[] };
};

/**
 * Runs the action's lint step as the runner would: its `env:` with `${{ inputs.x }}` replaced by the
 * given input or action.yml's default, GITHUB_OUTPUT and RUNNER_TEMP set, in `cwd`.
 */
function runLintStep(cwd: string, inputs: Record<string, string>, path: string) {
  const step = action.runs.steps.find((s) => s.id === "lint")!;
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.env ?? {}))
    env[name] = value.replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, input: string) => {
      if (!(input in action.inputs)) throw new Error(`action.yml maps an undeclared input ${input}`);
      return inputs[input] ?? action.inputs[input]!.default ?? "";
    });
  const output = join(cwd, `github-output-${Object.keys(inputs).join("-")}`);
  const script = step.run!.replace('"$GITHUB_ACTION_PATH/', `"${repo}/`);
  const r = spawnSync("bash", ["-c", script], {
    cwd,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, ...env, PATH: path, GITHUB_OUTPUT: output, RUNNER_TEMP: join(cwd, "runner-temp") },
  });
  const outputs = Object.fromEntries(
    spawnSync("cat", [output], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, outputs };
}

describe("the GitHub Action (action.yml)", () => {
  it("is a composite action whose lint step gets every input but the step switches through env", () => {
    expect(action.runs.using).toBe("composite");
    const step = action.runs.steps.find((s) => s.id === "lint")!;
    expect(step.run).toBe('bash "$GITHUB_ACTION_PATH/tools/github-action/lint.sh"');
    const mapped = Object.values(step.env ?? {}).map((v) => /inputs\.([\w-]+)/.exec(v)?.[1]);
    expect(mapped.sort()).toEqual(["config", "failure-threshold", "paths", "sarif-file", "version"]);
    // inputs never reach a shell line directly (script injection)
    for (const s of action.runs.steps) expect(s.run ?? "").not.toContain("${{");
  });

  it("installs the given tarball with npm, annotates every finding, writes SARIF and its outputs", async () => {
    const cwd = await userWorkspace("action-install");
    const r = runLintStep(
      cwd,
      { version: tarball, paths: "Enginefile\ndeploy" },
      `${nodeDir}${delimiter}/usr/bin${delimiter}/bin`,
    );
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const annotations = r.stdout
      .split("\n")
      .filter((l) => l.startsWith("::") && !l.startsWith("::group") && !l.startsWith("::endgroup"));
    expect(annotations).toEqual([
      expect.stringMatching(/^::notice file=Enginefile,line=2,col=9,.*title=enginekit apk-no-cache::/),
      expect.stringMatching(
        /^::error file=deploy\/web\.container\.yaml,line=2,col=6,.*manifest\/invalid-type::/,
      ),
    ]);
    expect(r.outputs).toEqual({ "exit-code": "1", "sarif-file": "enginekit.sarif" });
    const sarif = JSON.parse(await readFile(join(cwd, "enginekit.sarif"), "utf8"));
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId).sort()).toEqual([
      "apk-no-cache",
      "manifest/invalid-type",
    ]);
  }, 120_000);

  it("uses enginekit on PATH when it is the wanted version; the threshold and config inputs reach lint", async () => {
    const cwd = await userWorkspace("action-path");
    await writeFile(join(cwd, "strict.yaml"), "rules:\n  apk-no-cache: error\n");
    const path = `${nodeDir}${delimiter}${prefixBin}${delimiter}/usr/bin${delimiter}/bin`;
    const relaxed = runLintStep(cwd, { "failure-threshold": "none", "sarif-file": "" }, path);
    expect(relaxed.stdout).not.toContain("npm install");
    expect(relaxed.outputs).toEqual({ "exit-code": "0", "sarif-file": "" });
    const strict = runLintStep(cwd, { config: "strict.yaml", paths: "Enginefile" }, path);
    expect(strict.stdout).toMatch(/^::error file=Enginefile,line=2,col=9,.*apk-no-cache::/m);
    expect(strict.outputs["exit-code"]).toBe("1");
  });

  it("refuses a bad failure-threshold with one error annotation and exit 2", async () => {
    const r = runLintStep(
      await userWorkspace("action-bad"),
      { "failure-threshold": "fatal" },
      `${nodeDir}${delimiter}${prefixBin}${delimiter}/usr/bin${delimiter}/bin`,
    );
    expect(r.code).toBe(2);
    expect(r.stdout.trim()).toBe(
      '::error title=enginekit action::failure-threshold must be error, warning, info, style or none, not "fatal"',
    );
  });
});

const preCommit = spawnSync("pre-commit", ["--version"], { encoding: "utf8" }).status === 0;
describe(
  "the pre-commit hook (.pre-commit-hooks.yaml)",
  skipIf(!preCommit && !process.env.CI, "pre-commit is not installed"),
  () => {
    it("runs enginekit lint on the Enginefiles, Dockerfiles and manifests of a repository (pre-commit try-repo)", async () => {
      const dir = await userWorkspace("pre-commit-user");
      await mkdir(join(dir, "svc"), { recursive: true });
      await writeFile(
        join(dir, "svc", "Dockerfile"),
        "FROM alpine:3.20\nRUN apk add --no-cache curl=8.9.1-r0\n",
      );
      await cp(join(dir, "Enginefile"), join(dir, "svc", "worker.Dockerfile"));
      const env = {
        ...process.env,
        PATH: `${nodeDir}${delimiter}${prefixBin}${delimiter}${process.env.PATH}`,
        PRE_COMMIT_HOME: join(work, "pre-commit-home"),
        NO_COLOR: "1",
      };
      const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
      git("init", "-q");
      git("add", "-A");
      const run = () =>
        spawnSync(
          "pre-commit",
          ["try-repo", repo, "enginekit-lint", "--all-files", "--verbose", "--color=never"],
          {
            cwd: dir,
            env,
            encoding: "utf8",
            timeout: 60_000,
          },
        );
      const failing = run();
      expect(failing.status, failing.stderr).toBe(1);
      expect(failing.stdout).toMatch(/enginekit lint\.+Failed/);
      // Enginefile, deploy/web.container.yaml, svc/Dockerfile, svc/worker.Dockerfile — not notes.md
      expect(failing.stdout).toContain("3 findings (1 error, 2 info) in 4 files.");
      await writeFile(join(dir, "Enginefile"), "FROM alpine:3.20\nRUN apk add --no-cache curl=8.9.1-r0\n");
      await cp(join(dir, "Enginefile"), join(dir, "svc", "worker.Dockerfile"));
      await writeFile(join(dir, "deploy", "web.container.yaml"), "Image: alpine:3.20\nTty: true\n");
      git("add", "-A");
      const passing = run();
      expect(passing.status, passing.stdout).toBe(0);
      expect(passing.stdout).toMatch(/enginekit lint\.+Passed/);
    }, 120_000);
  },
);

describe("links in what users read lead somewhere (issue 30)", () => {
  it("no link to the documentation site or the repository placeholder, neither of which exists", async () => {
    const git = spawnSync(
      "git",
      [
        "ls-files",
        "README.md",
        "docs",
        ".pre-commit-hooks.yaml",
        "action.yml",
        "packages/*/src",
        "packages/*/README.md",
      ],
      {
        cwd: repo,
        encoding: "utf8",
      },
    );
    const files = git.stdout.split("\n").filter(Boolean);
    expect(files.length).toBeGreaterThan(50);
    const dead: string[] = [];
    for (const file of files) {
      const text = await readFile(join(repo, file), "utf8");
      // the JSON Schemas' `$id` (https://enginekit.dev/schemas/…) is a name, not a link: not matched here
      for (const m of text.matchAll(
        /https?:\/\/(enginekit\.dev\/docs|github\.com\/enginekit\/enginekit)\S*/g,
      ))
        dead.push(`${file}: ${m[0]}`);
    }
    expect(dead).toEqual([]);
  });
});
