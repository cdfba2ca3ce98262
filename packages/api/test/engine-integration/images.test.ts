import { Readable } from "node:stream";
import { afterAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import { type EngineClient, EngineStreamError } from "../../src/engine/client/index.js";
import type { JsonMessage } from "../../src/engine/schemas/index.js";
import { engineClient, engineHost, IMAGE, tarOf, uniqueName } from "./engine.js";

describe("images against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  const client: EngineClient = engineHost ? engineClient() : (undefined as never);
  const tags: string[] = [];
  afterAll(async () => {
    for (const tag of tags) await client.images.remove(tag, { force: true }).catch(() => {});
    await client?.close();
  });

  test("list, inspect and history of the busybox image", async () => {
    const images = await client.images.list();
    const busybox = images.find((image) => (image.RepoTags as string[] | null)?.includes(IMAGE));
    expect(busybox).toBeDefined();
    const inspect = await client.images.inspect(IMAGE);
    expect(inspect.Id).toBe(busybox?.Id);
    expect(inspect.Os).toBe("linux");
    const history = await client.images.history(IMAGE);
    expect(history.length).toBeGreaterThan(0);
  });

  test("tag, then remove the tag (the image stays)", async () => {
    const repo = uniqueName("tag");
    await client.images.tag(IMAGE, { repo, tag: "v1" });
    tags.push(`${repo}:v1`);
    expect((await client.images.inspect(`${repo}:v1`)).Id).toBe((await client.images.inspect(IMAGE)).Id);
    const removed = await client.images.remove(`${repo}:v1`);
    expect(removed).toEqual([{ Untagged: `${repo}:v1` }]);
    await expect(client.images.inspect(`${repo}:v1`)).rejects.toMatchObject({ status: 404 });
  });

  test("build from a streamed context: messages decoded, tag applied", async () => {
    const tag = `${uniqueName("build")}:latest`;
    tags.push(tag);
    const context = tarOf({ Enginefile: `FROM ${IMAGE}\nRUN echo built-by-enginekit > /built\n` });
    // An AsyncIterable<Uint8Array> body in two chunks, sent chunked.
    async function* chunks() {
      yield context.subarray(0, 700);
      yield context.subarray(700);
    }
    const messages: JsonMessage[] = [];
    for await (const message of await client.images.build(chunks(), {
      enginefile: "Enginefile",
      t: [tag],
      rm: true,
    })) {
      messages.push(message);
    }
    const text = messages.map((m) => m.stream ?? "").join("");
    expect(text).toContain("Step 2/2 : RUN echo built-by-enginekit > /built");
    expect(text).toMatch(/Successfully built [0-9a-f]{12}/);
    expect(text).toContain(`Successfully tagged ${tag}`);
  });

  test("a failing RUN step arrives inside the 200 stream and throws EngineStreamError with its code", async () => {
    const context = Readable.from([tarOf({ Enginefile: `FROM ${IMAGE}\nRUN exit 7\n` })]);
    const stream = await client.images.build(context, { enginefile: "Enginefile", forcerm: true });
    const error = await (async () => {
      for await (const _ of stream) {
        // drain until the failure
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineStreamError);
    expect(error).toMatchObject({ code: 7 });
    expect((error as Error).message).toContain("returned a non-zero code: 7");
  });

  test("a build file missing from the context is an error status before any output", async () => {
    await expect(
      client.images.build(tarOf({ other: "" }), { enginefile: "Enginefile" }),
    ).rejects.toMatchObject({
      status: expect.any(Number),
      method: "POST",
    });
  });

  test("import a root file system from the request body (fromSrc=-)", async () => {
    const repo = uniqueName("import");
    tags.push(`${repo}:v1`);
    const messages: JsonMessage[] = [];
    for await (const m of await client.images.create(
      { fromSrc: "-", repo, tag: "v1" },
      { body: tarOf({ "hello.txt": "imported\n" }) },
    )) {
      messages.push(m);
    }
    expect(messages.at(-1)?.status).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await client.images.inspect(`${repo}:v1`)).RootFS?.Layers).toHaveLength(1);
  });

  test("get (image tarball) then load it back", async () => {
    const tarball = await client.images.get(IMAGE);
    const messages: JsonMessage[] = [];
    for await (const m of await client.images.load(tarball, { quiet: true })) messages.push(m);
    expect(messages.map((m) => m.stream ?? "").join("")).toContain(`Loaded image: ${IMAGE}`);
    let bytes = 0;
    for await (const chunk of await client.images.getAll([IMAGE])) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(100_000);
  });

  test("pulling from an unreachable registry fails (status or in-stream error)", async () => {
    const attempt = async () => {
      for await (const _ of await client.images.create(
        { fromImage: "127.0.0.1:1/enginekit/none", tag: "latest" },
        { auth: { username: "u", password: "p" }, timeoutMs: 20_000 },
      )) {
        // drain
      }
    };
    await expect(attempt()).rejects.toThrow(/127\.0\.0\.1:1/);
  });
});
