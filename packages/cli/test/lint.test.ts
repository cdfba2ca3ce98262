import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../vitest.shared.js";
import { LINT_FORMAT_NAMES } from "../src/commands/lint-options.js";
import type { CliIo } from "../src/io.js";
import { runCli } from "../src/program.js";

/** Runs `enginekit` in-process in `cwd` with the given stdin text and environment. */
async function run(
  argv: string[],
  options: { cwd: string; stdin?: string; env?: NodeJS.ProcessEnv; tty?: boolean },
) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: options.env ?? {},
    cwd: options.cwd,
    isTTY: options.tty ?? false,
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const roots: string[] = [];
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "enginekit-cli-lint-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

const FILES = {
  Enginefile: "FROM ubuntu\nRUN apt-get install curl\n",
  "web.container.yaml": "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 5\n",
  "clean/Enginefile": 'FROM alpine:3.20\nUSER 10001\nCMD ["sh"]\n',
};

describe("enginekit lint: exit codes", () => {
  const root = project(FILES);

  test("0 when nothing is at or above the failure threshold", async () => {
    const r = await run(["lint", "clean"], { cwd: root });
    expect(r).toEqual({ code: 0, stdout: "No findings in 1 file.\n", stderr: "" });
    expect((await run(["lint", "--failure-threshold", "none"], { cwd: root })).code).toBe(0);
  });

  test("1 with findings; the threshold decides", async () => {
    const r = await run(["lint"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("web.container.yaml\n  3:16    error   manifest/limit");
    expect((await run(["lint", "Enginefile", "-t", "error"], { cwd: root })).code).toBe(0);
    expect(
      (await run(["lint", "Enginefile", "--rule", "untagged-base-image=error", "-t", "error"], { cwd: root }))
        .code,
    ).toBe(1);
  });

  test("2 for usage and configuration errors, naming file, line and column", async () => {
    const bad = project({
      Enginefile: "FROM a:1\n",
      ".enginekit.yaml": "rules:\n  no-sudo: off\n  no-sodu: off\n",
    });
    expect(await run(["lint"], { cwd: bad })).toEqual({
      code: 2,
      stdout: "",
      stderr: `enginekit: ${join(bad, ".enginekit.yaml")}:3:3: unknown rule "no-sodu"; did you mean "no-sudo"? (see enginekit lint --list-rules)\n`,
    });
    expect((await run(["lint", "--rule", "nope=off"], { cwd: root })).stderr).toBe(
      'enginekit: --rule nope=off: unknown rule "nope" (see enginekit lint --list-rules)\n',
    );
    expect((await run(["lint", "--rule", "apk-no-cahce=off"], { cwd: root })).stderr).toBe(
      'enginekit: --rule apk-no-cahce=off: unknown rule "apk-no-cahce"; did you mean "apk-no-cache"? (see enginekit lint --list-rules)\n',
    );
    expect((await run(["lint", "--explain", "Final-User-Root"], { cwd: root })).stderr).toContain(
      'did you mean "final-user-root"?',
    );
    expect((await run(["lint", "--format", "xml"], { cwd: root })).code).toBe(2);
    expect((await run(["lint", "missing"], { cwd: root })).stderr).toBe(
      "enginekit: missing: no such file or directory\n",
    );
    expect((await run(["lint", "-"], { cwd: root, stdin: "FROM a\n" })).code).toBe(2);
    expect((await run(["lint", "--explain", "nope"], { cwd: root })).code).toBe(2);
    expect(await run(["lint", "--concurrency", "0"], { cwd: root })).toEqual({
      code: 2,
      stdout: "",
      stderr: 'enginekit: --concurrency must be auto, off or a number of threads from 1 to 999 (got "0")\n',
    });
  });

  test("a pattern the engine refuses in an ignore file is an error finding there (exit 1), not a usage error", async () => {
    const ignore = project({ Enginefile: "FROM a:1\n", ".engineignore": "a/[\n" });
    const r = await run(["lint"], { cwd: ignore });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(".engineignore");
    expect(r.stdout).toContain("ignore-pattern-syntax");
    expect(r.stdout).toContain("The engine refuses this pattern: syntax error in pattern");
  });

  test("3 when an output file cannot be written (here: a folder is in the way)", async () => {
    const r = await run(["lint", "clean", "--format", "json=clean"], { cwd: root });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^enginekit: cannot write clean: /);
  });
});

describe("enginekit lint: the engine API version manifests target", () => {
  const manifest = "Image: alpine:3.20\nStopTimeout: 30\nHostConfig: {Init: true, CgroupnsMode: host}\n";

  test("1.24 by default: later fields are manifest/api-version warnings naming their version", async () => {
    const root = project({ "web.container.yaml": manifest });
    const r = await run(["lint", "-f", "json", "--no-config"], { cwd: root });
    const findings = JSON.parse(r.stdout).files[0].findings as { ruleId: string; message: string }[];
    expect(findings.map((f) => f.ruleId)).toEqual([
      "manifest/api-version",
      "manifest/api-version",
      "manifest/api-version",
    ]);
    expect(findings[2]?.message).toContain("added in engine API 1.41");
    expect((await run(["lint", "-t", "error", "--no-config"], { cwd: root })).code).toBe(0);
  });

  test("--api-version and .enginekit.yaml apiVersion set the target; the flag wins", async () => {
    const root = project({ "web.container.yaml": manifest, ".enginekit.yaml": 'apiVersion: "1.25"\n' });
    const fromConfig = await run(["lint", "-f", "json"], { cwd: root });
    expect(
      JSON.parse(fromConfig.stdout).files[0].findings.map((f: { message: string }) => f.message),
    ).toEqual([expect.stringContaining("HostConfig.CgroupnsMode was added in engine API 1.41")]);
    expect(await run(["lint", "--api-version", "1.41"], { cwd: root })).toMatchObject({ code: 0 });
  });

  test("a bad version exits 2 with one line", async () => {
    const root = project({ "web.container.yaml": manifest, ".enginekit.yaml": 'apiVersion: "2.0"\n' });
    const flag = await run(["lint", "--api-version", "1.99", "--no-config"], { cwd: root });
    expect(flag).toEqual({
      code: 2,
      stdout: "",
      stderr: "enginekit: --api-version 1.99: use an engine API version from 1.12 to 1.41, e.g. 1.41\n",
    });
    const config = await run(["lint"], { cwd: root });
    expect(config.code).toBe(2);
    expect(config.stderr).toContain("apiVersion must be an engine API version from 1.12 to 1.41");
  });
});

describe("enginekit lint: formats, several at once", () => {
  const root = project(FILES);

  test.each(["stylish", "json", "sarif", "github", "checkstyle", "junit", "gitlab"])(
    "%s to stdout and to a file",
    async (format) => {
      const out = await run(["lint", "--format", format], { cwd: root });
      expect(out.code).toBe(1);
      const file = await run(["lint", "--format", `${format}=out/report.${format}`], { cwd: root });
      expect(file.stdout).toBe("");
      expect(readFileSync(join(root, "out", `report.${format}`), "utf8")).toBe(out.stdout);
    },
  );

  test("sarif to a file and stylish to stdout in one run", async () => {
    const r = await run(["lint", "--format", "sarif=lint.sarif", "--format", "stylish"], { cwd: root });
    expect(r.stdout).toContain("manifest/limit");
    const sarif = JSON.parse(readFileSync(join(root, "lint.sarif"), "utf8")) as {
      version: string;
      runs: { results: unknown[] }[];
    };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]?.results.length).toBeGreaterThan(2);
  });

  test("colour only on a terminal, never with NO_COLOR", async () => {
    expect((await run(["lint"], { cwd: root, tty: true })).stdout).toContain("\u001b[");
    expect((await run(["lint"], { cwd: root, tty: true, env: { NO_COLOR: "1" } })).stdout).not.toContain(
      "\u001b[",
    );
    expect((await run(["lint", "--color"], { cwd: root })).stdout).toContain("\u001b[");
  });
});

describe("enginekit lint: stdin, --fix, --list-rules, --explain", () => {
  test("stdin with --stdin-filename", async () => {
    const root = project({});
    const r = await run(["lint", "-", "--stdin-filename", "api.service.yaml", "--format", "json"], {
      cwd: root,
      stdin: "Name: api\nTaskTemplate:\n  ContainerSpec: {}\n",
    });
    const out = JSON.parse(r.stdout) as {
      files: { path: string; kind: string; findings: { ruleId: string }[] }[];
    };
    expect(out.files[0]?.path).toBe("api.service.yaml");
    expect(out.files[0]?.kind).toBe("manifest");
    expect(out.files[0]?.findings.map((f) => f.ruleId)).toContain("manifest/missing-field");
  });

  test("stdin gives the same report as the file on disk: a byte-order mark kept, UTF-8 split across chunks", async () => {
    const text = '\uFEFFFROM ubuntu:24.04\nLABEL description="café ☕"\nRUN sudo apt-get install -y curl\n';
    const root = project({ Enginefile: text });
    const bytes = Buffer.from(text);
    const stdin = Readable.from([bytes.subarray(0, 2), bytes.subarray(2, 47), bytes.subarray(47)]);
    expect(bytes.subarray(0, 47).toString("utf8")).toContain("\uFFFD"); // the cuts fall inside the mark and inside ☕
    const io = (out: { text: string }): CliIo => ({
      stdout: (t) => void (out.text += t),
      stderr: () => undefined,
      env: {},
      cwd: root,
      isTTY: false,
      stdin,
    });
    const fromStdin = { text: "" };
    await runCli(
      ["lint", "-", "--stdin-filename", "Enginefile", "--format", "json", "--no-shellcheck"],
      io(fromStdin),
    );
    const fromFile = await run(["lint", "Enginefile", "--format", "json", "--no-shellcheck"], { cwd: root });
    const findings = (json: string) =>
      (JSON.parse(json) as { files: { findings: { ruleId: string; range: unknown }[] }[] }).files[0]
        ?.findings;
    expect(findings(fromStdin.text)?.map((f) => f.ruleId)).toContain("no-sudo");
    expect(findings(fromStdin.text)).toEqual(findings(fromFile.stdout));
  });

  test("--fix rewrites the files and reports what is left", async () => {
    const root = project({ Enginefile: "FROM ubuntu:24.04\nRUN apt install -y curl\nMAINTAINER me\n" });
    const r = await run(["lint", "--fix"], { cwd: root });
    expect(readFileSync(join(root, "Enginefile"), "utf8")).toBe(
      'FROM ubuntu:24.04\nRUN apt-get install --no-install-recommends -y curl\nLABEL org.opencontainers.image.authors="me"\n',
    );
    expect(r.stdout).toContain("apt-lists-cleanup");
    expect(r.stdout).toContain("3 fixes applied.");
  });

  test("the help lists every output format (the list is kept beside the lazily loaded linter)", async () => {
    const { FORMAT_NAMES } = await import("@enginekit/lint");
    expect([...LINT_FORMAT_NAMES].sort()).toEqual([...FORMAT_NAMES].sort());
    const help = await run(["lint", "--help"], { cwd: tmpdir() });
    for (const name of FORMAT_NAMES) expect(help.stdout).toContain(name);
  });

  test("--list-rules and --explain", async () => {
    const root = project({});
    const list = await run(["lint", "--list-rules"], { cwd: root });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^add-instead-of-copy +warning +enginefile +fix +/m);
    expect(list.stdout).toMatch(/^manifest\/limit +error +manifest/m);
    const explain = await run(["lint", "--explain", "healthcheck-options"], { cwd: root });
    expect(explain.stdout).toMatch(/^# healthcheck-options\n/);
    // issue 30: the flag as written, not BuildKit's 'Interval "interval" cannot be less than 1ms'
    expect(explain.stdout).toContain(
      "--interval=500us is less than 1ms: use 0 (the default) or at least 1ms.",
    );
    expect(explain.stdout).not.toContain('Interval "interval"');
    const byPeer = await run(["lint", "--explain", "StageNameCasing"], { cwd: root });
    expect(byPeer.stdout).toMatch(/^# stage-name-casing\n/);
    // Compose rules by dclint's and compose-lint's names
    expect((await run(["lint", "--explain", "CL-0001"], { cwd: root })).stdout).toMatch(
      /^# compose\/engine-socket\n/,
    );
    expect((await run(["lint", "--explain", "no-version-field"], { cwd: root })).stdout).toMatch(
      /^# compose\/version-field\n/,
    );
  });

  test("--rule-docs: SARIF links the pages where the team hosts them, and only then (issue 30)", async () => {
    const root = project({ Enginefile: "FROM alpine:3.20\nMAINTAINER me\n" });
    const rule = async (args: string[]) => {
      const r = await run(["lint", "--format", "sarif", ...args, "Enginefile"], { cwd: root });
      expect(r.code).toBe(1);
      return JSON.parse(r.stdout).runs[0].tool.driver.rules.find(
        (x: { id: string }) => x.id === "maintainer-deprecated",
      ) as { helpUri?: string; help: { markdown: string } };
    };
    expect((await rule([])).helpUri).toBeUndefined();
    const hosted = await rule(["--rule-docs", "https://docs.example/rules/{id}.html"]);
    expect(hosted.helpUri).toBe("https://docs.example/rules/maintainer-deprecated.html");
    expect(hosted.help.markdown).toContain("(https://docs.example/rules/maintainer-deprecated.html)");
    expect(await run(["lint", "--rule-docs", "docs/rules", "Enginefile"], { cwd: root })).toMatchObject({
      code: 2,
      stderr:
        'enginekit: --rule-docs: "docs/rules" is not an absolute URL (e.g. https://docs.example/enginekit/rules/)\n',
    });
  });

  test("hadolint users: DL codes in --rule, # hadolint ignore= and a .hadolint.yaml", async () => {
    const root = project({
      Enginefile:
        "FROM alpine:3.20\n# hadolint ignore=DL3004\nRUN sudo a\nWORKDIR /w\nRUN sudo b\nADD x.txt /x\n",
      ".hadolint.yaml": "ignored: [DL3020]\nfailure-threshold: error\n",
    });
    const json = async (args: string[]) => {
      const r = await run(["lint", "Enginefile", "--format", "json", ...args], { cwd: root });
      const out = JSON.parse(r.stdout) as { files: { findings: { ruleId: string }[] }[] };
      return { code: r.code, rules: out.files[0]?.findings.map((f) => f.ruleId) };
    };
    // line 3 is suppressed by the pragma; ADD is ignored by the hadolint config; warnings do not fail
    expect(await json([])).toEqual({ code: 0, rules: ["no-sudo"] });
    expect(await json(["--rule", "DL3004=off"])).toEqual({ code: 0, rules: [] });
    expect((await run(["lint", "--rule", "DL9999=off", "Enginefile"], { cwd: root })).code).toBe(2);
  });
});

describe("enginekit lint --online against the secrets dev server (real HTTP)", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startDevServer({
      seed: { secrets: { "secret/app/db": { username: "app", password: "pw-1" } } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const manifest = [
    "Image: alpine:3.20",
    "Env:",
    "  - DB_USER=svc:secret/data/app/db#username",
    "  - DB_PASSWORD=svc:secret/app/db#password",
    "  - DB_PASS=svc:secret/data/app/db#pasword",
    "  - API_KEY=svc:secret/data/app/api#key",
    "",
  ].join("\n");

  test("KV v2 path without data/, missing field, missing secret — never a secret value", async () => {
    const root = project({ "web.container.yaml": manifest });
    const env = { SVC_ADDR: server.address, SVC_TOKEN: server.rootToken };
    const r = await run(["lint", "--online", "--format", "json"], { cwd: root, env });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      files: { findings: { ruleId: string; range: { start: { line: number } } }[] }[];
    };
    expect(out.files[0]?.findings.map((f) => `${f.range.start.line} ${f.ruleId}`)).toEqual([
      "4 secret-ref/kv2-path",
      "5 secret-ref/field-not-found",
      "6 secret-ref/not-found",
    ]);
    expect(r.stdout).not.toContain("pw-1");
    const fixed = await run(["lint", "--online", "--fix", "--format", "json"], { cwd: root, env });
    expect(readFileSync(join(root, "web.container.yaml"), "utf8")).toContain(
      "DB_PASSWORD=svc:secret/data/app/db#password",
    );
    expect(readFileSync(join(root, "web.container.yaml"), "utf8")).toContain(
      "DB_PASS=svc:secret/data/app/db#password",
    );
    expect(fixed.code).toBe(1);
  });

  test("a reference the service refuses (403) is a finding: exit 1, not 3", async () => {
    const root = project({ "web.container.yaml": "Image: alpine:3.20\nEnv:\n  - KEY=svc:nope/app#key\n" });
    const env = { SVC_ADDR: server.address, SVC_TOKEN: server.rootToken };
    const r = await run(["lint", "--online", "--format", "json"], { cwd: root, env });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { files: { findings: { ruleId: string; severity: string }[] }[] };
    expect(out.files[0]?.findings.map((f) => `${f.ruleId} ${f.severity}`)).toEqual([
      "secret-ref/forbidden error",
    ]);
  });

  test("exit 3 when the secrets service does not answer; 2 without an address", async () => {
    const root = project({ "web.container.yaml": manifest });
    const down = await run(["lint", "--online"], {
      cwd: root,
      env: { SVC_ADDR: "http://127.0.0.1:9", SVC_TOKEN: "t" },
    });
    expect(down.code).toBe(3);
    expect(down.stdout).toContain("secret-ref/unreachable");
    expect((await run(["lint", "--online"], { cwd: root, env: {} })).code).toBe(2);
  });
});

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the bundled examples (the README's first command)", () => {
  test("examples/enginefiles: api is clean; web and worker show one finding per deliberate mistake", async () => {
    const examples = join(packageDir, "..", "..", "examples");
    const r = await run(["lint", "enginefiles", "--format", "json"], { cwd: examples });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { files: { path: string; findings: { ruleId: string }[] }[] };
    const rules = Object.fromEntries(
      out.files.map((f) => [f.path, [...new Set(f.findings.map((x) => x.ruleId))].sort()]),
    );
    expect(rules["enginefiles/api/Enginefile"]).toEqual([]);
    expect(rules["enginefiles/web/Enginefile"]).toEqual([
      "apk-no-cache",
      "copy-destination-slash",
      "copy-from-unknown-stage",
      "copy-ignored-file",
      "exec-form-command",
      "expose-host-port",
      "expose-proto-casing",
      "healthcheck-options",
      "latest-base-image",
      "maintainer-deprecated",
      "stage-name-casing",
    ]);
    // its two RUNs of lines 8–9 each chain commands, so consecutive-run leaves them alone (hadolint DL3059)
    expect(rules["enginefiles/worker/Enginefile"]).toHaveLength(17);
  });
});
const bin = join(packageDir, "dist", "bin.js");
const node24 = join(packageDir, "..", "..", "node_modules", ".bin", "node");
const built = existsSync(bin);
if (!built && process.env.CI) throw new Error(`${bin} is missing: build @enginekit/cli first (pnpm build)`);

describe("the built bin, spawned", skipIf(!built, NEEDS_BUILD), () => {
  test("lints the bundled examples and exits 1; --format github", async () => {
    const examples = join(packageDir, "..", "..", "examples");
    const r = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        node24,
        [bin, "lint", examples, "--format", "github"],
        { env: { PATH: process.env.PATH } },
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=.*manifests\/broken\.container\.yaml,line=\d+/m);
  }, 30_000);
});
