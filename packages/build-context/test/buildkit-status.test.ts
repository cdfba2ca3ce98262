/**
 * BuildKit's progress on `POST /build?version=2`: decoding `moby.buildkit.trace` messages (a stream the real
 * engine 20.10 sent for a multi-stage Enginefile whose last RUN fails, kept in fixtures/buildkit; the
 * Enginefile is in packages/cli/test/build-step-source.test.ts) and the build state they give.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { describe, expect, it } from "vitest";
import { decodeStatusResponse, parseStepName, SolveProgress, traceOf } from "../src/index.js";

const fixtures = join(import.meta.dirname, "fixtures", "buildkit");
const messages = readFileSync(join(fixtures, "multi-stage-failure.engine-20.10.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { id?: string; aux?: unknown; error?: string });

function replay(): SolveProgress {
  const progress = new SolveProgress();
  for (const m of messages) {
    const status = traceOf(m);
    if (status) progress.update(status);
  }
  return progress;
}

describe("decoding moby.buildkit.trace", () => {
  it("reads every vertex of the real stream, numbered in order of appearance, with the failure and its log", () => {
    const progress = replay();
    const names = progress.list().map((v) => `#${v.number} ${v.name}`);
    expect(names).toEqual([
      "#1 [internal] load remote build context",
      "#2 copy /context /",
      "#3 [internal] load metadata for docker.io/enginekit/busybox:latest",
      "#4 [base 1/4] FROM docker.io/enginekit/busybox:latest",
      "#5 [base 2/4] RUN echo base 1",
      "#6 [base 3/4] WORKDIR /w",
      "#7 [base 4/4] COPY f /w/f",
      "#8 [stage-1 1/2] RUN echo second 2",
      "#9 [stage-1 2/2] RUN echo failing >&2; exit 3",
    ]);
    const failed = progress.failed();
    expect(failed.map((v) => v.number)).toEqual([9]);
    expect(failed[0]!.error).toBe(
      "executor failed running [/bin/sh -c echo failing >&2; exit 3]: exit code: 3",
    );
    expect(failed[0]!.lines).toEqual(["failing"]);
    const run = progress.list()[4]!;
    expect(run.lines).toEqual(["base 1"]);
    expect(run.completed! - run.started!).toBeGreaterThanOrEqual(0);
    expect(run.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("the stream ends with the engine's error, not an image ID", () => {
    expect(messages.at(-1)!.error).toMatch(/exit code: 3/);
    expect(messages.some((m) => m.id === "moby.image.id")).toBe(false);
  });

  it("decodes warnings with their source ranges (BuildKit ≥ 0.11's VertexWarning) and skips unknown fields", () => {
    const w = new BinaryWriter();
    w.tag(4, 2).fork();
    w.tag(1, 2).string("sha256:abc");
    w.tag(2, 0).int64(1);
    w.tag(3, 2).bytes(
      new TextEncoder().encode("FromAsCasing: 'as' and 'FROM' keywords' casing do not match"),
    );
    w.tag(5, 2).string("https://docs.docker.com/go/dockerfile/rule/from-as-casing/");
    w.tag(6, 2)
      .fork()
      .tag(1, 2)
      .string("Dockerfile")
      .tag(2, 2)
      .bytes(new Uint8Array([1, 2]))
      .join();
    w.tag(7, 2).fork();
    w.tag(1, 2).fork().tag(1, 0).int32(3).tag(2, 0).int32(0).join();
    w.tag(2, 2).fork().tag(1, 0).int32(3).tag(2, 0).int32(20).join();
    w.join();
    w.tag(99, 0).int32(7); // unknown field of the warning
    w.join();
    w.tag(42, 2).string("a field of a newer BuildKit");
    const status = decodeStatusResponse(w.finish());
    expect(status.warnings).toEqual([
      {
        vertex: "sha256:abc",
        level: 1,
        short: "FromAsCasing: 'as' and 'FROM' keywords' casing do not match",
        detail: [],
        url: "https://docs.docker.com/go/dockerfile/rule/from-as-casing/",
        filename: "Dockerfile",
        ranges: [{ start: { line: 3, character: 0 }, end: { line: 3, character: 20 } }],
      },
    ]);
  });

  it("a truncated message throws instead of giving half a status", () => {
    const aux = messages.find((m) => m.id === "moby.buildkit.trace")!.aux as string;
    const bytes = Buffer.from(aux, "base64");
    expect(() => decodeStatusResponse(bytes.subarray(0, bytes.length - 5))).toThrow();
  });

  it("joins log output split across messages into lines", () => {
    const progress = new SolveProgress();
    const log = (text: string) => ({
      vertexes: [],
      statuses: [],
      warnings: [],
      logs: [{ vertex: "sha256:v", stream: 1, data: new TextEncoder().encode(text) }],
    });
    expect(progress.update(log("hel"))).toEqual([]);
    const events = progress.update(log("lo\nwor"));
    expect(events.map((e) => e.lines)).toEqual([["hello"]]);
    const done = progress.update({
      vertexes: [
        { digest: "sha256:v", inputs: [], name: "x", cached: false, error: "", started: 1, completed: 2 },
      ],
      statuses: [],
      logs: [],
      warnings: [],
    });
    expect(done.map((e) => [e.kind, e.lines])).toEqual([
      ["vertex-started", undefined],
      ["log", ["wor"]],
      ["vertex-completed", undefined],
    ]);
  });
});

describe("step names", () => {
  it("reads step names", () => {
    expect(parseStepName("[stage-1  2/12] RUN a\nb")).toEqual({
      stage: "stage-1",
      index: 2,
      total: 12,
      instruction: "RUN",
      text: "a\nb",
    });
    expect(parseStepName("[internal] load .dockerignore")).toBeUndefined();
    expect(parseStepName("exporting to image")).toBeUndefined();
  });
});
