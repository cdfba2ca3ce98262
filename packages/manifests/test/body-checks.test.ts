import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BODY_CHECKS, FINDING_CODES } from "../src/index.js";

/**
 * The body checks are rule files like the linter's (docs/architecture.md, issue 28): one file per check
 * under src/checks, its `meta.id` equal to the file name, each listed once in the registry, its severity
 * the one of the code it reports under, and a pure function that never throws, whatever JSON it is given.
 */
const checksDir = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "checks");
const files = readdirSync(checksDir)
  .filter((name) => name.endsWith(".ts") && name !== "check.ts" && name !== "registry.ts")
  .map((name) => name.slice(0, -3))
  .sort();

describe("body checks", () => {
  it("one file per check, named after its id, each in the registry once", () => {
    expect(BODY_CHECKS.map((c) => c.meta.id).sort()).toEqual(files);
  });

  it.each(BODY_CHECKS.map((c) => [c.meta.id, c] as const))(
    "%s: severity and fix as its code declares",
    (_id, c) => {
      const info = FINDING_CODES[c.meta.code];
      expect(c.meta.severity).toBe(info.severity);
      if (info.fix === "never") expect(c.meta.fix).toBe("never");
      expect(c.meta.docs.length).toBeGreaterThan(10);
      expect(c.meta.peers.length).toBeGreaterThan(0);
    },
  );

  const odd: unknown[] = [null, 0, "x", [], {}, [null], { a: null }, -1, 1e308, true];
  const fields = [
    "HostConfig",
    "Labels",
    "ExposedPorts",
    "Healthcheck",
    "EndpointSpec",
    "RollbackConfig",
    "TaskTemplate",
    "Mode",
  ];
  it.each(BODY_CHECKS.map((c) => [c.meta.id, c] as const))("%s: never throws on odd values", (_id, c) => {
    for (const field of fields) {
      for (const value of odd) {
        for (const kind of ["container", "service"] as const) {
          expect(() => c.check({ [field]: value }, { kind, apiVersion: "1.41" })).not.toThrow();
          const nested = { [field]: { Test: value, Ports: [value], Resources: { Limits: value } } };
          expect(() => c.check(nested, { kind, apiVersion: "1.24" })).not.toThrow();
        }
      }
    }
  });
});
