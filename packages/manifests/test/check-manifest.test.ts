import { describe, expect, it } from "vitest";
import { checkManifest, schemaAtManifestPath } from "../src/index.js";
import { span, summary, textAt } from "./helpers.js";

describe("checkManifest", () => {
  it("accepts $schema and kind keys (not reported as unknown) and a container Name", () => {
    const text = [
      "$schema: ../node_modules/@enginekit/api/schemas/container-create.schema.json",
      "Name: web",
      "Image: busybox",
      "",
    ].join("\n");
    const result = checkManifest(text, { fileName: "web.yaml" });
    expect(result.findings).toEqual([]);
    expect(result.documents[0]).toMatchObject({ kind: "container", kindSource: "schema-key" });
    const json = checkManifest('{"kind": "volume", "Name": "data", "Driver": "local"}', {
      fileName: "data.json",
    });
    expect(json.findings).toEqual([]);
    expect(json.documents[0]!.kind).toBe("volume");
  });

  it("suggests the container's Name for a misspelt name key", () => {
    const result = checkManifest("name: web\nImage: busybox\n", { fileName: "web.container.yaml" });
    expect(summary(result.findings)).toEqual(["manifest/unknown-key@0:0-0:4"]);
    expect(result.findings[0]!.suggestion).toBe("Name");
  });

  it("checks a bad container Name with the api's rule, at the value", () => {
    const text = "Name: -web\nImage: busybox\n";
    const result = checkManifest(text, { fileName: "web.container.yaml" });
    expect(summary(result.findings)).toEqual(["manifest/invalid-value@0:6-0:10"]);
    expect(result.findings[0]!.path).toEqual(["Name"]);
  });

  it("checks every document of a YAML stream with its own kind; empty trailing documents are fine", () => {
    const text = [
      "kind: network",
      "Name: front",
      "Drvier: bridge",
      "---",
      "kind: container",
      "Image: busybox",
      "HostConfig: {NetworkMode: front, BlkioWeight: 1}",
      "---",
      "",
    ].join("\n");
    const result = checkManifest(text, { fileName: "stack.yaml" });
    expect(result.documents.map((d) => d.kind)).toEqual(["network", "container", undefined]);
    expect(summary(result.findings)).toEqual(["manifest/unknown-key@2:0-2:6", "manifest/limit@6:46-6:47"]);
    expect(result.findings.map((f) => [f.document, f.suggestion])).toEqual([
      [0, "Driver"],
      [1, undefined],
    ]);
  });

  it("still checks the rest of a document with a syntax error", () => {
    const text = "Image: busybox\nHostConfig:\n  BlkioWeight: 5\n  Binds: [/a:/b\nTty: yes\n";
    const result = checkManifest(text, { fileName: "x.container.yaml" });
    const codes = result.findings.map((f) => f.code);
    expect(codes).toContain("manifest/syntax");
    expect(result.findings.find((f) => f.code === "manifest/limit")?.path).toEqual([
      "HostConfig",
      "BlkioWeight",
    ]);
    expect(span(result.findings.find((f) => f.code === "manifest/limit")!.range)).toBe("2:15-2:16");
  });

  it("reports an unknown kind, an empty manifest and a root that is not an object", () => {
    expect(summary(checkManifest("Image: x\n", { fileName: "x.yaml" }).findings)).toEqual([
      "manifest/unknown-kind@0:0-0:0",
    ]);
    const empty = checkManifest("# nothing yet\n", { fileName: "x.container.yaml" });
    expect(empty.findings.map((f) => f.code)).toEqual(["manifest/not-an-object"]);
    expect(empty.findings[0]!.message).toBe(
      "The document is empty; expected the container create body (POST /containers/create).",
    );
    const list = checkManifest("[1, 2]", { fileName: "x.container.json" });
    expect(summary(list.findings)).toEqual(["manifest/not-an-object@0:0-0:1"]);
  });

  it("reports a missing required field at the opening of the object", () => {
    const text = '{\n  "Driver": "overlay"\n}';
    const result = checkManifest(text, { fileName: "n.network.json" });
    expect(summary(result.findings)).toEqual(["manifest/missing-field@0:0-0:1"]);
    expect(result.findings[0]!.message).toBe('Missing required field "Name".');
  });

  it("finds secret references and plain secrets in every kind", () => {
    const text = [
      "Name: api",
      "TaskTemplate:",
      "  ContainerSpec:",
      "    Image: busybox",
      "    Env: [DB_PASSWORD=hunter2, 'TOKEN=svc:secret/data/api#']",
      "",
    ].join("\n");
    const result = checkManifest(text, { fileName: "api.service.yaml" });
    expect(summary(result.findings)).toEqual(["secret/plain-value@4:22-4:29", "secret-ref/syntax@4:57-4:58"]);
    expect(textAt(text, result.findings[1]!.range)).toBe("#");
    expect(result.documents[0]!.references.map((r) => r.text)).toEqual(["svc:secret/data/api#"]);
  });
});

describe("schemaAtManifestPath", () => {
  it("gives keys valid at a path with their documentation, including a container's Name", () => {
    const root = schemaAtManifestPath("container", []);
    const names = root!.keys.map((k) => k.name);
    expect(names).toContain("Image");
    expect(names).toContain("HostConfig");
    expect(names).toContain("Name");
    const host = schemaAtManifestPath("container", ["HostConfig"]);
    const blkio = host!.keys.find((k) => k.name === "BlkioWeight");
    expect(blkio?.doc?.bounds).toContain("10");
    expect(blkio?.doc?.source).toMatch(/engine/);
    expect(schemaAtManifestPath("container", ["Name"])?.doc).toBeDefined();
    expect(schemaAtManifestPath("container", ["HostConfig", "RestartPolicy", "Name"])?.values).toContain(
      "on-failure",
    );
    expect(schemaAtManifestPath("service", ["EndpointSpec", "Mode"])?.values).toEqual(["", "vip", "dnsrr"]);
    expect(schemaAtManifestPath("container", ["HostConfig", "Nope"])).toBeUndefined();
  });
});

describe("line endings and byte order marks", () => {
  it("counts a BOM as one UTF-16 unit and CRLF as one line break, in YAML and JSON", () => {
    const yaml = "\uFEFFImage: x\r\nHostConfig:\r\n  Memroy: 1\r\n";
    expect(summary(checkManifest(yaml, { fileName: "a.container.yaml" }).findings)).toEqual([
      "manifest/unknown-key@2:2-2:8",
    ]);
    const json = '\uFEFF{"Image": "x",\r\n "HostConfig": {"Memroy": 1}}';
    const result = checkManifest(json, { fileName: "a.container.json" });
    expect(summary(result.findings)).toEqual(["manifest/unknown-key@1:16-1:24"]);
    expect(textAt(json, result.findings[0]!.range)).toBe('"Memroy"');
  });
});
