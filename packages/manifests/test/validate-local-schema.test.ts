import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Finding, readJson, readYaml, schemaAtPath, validateNode } from "../src/index.js";
import { applyEdits, span, summary, textAt } from "./helpers.js";

/** A small request schema in the style of @enginekit/api: strict objects, documented bounds, a cross-field rule. */
const Restart = z.strictObject({
  Name: z.enum(["", "always", "unless-stopped", "on-failure"]).optional(),
  MaximumRetryCount: z.int().min(0).optional(),
});
const Host = z
  .strictObject({
    Memory: z.int().min(0).optional(),
    MemorySwap: z.int().min(-1).optional(),
    BlkioWeight: z
      .int()
      .min(10)
      .max(1000)
      .meta({ "x-enginekit": { description: "w", bounds: "10–1000", source: "engine §8" } })
      .optional(),
    PortBindings: z
      .record(
        z.string().regex(/^\d+\/(tcp|udp)$/),
        z.array(z.strictObject({ HostIp: z.string().optional(), HostPort: z.string().optional() })),
      )
      .optional(),
    RestartPolicy: Restart.optional(),
    Privileged: z.boolean().optional(),
  })
  .superRefine((host, ctx) => {
    if (host.MemorySwap !== undefined && host.Memory === undefined) {
      ctx.addIssue({ code: "custom", message: "MemorySwap needs Memory to be set", path: [] });
    }
  });
const Body = z.strictObject({
  Image: z.string(),
  Cmd: z.union([z.string(), z.array(z.string())]).optional(),
  Env: z.array(z.string()).optional(),
  HostConfig: Host.optional(),
});

function check(text: string, format: "yaml" | "json"): Finding[] {
  const read = format === "yaml" ? readYaml(text) : readJson(text);
  const root = read.documents[0]!.root!;
  return validateNode(root, Body, { text, lines: read.lines, document: 0 });
}

describe("issue → range mapping (YAML)", () => {
  it("puts an unknown key on the key, with a did-you-mean and a rename fix", () => {
    const text = "Image: busybox\nHostConfig:\n  Memroy: 10\n  privileged: true\n  Zzzzzz: 1\n";
    const findings = check(text, "yaml");
    expect(summary(findings)).toEqual([
      "manifest/unknown-key@2:2-2:8",
      "manifest/unknown-key@3:2-3:12",
      "manifest/unknown-key@4:2-4:8",
    ]);
    expect(findings.map((f) => f.suggestion)).toEqual(["Memory", "Privileged", undefined]);
    expect(findings[0]!.message).toBe('Unknown key "Memroy" in HostConfig. Did you mean "Memory"?');
    expect(findings[0]!.path).toEqual(["HostConfig", "Memroy"]);
    expect(applyEdits(text, findings[0]!.fix!.edits)).toContain("  Memory: 10\n");
    expect(findings[2]!.fix).toBeUndefined();
  });

  it("puts a bad value, a limit and a wrong type on the value", () => {
    const text = [
      "Image: busybox",
      "HostConfig:",
      "  BlkioWeight: 5",
      "  RestartPolicy: {Name: alwyas, MaximumRetryCount: -1}",
      "  Privileged: yes",
      "  PortBindings:",
      "    80/tcp: [{HostPort: 8080}]",
      "    http: []",
    ].join("\n");
    const findings = check(text, "yaml");
    expect(summary(findings)).toEqual([
      "manifest/limit@2:15-2:16",
      "manifest/invalid-value@3:24-3:30",
      "manifest/limit@3:51-3:53",
      "manifest/invalid-type@4:14-4:17",
      "manifest/invalid-type@6:24-6:28",
      "manifest/invalid-value@7:4-7:8",
    ]);
    const [limit, policy, , yes, port] = findings;
    expect(limit!.message).toBe(
      "HostConfig.BlkioWeight: Too small: expected number to be >=10 (allowed: 10–1000)",
    );
    expect(policy!.suggestion).toBe("always");
    expect(applyEdits(text, policy!.fix!.edits)).toContain("{Name: always,");
    expect(yes!.message).toContain('YAML 1.2 reads "yes" as a string; write true.');
    expect(applyEdits(text, yes!.fix!.edits)).toContain("Privileged: true");
    expect(applyEdits(text, port!.fix!.edits)).toContain('[{HostPort: "8080"}]');
    expect(findings[5]!.message).toContain('Invalid key "http" in HostConfig.PortBindings');
  });

  it("puts a missing field on the object's key, or on the first key of the root", () => {
    const findings = check("Cmd: [sh]\nEnv: []\n", "yaml");
    expect(summary(findings)).toEqual(["manifest/missing-field@0:0-0:3"]);
    expect(findings[0]!.message).toBe('Missing required field "Image".');
    expect(findings[0]!.path).toEqual(["Image"]);
  });

  it("reports a union mismatch once, naming every accepted type", () => {
    const findings = check("Image: x\nCmd: 42\n", "yaml");
    expect(summary(findings)).toEqual(["manifest/invalid-type@1:5-1:7"]);
    expect(findings[0]!.message).toBe("Cmd: expected string or array, got a number.");
  });

  it("still reports cross-field rules when other fields of the object are invalid", () => {
    const text = "Image: x\nHostConfig:\n  MemorySwap: 100\n  BlkioWeight: 2000\n  Typo: 1\n";
    const findings = check(text, "yaml");
    expect(summary(findings)).toEqual([
      "manifest/constraint@1:0-1:10",
      "manifest/limit@3:15-3:19",
      "manifest/unknown-key@4:2-4:6",
    ]);
    expect(findings[0]!.message).toBe("HostConfig: MemorySwap needs Memory to be set");
  });

  it("never prints a value of the wrong type (it may be a secret)", () => {
    const findings = check("Image: x\nEnv: PASSWORD=hunter2\n", "yaml");
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toBe("Env: expected array, got a string.");
  });
});

describe("issue → range mapping (JSON)", () => {
  it("locates keys inside quotes, values and the opening brace for a missing field", () => {
    const text = '{\n  "HostConfig": {"Memroy": 1, "BlkioWeight": 1001},\n  "Env": ["A=1", 2]\n}';
    const findings = check(text, "json");
    expect(summary(findings)).toEqual([
      "manifest/missing-field@0:0-0:1",
      "manifest/unknown-key@1:17-1:25",
      "manifest/limit@1:45-1:49",
      "manifest/invalid-type@2:17-2:18",
    ]);
    const rename = findings[1]!;
    expect(textAt(text, rename.fix!.edits[0]!.range)).toBe("Memroy");
    expect(applyEdits(text, rename.fix!.edits)).toContain('{"Memory": 1,');
    expect(applyEdits(text, findings[3]!.fix!.edits)).toContain('["A=1", "2"]');
  });

  it("checks the part of a broken file that parsed", () => {
    const text = '{"Image": "x", "HostConfig": {"BlkioWeight": 1}, "Cmd": [1,}';
    const read = readJson(text);
    expect(read.documents[0]!.syntaxFindings.length).toBeGreaterThan(0);
    const findings = validateNode(read.documents[0]!.root!, Body, { text, lines: read.lines, document: 0 });
    expect(summary(findings)).toContain("manifest/limit@0:45-0:46");
    expect(span(findings[0]!.range)).toBe("0:45-0:46");
  });
});

describe("schemaAtPath", () => {
  it("lists the keys valid at a path with required flags, and enum values", () => {
    const host = schemaAtPath(Body, ["HostConfig"]);
    expect(host?.keys.map((k) => k.name)).toEqual([
      "Memory",
      "MemorySwap",
      "BlkioWeight",
      "PortBindings",
      "RestartPolicy",
      "Privileged",
    ]);
    expect(schemaAtPath(Body, [])?.keys.find((k) => k.name === "Image")?.required).toBe(true);
    expect(schemaAtPath(Body, ["HostConfig", "BlkioWeight"])?.doc?.bounds).toBe("10–1000");
    expect(schemaAtPath(Body, ["HostConfig", "RestartPolicy", "Name"])?.values).toEqual([
      "",
      "always",
      "unless-stopped",
      "on-failure",
    ]);
    expect(schemaAtPath(Body, ["HostConfig", "PortBindings", "80/tcp", 0])?.keys.map((k) => k.name)).toEqual([
      "HostIp",
      "HostPort",
    ]);
    expect(schemaAtPath(Body, ["HostConfig", "Nope"])).toBeUndefined();
  });
});
