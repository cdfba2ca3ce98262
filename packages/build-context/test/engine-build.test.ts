/**
 * Builds against the real engine (`tools/engine`): what `COPY . /ctx` puts in the image is read back
 * through the archive API, so the test sees exactly what the engine received. Skips with a message
 * outside CI when ENGINE_HOST is unset; fails in CI.
 */
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { extract } from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import {
  BuildFailedError,
  type BuildParameters,
  ContextError,
  type PlanOptions,
  planContext,
  runBuild,
} from "../src/index.js";
import { makeTree } from "./pack-helpers.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

describe.skipIf(!host)("builds on the real engine", () => {
  const engine = new EngineClient({ host: host ?? "unix:///nonexistent" });
  const images: string[] = [];
  afterAll(async () => {
    for (const id of images) await engine.images.remove(id, { force: true }).catch(() => undefined);
    await engine.close();
  });

  async function build(plan: PlanOptions, parameters: BuildParameters = {}): Promise<string> {
    const result = await runBuild({ plan: await planContext(plan), parameters, engine });
    expect(result.imageId).toBeDefined();
    images.push(result.imageId!);
    return result.imageId!;
  }

  /** Paths below `dir` in the image, read with container create + GET /containers/{id}/archive. */
  async function filesIn(image: string, dir: string): Promise<Map<string, string>> {
    const { Id } = await engine.containers.create({ Image: image, Cmd: ["/nothing"] });
    try {
      const { tar } = await engine.containers.getArchive(Id, dir);
      const out = new Map<string, string>();
      const ex = extract();
      const done = (async () => {
        for await (const entry of ex) {
          const chunks: Buffer[] = [];
          for await (const c of entry) chunks.push(c as Buffer);
          out.set(
            entry.header.name,
            entry.header.type === "symlink"
              ? `-> ${entry.header.linkname}`
              : Buffer.concat(chunks).toString(),
          );
        }
      })();
      tar.pipe(ex);
      await done;
      return out;
    } finally {
      await engine.containers.remove(Id, { force: true });
    }
  }

  it("sends what .engineignore allows: exclusions absent, exceptions present, an ignored Enginefile hidden", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\nCOPY . /ctx\n",
      ".engineignore": "Enginefile\n.engineignore\nvendor\n*.log\n!important.log\n!**/*.keep\nsecret/\n",
      "app/main.js": "main",
      "vendor/lib/x.keep": "kept",
      "vendor/lib/y.js": "dropped",
      "debug.log": "dropped",
      "important.log": "kept",
      secret: "dropped",
    });
    symlinkSync("app/main.js", join(root, "link"));
    const files = await filesIn(await build({ context: root }), "/ctx");
    expect([...files.keys()].sort()).toEqual(
      [
        "ctx/",
        "ctx/app/",
        "ctx/app/main.js",
        "ctx/important.log",
        "ctx/link",
        "ctx/vendor/",
        "ctx/vendor/lib/",
        "ctx/vendor/lib/x.keep",
      ].sort(),
    );
    expect(files.get("ctx/vendor/lib/x.keep")).toBe("kept");
    expect(files.get("ctx/link")).toBe("-> app/main.js");
  });

  it("a Dockerfile context with a .dockerignore: the default build file, and the ignored file never reaches the image", async () => {
    const root = makeTree({
      Dockerfile: "FROM scratch\nCOPY . /ctx\n",
      ".dockerignore": "secret.txt\n",
      "secret.txt": "must not be sent",
      "app.js": "sent",
    });
    const files = await filesIn(await build({ context: root }), "/ctx");
    expect([...files.keys()].sort()).toEqual(["ctx/", "ctx/.dockerignore", "ctx/Dockerfile", "ctx/app.js"]);
  });

  it("builds with the engine CLI's walker semantics when asked (no re-include under excluded dirs)", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\nCOPY . /ctx\n",
      ".engineignore": "vendor\n!**/*.keep\n",
      "vendor/x.keep": "k",
      "top.keep": "t",
    });
    const files = await filesIn(await build({ context: root, exceptionMode: "engine-cli" }), "/ctx");
    expect(files.has("ctx/vendor/x.keep")).toBe(false);
    expect(files.has("ctx/top.keep")).toBe(true);
  });

  it("engine-cli mode: an ignore file listing itself stays out of the image, .engineignore as docker's .dockerignore", async () => {
    // docker's behaviour for .dockerignore: the CLI sends it, the engine reads it and deletes it
    for (const [buildFile, ignoreFile] of [
      ["Enginefile", ".engineignore"],
      ["Dockerfile", ".dockerignore"],
    ] as const) {
      const root = makeTree({
        [buildFile]: "FROM scratch\nCOPY . /ctx\n",
        [ignoreFile]: `${ignoreFile}\n`,
        a: "a",
      });
      const files = await filesIn(await build({ context: root, exceptionMode: "engine-cli" }), "/ctx");
      expect([...files.keys()].sort()).toEqual(["ctx/", `ctx/${buildFile}`, "ctx/a"]);
    }
  });

  it("passes build arguments, labels and tags", async () => {
    const tag = `enginekit-test/build-args:${process.pid}`;
    const root = makeTree({
      Enginefile:
        "FROM scratch\nARG FLAVOUR\nARG UNSET\nLABEL flavour=$FLAVOUR unset=x$UNSET-x\nCOPY Enginefile /\n",
    });
    const id = await build(
      { context: root },
      { t: [tag, `${tag}-b`], buildargs: { FLAVOUR: "mint", UNSET: null }, labels: { "org.example.k": "v" } },
    );
    const image = await engine.images.inspect(id);
    expect(image.Config?.Labels).toMatchObject({ flavour: "mint", unset: "x-x", "org.example.k": "v" });
    expect(image.RepoTags).toEqual(expect.arrayContaining([tag, `${tag}-b`]));
  });

  it("reports a failing RUN with the engine's message and code", async () => {
    const root = makeTree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN echo about to fail && exit 3\n` });
    const out: string[] = [];
    const error = await runBuild({
      plan: await planContext({ context: root }),
      parameters: { rm: true, forcerm: true },
      engine,
      onMessage: (m) => void (typeof m.stream === "string" && out.push(m.stream)),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailedError);
    expect((error as BuildFailedError).message).toMatch(/returned a non-zero code: 3/);
    expect((error as BuildFailedError).code).toBe(3);
    expect(out.join("")).toContain("about to fail");
  });

  it("builds nothing when a file shrinks during the upload (the body is cut short, never completed)", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\nCOPY . /ctx\n", "a.txt": "sent first" });
    writeFileSync(join(root, "big.bin"), Buffer.alloc(4 * 1024 * 1024, 7));
    const plan = await planContext({ context: root });
    truncateSync(join(root, "big.bin"), 1024 * 1024 + 5);
    const tag = `enginekit-test/shrank:${process.pid}-${Date.now()}`;
    const error = await runBuild({ plan, parameters: { t: [tag] }, engine }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContextError);
    expect((error as ContextError).message).toBe("big.bin: shrank while the context was being sent");
    // A complete-looking body would be built within milliseconds; a whole build after it gives it time.
    await build({ context: makeTree({ Enginefile: "FROM scratch\nCOPY . /ctx\n", "b.txt": "b" }) });
    await expect(engine.images.inspect(tag)).rejects.toMatchObject({ status: 404 });
  });

  it("uses an Enginefile under another name inside the context, and one outside it", async () => {
    const root = makeTree({
      "build/Web.Enginefile": "FROM scratch\nCOPY . /ctx\n",
      "site/index.html": "<p>",
    });
    const inside = await filesIn(
      await build({ context: root, enginefile: join(root, "build/Web.Enginefile") }),
      "/ctx",
    );
    expect(inside.has("ctx/site/index.html")).toBe(true);
    expect(inside.has("ctx/build/Web.Enginefile")).toBe(true);

    const outsideDir = makeTree({ "Other.Enginefile": "FROM scratch\nCOPY . /ctx\n" });
    const ctx = makeTree({ "data.txt": "d" });
    mkdirSync(join(ctx, "empty"));
    writeFileSync(join(ctx, ".dockerignore"), "mine\n");
    const files = await filesIn(
      await build({ context: ctx, enginefile: join(outsideDir, "Other.Enginefile") }),
      "/ctx",
    );
    // The injected Enginefile is deleted by the engine after reading (named in .dockerignore); the user's
    // .dockerignore, with our line appended, stays because its own patterns do not name it.
    expect([...files.keys()].filter((n) => n.includes(".enginefile."))).toEqual([]);
    expect(files.has("ctx/data.txt")).toBe(true);
    expect(files.has("ctx/empty/")).toBe(true);
    expect(files.get("ctx/.dockerignore")).toMatch(/^mine\n\.enginefile\.[0-9a-f]{20}\n$/);
  });
});
