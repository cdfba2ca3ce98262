import { describe, expect, it } from "vitest";
import {
  followPath,
  LineIndex,
  type LocatedObject,
  nodeAtOffset,
  readJson,
  readYaml,
  toPlainValue,
} from "../src/index.js";
import { span, summary, textAt } from "./helpers.js";

describe("LineIndex", () => {
  it("counts lines after \\n, \\r\\n and a lone \\r and columns in UTF-16 code units", () => {
    const lines = new LineIndex("a\r\nb\rc\n😀x");
    expect(lines.lineCount).toBe(4);
    expect(lines.position(3)).toEqual({ line: 1, character: 0, offset: 3 });
    expect(lines.position(5)).toEqual({ line: 2, character: 0, offset: 5 });
    expect(lines.position(9)).toEqual({ line: 3, character: 2, offset: 9 }); // after the surrogate pair
    expect(lines.position(-4)).toEqual({ line: 0, character: 0, offset: 0 });
    expect(lines.position(999)).toEqual({ line: 3, character: 3, offset: 10 });
  });
});

describe("readYaml", () => {
  const text = [
    "Image: busybox", //
    "HostConfig:",
    '  "Memory": 1024',
    "  Binds: [/a:/b, 'x']",
    "Env:",
    "  - A=1",
    "Empty:",
  ].join("\n");

  it("builds one located tree with key and value ranges", () => {
    const { documents } = readYaml(text);
    expect(documents).toHaveLength(1);
    const root = documents[0]!.root as LocatedObject;
    expect(root.properties.map((p) => p.key)).toEqual(["Image", "HostConfig", "Env", "Empty"]);
    expect(span(root.properties[0]!.keyRange)).toBe("0:0-0:5");
    expect(span(root.properties[0]!.value!.range)).toBe("0:7-0:14");
    const memory = followPath(root, ["HostConfig", "Memory"]);
    expect(memory.depth).toBe(2);
    expect(span(memory.property!.keyRange)).toBe("2:2-2:10");
    expect(span(memory.property!.keyTextRange!)).toBe("2:3-2:9");
    expect(memory.node).toMatchObject({ kind: "scalar", value: 1024, style: "plain" });
    const quoted = followPath(root, ["HostConfig", "Binds", 1]).node;
    expect(quoted).toMatchObject({ value: "x", style: "single-quoted" });
    expect(textAt(text, quoted.range)).toBe("'x'");
    expect(span(followPath(root, ["Env"]).node.range)).toBe("5:2-6:0");
    expect(toPlainValue(root)).toEqual({
      Image: "busybox",
      HostConfig: { Memory: 1024, Binds: ["/a:/b", "x"] },
      Env: ["A=1"],
      Empty: null,
    });
  });

  it("reports syntax errors with ranges and keeps the recovered tree", () => {
    const broken = "Image: busybox\nHostConfig:\n  Memory: [1, 2\n  BlkioWeight: 5\nTty: true\n";
    const { documents } = readYaml(broken);
    const doc = documents[0]!;
    expect(doc.syntaxFindings.length).toBeGreaterThan(0);
    expect(doc.syntaxFindings.every((f) => f.code === "manifest/syntax" && f.range.start.line >= 2)).toBe(
      true,
    );
    expect(toPlainValue(doc.root)).toMatchObject({ Image: "busybox", Tty: true });
  });

  it("reads every document of a stream with its own index", () => {
    const { documents } = readYaml("Name: a\n---\nName: b\n---\n");
    expect(documents.map((d) => toPlainValue(d.root))).toEqual([{ Name: "a" }, { Name: "b" }, null]);
    expect(documents.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(span(documents[1]!.range)).toBe("1:0-3:0");
  });

  it("expands aliases and merge keys, explicit keys winning, and reports duplicate keys at the earlier key", () => {
    const yaml =
      "base: &b {Memory: 1, CpuShares: 2}\nHostConfig:\n  <<: *b\n  Memory: 3\n  Tty: 1\n  Tty: 2\n";
    const { documents } = readYaml(yaml);
    const root = documents[0]!.root!;
    expect(toPlainValue(followPath(root, ["HostConfig"]).node)).toEqual({ CpuShares: 2, Memory: 3, Tty: 2 });
    // the merged key keeps the range of the anchored map's key
    expect(span(followPath(root, ["HostConfig", "CpuShares"]).property!.keyRange)).toBe("0:21-0:30");
    expect(summary(documents[0]!.syntaxFindings)).toEqual(["manifest/duplicate-key@4:2-4:5"]);
  });

  it("bounds alias expansion (billion laughs) instead of running out of memory", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(", ")}]`);
    }
    const { documents } = readYaml(lines.join("\n"));
    expect(documents[0]!.syntaxFindings.some((f) => f.message.includes("more than 100000 nodes"))).toBe(true);
  });
});

describe("nesting bound", () => {
  it("reports nesting deeper than 200 levels in YAML and JSON instead of recursing without end", () => {
    const deep = `${"[".repeat(250)}${"]".repeat(250)}`;
    for (const read of [readYaml, readJson]) {
      const findings = read(deep).documents[0]!.syntaxFindings;
      expect(findings.map((f) => [f.code, f.message, f.path.length])).toEqual([
        ["manifest/syntax", "Nesting deeper than 200 levels is not read.", 201],
      ]);
      expect(span(findings[0]!.range)).toBe("0:201-0:299");
    }
  });

  // Before the limits, 100,000 levels overflowed the parsers' stacks: JSON said "could not be read:
  // Maximum call stack size exceeded", YAML "Invalid regular expression … Stack overflow" after seconds.
  const tooDeep = "The document nests deeper than 256 levels here; it is not read.";
  it.each([
    ["JSON arrays", readJson, `${"[".repeat(100_000)}${"]".repeat(100_000)}`, "0:256-0:257"],
    ["JSON objects", readJson, `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`, "0:1280-0:1281"],
    ["YAML flow sequences", readYaml, `a: ${"[".repeat(100_000)}${"]".repeat(100_000)}`, "0:258-0:259"],
    ["YAML compact block sequences", readYaml, `${"- ".repeat(100_000)}x\n`, "0:512-0:513"],
    [
      "YAML indented block mappings",
      readYaml,
      Array.from({ length: 300 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n"),
      "256:256-256:257",
    ],
  ])("reports %s 100,000 levels deep at the level where the limit is crossed, fast", (_, read, text, at) => {
    const started = performance.now();
    const { documents } = read(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(documents).toHaveLength(1);
    const findings = documents[0]!.syntaxFindings;
    expect(findings.map((f) => [f.code, f.message])).toEqual([["manifest/syntax", tooDeep]]);
    expect(span(findings[0]!.range)).toBe(at);
    expect(documents[0]!.root).toBeUndefined();
  });

  it("does not count brackets in quoted scalars, comments, block scalars or inside plain scalars", () => {
    const brackets = "[".repeat(400);
    const text = [
      `a: "${brackets}"`,
      `b: '${brackets}'`,
      `# ${brackets}`,
      "c: |",
      `  ${brackets}`,
      `d: x${brackets}`,
      "e: [1, [2, {f: 3}]]",
    ].join("\n");
    const { documents } = readYaml(text);
    expect(documents[0]!.syntaxFindings.map((f) => f.message)).toEqual([]);
    expect(toPlainValue(documents[0]!.root!)).toMatchObject({ e: [1, [2, { f: 3 }]] });
    expect(readJson(`{"a": "${brackets}"}`).documents[0]!.syntaxFindings).toEqual([]);
  });

  it("does not parse a document longer than 4 MiB: one finding where the limit is crossed", () => {
    const line = `${"x".repeat(1023)}\n`;
    const text = `a: |\n${line.repeat(4 * 1024 + 1)}`;
    for (const read of [readYaml, readJson]) {
      const findings = read(text).documents[0]!.syntaxFindings;
      expect(findings.map((f) => f.message)).toEqual([
        "The document is longer than 4194304 characters (4 MiB); it is not read.",
      ]);
      expect(findings[0]!.range.start.offset).toBe(4 * 1024 * 1024);
    }
  });
});

describe("readJson", () => {
  it("builds the same tree shape with ranges including quotes", () => {
    const text = '{\n  "Image": "busybox",\n  "HostConfig": {"Memory": 1024}\n}';
    const { documents } = readJson(text);
    const root = documents[0]!.root!;
    const image = followPath(root, ["Image"]);
    expect(span(image.property!.keyRange)).toBe("1:2-1:9");
    expect(span(image.property!.keyTextRange!)).toBe("1:3-1:8");
    expect(image.node).toMatchObject({ kind: "scalar", value: "busybox", style: "json" });
    expect(span(image.node.range)).toBe("1:11-1:20");
    expect(span(followPath(root, ["HostConfig"]).node.range)).toBe("2:16-2:32");
    expect(toPlainValue(root)).toEqual({ Image: "busybox", HostConfig: { Memory: 1024 } });
  });

  it("reports syntax errors (trailing comma, comment, missing value) and keeps what parsed", () => {
    const text = '{\n  "Image": "busybox",\n  // note\n  "Tty": ,\n  "Cmd": ["sh",],\n}';
    const { documents } = readJson(text);
    const doc = documents[0]!;
    expect(summary(doc.syntaxFindings)).toEqual([
      "manifest/syntax@2:2-2:9",
      "manifest/syntax@3:9-3:10",
      "manifest/syntax@4:15-4:16",
      "manifest/syntax@5:0-5:1",
    ]);
    expect(doc.syntaxFindings.map((f) => f.message)).toEqual([
      "Comments are not allowed in JSON",
      "Value expected",
      "Value expected",
      "Property name expected",
    ]);
    expect(toPlainValue(doc.root)).toMatchObject({ Image: "busybox", Cmd: ["sh"] });
  });

  it("reports duplicate keys; the last one wins", () => {
    const { documents } = readJson('{"Tty": true, "Tty": false}');
    expect(summary(documents[0]!.syntaxFindings)).toEqual(["manifest/duplicate-key@0:1-0:6"]);
    expect(toPlainValue(documents[0]!.root)).toEqual({ Tty: false });
  });
});

describe("nodeAtOffset", () => {
  const text = 'Image: busybox\nHostConfig:\n  Memory: 1024\n  Binds: ["/a:/b", "/c:/d"]\n';
  const root = readYaml(text).documents[0]!.root!;
  const at = (needle: string, delta = 0) => nodeAtOffset(root, text.indexOf(needle) + delta);

  it("finds a key with the path of the field it names", () => {
    const hit = at("Memory", 2);
    expect(hit).toMatchObject({ path: ["HostConfig", "Memory"], onKey: true });
    expect(hit!.property!.key).toBe("Memory");
  });

  it("finds values, list items and nested objects", () => {
    expect(at("1024", 1)).toMatchObject({
      path: ["HostConfig", "Memory"],
      onKey: false,
      node: { value: 1024 },
    });
    expect(at('"/c:/d"', 1)).toMatchObject({ path: ["HostConfig", "Binds", 1], node: { value: "/c:/d" } });
    expect(at("busybox")).toMatchObject({ path: ["Image"], onKey: false });
  });

  it("is undefined outside the root or without a tree", () => {
    expect(nodeAtOffset(undefined, 0)).toBeUndefined();
    expect(nodeAtOffset(root, text.length + 5)).toBeUndefined();
  });
});

describe("local YAML tags (readYaml localTags)", () => {
  it("kept on the nodes and not reported when asked for; other local tags stay warnings", () => {
    const text = "a: !reset []\nb: !override\n  x: 1\nc: !custom 3\n";
    const read = readYaml(text, { localTags: ["!reset", "!override"] });
    const root = read.documents[0]!.root;
    expect(root?.kind).toBe("object");
    const properties = root?.kind === "object" ? root.properties : [];
    expect(properties.map((p) => p.value?.tag)).toEqual(["!reset", "!override", undefined]);
    expect(read.documents[0]!.syntaxFindings.map((f) => f.message)).toEqual([
      expect.stringContaining("Unresolved tag: !custom"),
    ]);
    const plain = readYaml(text);
    expect(plain.documents[0]!.syntaxFindings).toHaveLength(3);
  });
});
