import { describe, expect, it } from "vitest";
import {
  formatOf,
  kindFromFileName,
  kindFromModeline,
  kindFromSchemaReference,
  readYaml,
  resolveKind,
} from "../src/index.js";
import { applyEdits, span, summary } from "./helpers.js";

describe("kind from the file name", () => {
  it.each([
    ["web.container.yaml", "container"],
    ["deploy/api.service.yml", "service"],
    ["C:\\m\\front.NETWORK.json", "network"],
    ["data.volume.yaml", "volume"],
    ["init.swarm.json", "swarm"],
    ["web.yaml", undefined],
    ["web.container.toml", undefined],
    ["container.yaml", undefined],
  ])("%s → %s", (name, kind) => {
    expect(kindFromFileName(name)).toBe(kind);
  });

  it("gives the format from the extension, else sniffs JSON", () => {
    expect(formatOf("a.container.json", "x: 1")).toBe("json");
    expect(formatOf("a.container.yml", "{}")).toBe("yaml");
    expect(formatOf(undefined, '  {"Image": "x"}')).toBe("json");
    expect(formatOf("manifest", "Image: x")).toBe("yaml");
  });
});

describe("kind overrides", () => {
  it("reads $schema values naming the exported JSON Schemas", () => {
    expect(kindFromSchemaReference("@enginekit/api/schemas/container-create.schema.json")).toBe("container");
    expect(kindFromSchemaReference("https://example.com/s/service-spec.schema.json?v=1")).toBe("service");
    expect(kindFromSchemaReference("./volume-create.schema.json#/x")).toBe("volume");
    expect(kindFromSchemaReference("https://json.schemastore.org/package.json")).toBeUndefined();
    expect(
      kindFromModeline("# yaml-language-server: $schema=../schemas/swarm-init.schema.json\nSpec: {}\n"),
    ).toBe("swarm");
  });

  const resolve = (text: string, hints: { fileName?: "container" | "service"; option?: "volume" } = {}) => {
    const read = readYaml(text);
    return resolveKind(read.documents[0]!.root, {
      ...hints,
      document: 0,
      documentStart: read.lines.range(0, 0),
    });
  };

  it("prefers option > kind key > $schema > file name", () => {
    expect(resolve("kind: service\n", { fileName: "container", option: "volume" })).toMatchObject({
      kind: "volume",
      source: "option",
      findings: [],
    });
    expect(resolve("kind: Service\n$schema: x/container-create.schema.json\n")).toMatchObject({
      kind: "service",
      source: "kind-key",
    });
    expect(resolve("$schema: x/container-create.schema.json\n", { fileName: "service" })).toMatchObject({
      kind: "container",
      source: "schema-key",
    });
    expect(resolve("Image: x\n", { fileName: "container" })).toMatchObject({
      kind: "container",
      source: "file-name",
    });
  });

  it("warns when sources disagree, at the in-document value", () => {
    const result = resolve("kind: service\n$schema: x/container-create.schema.json\n", {
      fileName: "container",
    });
    expect(summary(result.findings)).toEqual([
      "manifest/kind-mismatch@1:9-1:39",
      "manifest/kind-mismatch@0:6-0:13",
    ]);
    expect(result.findings[1]!.message).toBe(
      'The file name says container but the document is checked as a service spec (POST /services/create) (from the "kind" key).',
    );
  });

  it("reports an unknown kind value with a fix, and a document with no kind at its start", () => {
    const text = "kind: contianer\n";
    const result = resolve(text);
    expect(summary(result.findings)).toEqual(["manifest/unknown-kind@0:6-0:15"]);
    expect(result.findings[0]!.suggestion).toBe("container");
    expect(applyEdits(text, result.findings[0]!.fix!.edits)).toBe("kind: container\n");
    const none = resolve("Image: x\n");
    expect(none.kind).toBeUndefined();
    expect(span(none.findings[0]!.range)).toBe("0:0-0:0");
    expect(none.findings[0]!.code).toBe("manifest/unknown-kind");
  });
});
