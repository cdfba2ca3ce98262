/**
 * `enginekit build` with BuildKit on the real engine (tools/engine: docker.io 20.10, no bridge network, so
 * RUN steps use `--network none`): mounts only BuildKit builds, `--target`, build arguments, progress
 * displays, a failing step reported with its log and Enginefile line, syntax the engine's frontend
 * predates, and the builder choice. Skips outside CI without ENGINE_HOST.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_BUILD, NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { built, bundle, node } from "./faults/run-command.js";
import { runCaptured } from "./run-in-process.js";

/** `script` (util-linux) runs a command on a pseudo-terminal; without it the terminal test is skipped. */
const hasScript = spawnSync("script", ["--version"]).status === 0;
if (!hasScript) console.warn("skip: no `script` command (util-linux) for the terminal test");

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

describe("enginekit build with BuildKit on the real engine", skipIf(!host, NEEDS_ENGINE), () => {
  const tag = `enginekit-test/buildkit:${process.pid}`;
  const env = { ENGINE_HOST: host! };
  afterAll(async () => {
    const engine = new EngineClient({ host: host! });
    await engine.images.remove(tag, { force: true }).catch(() => undefined);
    await engine.close();
  });

  it("builds RUN --mount=type=cache|tmpfs|bind with --target and build arguments; numbered steps on stderr, the ID alone on stdout", async () => {
    const ctx = tree({
      "data.txt": "from the bind mount\n",
      Enginefile: [
        `FROM ${BUSYBOX_IMAGE} AS base`,
        "ARG GREETING=unset",
        "RUN --mount=type=cache,target=/cache echo cached-$GREETING >> /cache/log && cat /cache/log | tail -1",
        "RUN --mount=type=tmpfs,target=/t echo in-tmpfs > /t/x && cat /t/x && mount | grep -c ' /t '",
        "RUN --mount=type=bind,source=data.txt,target=/d.txt cat /d.txt",
        'RUN echo "$GREETING" > /greeting',
        "FROM base AS unused",
        "RUN exit 9",
        "",
      ].join("\n"),
    });
    // biome-ignore format: one flag and its value per pair
    const flags = ["--target", "base", "--network", "none", "--build-arg", "GREETING=hi", "--progress", "plain", "--label", "org.example.built-by=enginekit"];
    const iidfile = join(ctx, "..", `iid-${process.pid}`);
    const r = await runCaptured(
      [
        "build",
        ctx,
        "-t",
        tag,
        ...flags,
        "--no-cache",
        "--label",
        "org.example.built-by=enginekit",
        "--iidfile",
        iidfile,
      ],
      env,
    );
    expect(r.stderr).not.toMatch(/enginekit:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sha256:[0-9a-f]{64}\n$/);
    expect(r.stderr).toMatch(/#\d+ \[base 2\/5\] RUN --mount=type=cache,target=\/cache echo cached-hi/);
    expect(r.stderr).toMatch(/#\d+ \d+\.\d{3} cached-hi\n/);
    expect(r.stderr).toMatch(/#\d+ \d+\.\d{3} in-tmpfs\n/);
    expect(r.stderr).toMatch(/#\d+ \d+\.\d{3} from the bind mount\n/);
    expect(r.stderr).toMatch(/#\d+ DONE \d+\.\ds\n/);
    expect(r.stderr).not.toMatch(/exit 9/); // the other stage is not built
    const engine = new EngineClient({ host: host! });
    try {
      const image = await engine.images.inspect(tag);
      expect(image.Id).toBe(r.stdout.trim());
      expect(readFileSync(iidfile, "utf8")).toBe(image.Id);
      expect(image.Config?.Labels).toMatchObject({ "org.example.built-by": "enginekit" });
      const history = await engine.images.history(tag);
      expect(history.map((h) => h.CreatedBy).join("\n")).toContain('echo "$GREETING" > /greeting');
    } finally {
      await engine.close();
    }

    // the same build again: every step CACHED
    const again = await runCaptured(["build", ctx, ...flags], env);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(r.stdout.trim());
    expect(again.stderr.match(/#\d+ CACHED/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it("a failing step: its log lines and the Enginefile line it came from, then the engine's error; exit 1", async () => {
    const ctx = tree({
      Enginefile: `FROM ${BUSYBOX_IMAGE}\nENV A=1\nRUN echo fine\nRUN echo first line; \\\n  echo PASSWORD=hunter2 >&2; exit 3\nRUN echo never\n`,
    });
    const r = await runCaptured(["build", ctx, "--network", "none", "--progress", "quiet"], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    // stdout and stderr of the step, in the order the engine received them
    expect(r.stderr).toMatch(
      /^------\n > \[3\/4\] RUN echo first line; {3}echo PASSWORD=hunter2 >&2; exit 3:\n(first line\nPASSWORD=hunter2|PASSWORD=hunter2\nfirst line)\n------\n/,
    );
    expect(r.stderr).toContain(
      [
        "Enginefile:4",
        "--------------------",
        " 2 |     ENV A=1",
        " 3 |     RUN echo fine",
        " 4 | >>> RUN echo first line; \\",
        " 5 | >>>   echo PASSWORD=******* >&2; exit 3",
        " 6 |     RUN echo never",
        "--------------------",
      ].join("\n"),
    );
    expect(r.stderr).toMatch(/enginekit: build failed: executor failed running .*: exit code: 3\n$/);
  });

  it("--progress=rawjson prints each status as a JSON line; tty falls back to plain off a terminal", async () => {
    const ctx = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN echo raw-output\n` });
    const raw = await runCaptured(
      ["build", ctx, "--network", "none", "--progress", "rawjson", "--no-cache"],
      env,
    );
    expect(raw.code).toBe(0);
    const lines = raw.stderr
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { vertexes: { name: string }[]; logs: { data: string }[] });
    expect(lines.flatMap((l) => l.vertexes.map((v) => v.name))).toContain("[2/2] RUN echo raw-output");
    const logs = lines.flatMap((l) => l.logs.map((x) => Buffer.from(x.data, "base64").toString()));
    expect(logs.join("")).toContain("raw-output\n");
    const tty = await runCaptured(["build", ctx, "--network", "none", "--progress", "tty"], env);
    expect(tty.code).toBe(0);
    expect(tty.stderr).toMatch(/#\d+ \[2\/2\] RUN echo raw-output\n#\d+ CACHED/);
  });

  it("--builder classic and DOCKER_BUILDKIT=0 use the classic builder, which refuses RUN --mount", async () => {
    const ctx = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN --mount=type=tmpfs,target=/t true\n` });
    for (const [args, extra] of [
      [["--builder", "classic"], {}],
      [[], { DOCKER_BUILDKIT: "0" }],
    ] as const) {
      const r = await runCaptured(["build", ctx, ...args], { ...env, ...extra });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/the --mount option requires BuildKit/);
    }
    const bad = await runCaptured(["build", ctx, "--builder", "classic", "--secret", "id=a,env=A"], {
      ...env,
      A: "x",
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      "enginekit: --secret needs BuildKit; the classic builder was chosen (--builder classic)\n",
    );
  });

  it("syntax the engine's frontend predates is one line naming the instruction and what the engine lacks", async () => {
    const heredoc = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN <<EOF\necho hi\nEOF\n` });
    const r = await runCaptured(["build", heredoc, "--network", "none", "--progress", "quiet"], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^enginekit: Enginefile:2: RUN <<EOF: the engine's built-in Dockerfile frontend \(API 1\.\d+\) predates heredocs \(Dockerfile syntax 1\.4\) and read line 3 as an instruction; build on an engine ≥ 23\.0, whose BuildKit has a newer frontend\n$/m,
    );
    const link = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nCOPY --link Enginefile /x\n` });
    const l = await runCaptured(["build", link, "--progress", "quiet"], env);
    expect(l.code).toBe(1);
    expect(l.stderr).toMatch(
      /^enginekit: Enginefile:2: COPY --link: the engine's built-in Dockerfile frontend \(API 1\.\d+\) predates this flag/m,
    );
  });

  it("RUN without --network on an engine that has no bridge network says what to pass", async () => {
    const ctx = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN true\n` });
    const r = await runCaptured(["build", ctx, "--progress", "quiet", "--no-cache"], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /the engine has no bridge network \(started with --bridge=none\); pass --network none or --network host\n$/,
    );
  });

  it("refuses flags the engine's BuildKit ignores, and chooses the classic builder for them when nothing asks for BuildKit", async () => {
    const ctx = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN ulimit -n\n` });
    const refused = await runCaptured(["build", ctx, "--builder", "buildkit", "--ulimit", "nofile=512"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^enginekit: --ulimit: BuildKit ignores it on this engine \(API 1\.4\d\); use --builder classic\n$/,
    );
    const classic = await runCaptured(["build", ctx, "--ulimit", "nofile=512:512", "--no-cache"], env);
    expect(classic.code).toBe(0);
    expect(classic.stdout).toMatch(/^512$/m);
    const filter = await runCaptured(["build", ctx, "--no-cache-filter", "base"], env);
    expect(filter.code).toBe(2);
    expect(filter.stderr).toMatch(
      /^enginekit: --no-cache-filter: the engine's POST \/build has no parameter for it/,
    );
  });

  it(
    "on a terminal (the built command under `script`): the redrawn display, its final frame and the failure report",
    skipIf(!built || !hasScript, built ? "needs script(1) from util-linux" : NEEDS_BUILD),
    () => {
      const ctx = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN echo on-a-terminal\nRUN exit 4\n` });
      const log = join(ctx, "..", `tty-${process.pid}.log`);
      // standard output to a file: the upload bar (cli-progress) draws only when stdout is a terminal
      const command = `${node} ${bundle} build ${ctx} --network none --no-cache > ${log}.out`;
      let code = 0;
      try {
        execFileSync("script", ["-qec", command, log], {
          env: { ...process.env, ENGINE_HOST: host! },
          stdio: "ignore",
        });
      } catch (error) {
        code = (error as { status: number }).status;
      }
      const screen = readFileSync(log, "utf8").replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
      expect(code).toBe(1);
      expect(screen).toMatch(/\[\+\] Building \d+\.\ds \(\d+\/\d+\)/);
      expect(screen).toMatch(/ => \[2\/3\] RUN echo on-a-terminal +\d+\.\ds/);
      expect(screen).toMatch(/ => ERROR \[3\/3\] RUN exit 4 +\d+\.\ds/);
      expect(screen).toContain(" 3 | >>> RUN exit 4");
      expect(screen).not.toMatch(/unexpected error|TypeError/);
      // the file sync's transfers under their steps, as BuildKit's display lists statuses
      expect(screen).toMatch(/ => => transferring dockerfile: \d+B +\d+\.\ds/);
      // a build whose steps all ended: the last frame says FINISHED
      const ok = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN echo finished-on-a-terminal\n` });
      execFileSync("script", ["-qec", `${node} ${bundle} build ${ok} --network none > ${log}.out`, log], {
        env: { ...process.env, ENGINE_HOST: host! },
        stdio: "ignore",
      });
      const finished = readFileSync(log, "utf8").replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
      expect(finished).toMatch(/\[\+\] Building \d+\.\ds \((\d+)\/\1\) FINISHED/);
    },
  );
});
