/**
 * `composeSchemaAt` over the pinned Compose schema: keys of a place with their descriptions (refs, oneOf
 * alternatives and patternProperties followed), enum values and the options a description lists, types,
 * open mappings, and no place for an unknown key.
 */
import { describe, expect, it } from "vitest";
import { composeSchemaAt } from "../src/schema/schema-at.js";

describe("composeSchemaAt", () => {
  it("gives a service's keys (through services' patternProperties and the service definition), not x-", () => {
    const service = composeSchemaAt(["services", "web"])!;
    expect(service.description).toBe("Configuration for a service.");
    expect(service.keys.map((k) => k.name)).toEqual(
      expect.arrayContaining(["image", "build", "healthcheck"]),
    );
    expect(service.keys.some((k) => k.name.startsWith("x-"))).toBe(false);
    expect(service.openKeys).toBe(false);
    expect(composeSchemaAt(["services"])!.openKeys).toBe(true);
  });

  it("follows oneOf alternatives: build is a string or a mapping with context, dockerfile, target…", () => {
    const build = composeSchemaAt(["services", "web", "build"])!;
    expect(build.types).toEqual(["string", "object"]);
    expect(build.keys.map((k) => k.name)).toEqual(
      expect.arrayContaining(["context", "dockerfile", "target"]),
    );
    expect(composeSchemaAt(["services", "web", "build", "target"])!.description).toBe(
      "Build stage to target in a multi-stage Dockerfile.",
    );
  });

  it("gives an enum's values, and the options a description lists", () => {
    expect(composeSchemaAt(["services", "web", "depends_on", "db", "condition"])!.values).toEqual([
      "service_started",
      "service_healthy",
      "service_completed_successfully",
    ]);
    expect(composeSchemaAt(["services", "web", "restart"])!.values).toEqual([
      "no",
      "always",
      "on-failure",
      "unless-stopped",
    ]);
  });

  it("follows list items, and has no place for an unknown key", () => {
    expect(composeSchemaAt(["services", "web", "ports", 0])!.keys.map((k) => k.name)).toContain("published");
    expect(composeSchemaAt(["services", "web", "imag"])).toBeUndefined();
    expect(composeSchemaAt(["nope"])).toBeUndefined();
  });
});
