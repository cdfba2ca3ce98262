/**
 * The engine layer's memo (src/engine/judged-memo.ts): a body of the same shape is not judged again, its
 * findings move with it, and any change to its values or text judges it anew; through `checkProject`, a
 * moved service's engine findings land at its new lines.
 */
import type { Finding } from "@enginekit/manifests";
import { describe, expect, test } from "vitest";
import { memoisedFindings } from "../src/engine/judged-memo.js";
import { type ComposeNode, readComposeFile } from "../src/index.js";
import { findingsOf } from "./helpers.js";

/** The `web` service node of a file whose text is `text`. */
function web(text: string): ComposeNode {
  const root = readComposeFile("/p/compose.yaml", text).roots[0]!;
  const services =
    root.kind === "object" ? root.properties.find((p) => p.key === "services")?.value : undefined;
  const node = services?.kind === "object" ? services.properties[0]?.value : undefined;
  if (!node) throw new Error("no service");
  return node;
}

describe("memoisedFindings", () => {
  const schema = {};
  let calls = 0;
  const judgeOf = (node: ComposeNode) => (): Finding[] => {
    calls++;
    return [
      {
        code: "manifest/limit",
        message: "m",
        severity: "error",
        range: node.range,
        path: ["A"],
        document: 0,
      },
    ];
  };
  const base = "services:\n  web:\n    image: a\n    mem_limit: 1k\n";

  test("a moved body is not judged again and its findings move with it", () => {
    const first = web(base);
    expect(memoisedFindings(first, base, schema, "container 1.41", judgeOf(first))[0]!.range).toEqual(
      first.range,
    );
    expect(calls).toBe(1);
    const movedText = `# one\n# two\n${base}`;
    const moved = web(movedText);
    const found = memoisedFindings(moved, movedText, schema, "container 1.41", judgeOf(moved));
    expect(calls).toBe(1);
    expect(found[0]!.range).toEqual(moved.range);
    expect(found[0]!.range.start.line).toBe(first.range.start.line + 2);
  });

  test("another value, another text, another variant or schema is judged", () => {
    for (const [text, variant, s] of [
      [base.replace("1k", "2k"), "container 1.41", schema],
      [base.replace("image: a", "image:  a"), "container 1.41", schema],
      [base, "container 1.40", schema],
      [base, "container 1.41", {}],
    ] as const) {
      const before = calls;
      const node = web(text);
      memoisedFindings(node, text, s, variant, judgeOf(node));
      expect(calls).toBe(before + 1);
    }
  });
});

describe("engine findings of a moved service", () => {
  test("land at the service's new lines", () => {
    const file = ["services:", "  web:", "    image: a", "    blkio_config: {weight: 5}", ""].join("\n");
    const at = findingsOf("compose/engine-limit", { "compose.yaml": file });
    expect(at).toEqual([
      'compose.yaml:4:28-4:29 compose/engine-limit service "web": blkio_config.weight must be between 10 and 1000',
    ]);
    const moved = findingsOf("compose/engine-limit", { "compose.yaml": `# a\n# b\n${file}` });
    expect(moved).toEqual([at[0]!.replace("4:28-4:29", "6:28-6:29")]);
  });
});
