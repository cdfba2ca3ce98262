/**
 * The plain BuildKit progress (`--progress=plain`) against the rules of BuildKit's own plain printer
 * (moby/buildkit `util/progress/progressui/printer.go`): status lines named by their id with size, time and
 * `done`; updates gathered and printed in blocks, completed steps first in completion order; a step left
 * while running marked `#n ...`; `CANCELED` for a cancelled step. Fed with `SolveProgress` events built from
 * `StatusResponse`s shaped like the 20.10 engine's (`--progress=rawjson` of a real build).
 */
import { SolveProgress, type StatusResponse } from "@enginekit/build-context";
import { describe, expect, it } from "vitest";
import { PlainDisplay } from "../src/actions/build-progress/plain-display.js";

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const response = (r: Partial<StatusResponse>): StatusResponse => ({
  vertexes: [],
  statuses: [],
  logs: [],
  warnings: [],
  ...r,
});
const vertex = (
  digest: string,
  name: string,
  times: { started?: number; completed?: number } = {},
  more = {},
) => ({
  digest,
  inputs: [],
  name,
  cached: false,
  error: "",
  ...times,
  ...more,
});

function display() {
  let out = "";
  let now = T0;
  const progress = new SolveProgress();
  const plain = new PlainDisplay(
    (text) => {
      out += text;
    },
    (text) => text.replaceAll("hunter2", "****"),
    () => now,
  );
  return {
    feed: (r: Partial<StatusResponse>) => plain.show(progress.update(response(r))),
    tick: (ms: number) => {
      now += ms;
      plain.print();
    },
    finish: () => {
      plain.finish();
      return out;
    },
  };
}

describe("plain BuildKit progress, as BuildKit's printer prints it", () => {
  it("prints the two file-sync steps that run side by side as one block each, with their status ids", () => {
    const d = display();
    // what the 20.10 engine streams for the Enginefile and .dockerignore reads, interleaved
    d.feed({ vertexes: [vertex("d1", "[internal] load build definition from Enginefile", { started: T0 })] });
    d.feed({ vertexes: [vertex("d2", "[internal] load .dockerignore", { started: T0 + 1 })] });
    d.feed({
      statuses: [
        {
          id: "transferring dockerfile:",
          vertex: "d1",
          name: "transferring",
          current: 0,
          total: 0,
          timestamp: T0,
          started: T0,
        },
      ],
    });
    d.feed({
      statuses: [
        {
          id: "transferring context:",
          vertex: "d2",
          name: "transferring",
          current: 2,
          total: 0,
          timestamp: T0 + 7,
          started: T0 + 1,
          completed: T0 + 7,
        },
        {
          id: "transferring dockerfile:",
          vertex: "d1",
          name: "transferring",
          current: 62,
          total: 0,
          timestamp: T0 + 27,
          started: T0,
          completed: T0 + 27,
        },
      ],
    });
    d.feed({
      vertexes: [vertex("d2", "[internal] load .dockerignore", { started: T0 + 1, completed: T0 + 30 })],
    });
    d.feed({
      vertexes: [
        vertex("d1", "[internal] load build definition from Enginefile", { started: T0, completed: T0 + 31 }),
      ],
    });
    d.tick(100);
    d.feed({
      vertexes: [
        vertex("c", "[1/1] COPY . /ctx", { started: T0 + 40, completed: T0 + 40 }, { cached: true }),
      ],
    });
    expect(d.finish()).toBe(
      [
        "#2 [internal] load .dockerignore",
        "#2 transferring context: 2B done",
        "#2 DONE 0.0s",
        "",
        "#1 [internal] load build definition from Enginefile",
        "#1 transferring dockerfile: 62B 0.0s done",
        "#1 DONE 0.0s",
        "",
        "#3 [1/1] COPY . /ctx",
        "#3 CACHED",
        "",
        "",
      ].join("\n"),
    );
  });

  it("stays with a running step, marks one left while running with `#n ...`, and masks and stamps its log lines", () => {
    const d = display();
    d.feed({ vertexes: [vertex("a", "[1/2] RUN make", { started: T0 })] });
    d.feed({
      logs: [
        { vertex: "a", stream: 1, timestamp: T0 + 48, data: new TextEncoder().encode("hello hunter2\n") },
      ],
    });
    d.tick(100);
    d.feed({ vertexes: [vertex("b", "[2/2] RUN test", { started: T0 + 100 })] });
    d.feed({
      logs: [{ vertex: "b", stream: 1, timestamp: T0 + 150, data: new TextEncoder().encode("b1\n") }],
    });
    d.tick(100); // a is still the step shown: b waits
    d.feed({
      logs: [{ vertex: "a", stream: 1, timestamp: T0 + 200, data: new TextEncoder().encode("more\n") }],
    });
    d.tick(11_000); // b waited more than 10 s
    d.feed({ vertexes: [vertex("a", "[1/2] RUN make", { started: T0, completed: T0 + 12_000 })] });
    d.feed({
      vertexes: [
        vertex(
          "b",
          "[2/2] RUN test",
          { started: T0 + 100, completed: T0 + 12_100 },
          { error: "rpc error: code = Canceled desc = context canceled" },
        ),
      ],
    });
    expect(d.finish()).toBe(
      [
        "#1 [1/2] RUN make",
        "#1 0.048 hello ****",
        "#1 0.200 more",
        "#1 ...",
        "",
        "#2 [2/2] RUN test",
        "#2 0.050 b1",
        // both ended in the same tick: the step shown first, then the others in completion order
        "#2 CANCELED",
        "",
        "#1 [1/2] RUN make",
        "#1 DONE 12.0s",
        "",
        "",
      ].join("\n"),
    );
  });

  it("repeats a transfer's line only after 5 % or 5 s of progress, and always when it completes", () => {
    const d = display();
    d.feed({ vertexes: [vertex("x", "[internal] load build context", { started: T0 })] });
    const at = (current: number, ms: number, completed = false) =>
      d.feed({
        statuses: [
          {
            id: "transferring context:",
            vertex: "x",
            name: "transferring",
            current,
            total: 0,
            timestamp: T0 + ms,
            started: T0,
            ...(completed ? { completed: T0 + ms } : {}),
          },
        ],
      });
    at(1_000_000, 100);
    d.tick(100);
    at(2_000_000, 1_000);
    d.tick(100);
    at(3_000_000, 6_000);
    d.tick(100);
    at(3_500_000, 6_500, true);
    d.feed({
      vertexes: [vertex("x", "[internal] load build context", { started: T0, completed: T0 + 6_600 })],
    });
    expect(d.finish()).toBe(
      [
        "#1 [internal] load build context",
        "#1 transferring context: 1.00MB 0.1s",
        "#1 transferring context: 3.00MB 6.0s",
        "#1 transferring context: 3.50MB 6.5s done",
        "#1 DONE 6.6s",
        "",
        "",
      ].join("\n"),
    );
  });
});
