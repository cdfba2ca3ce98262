import { FINDING_CODES } from "@enginekit/manifests";
import { describe, expect, test } from "vitest";
import { RULES } from "../../src/rules/registry.js";
import { testRule } from "../../src/testing/rule-tester.js";

describe("rule metadata", () => {
  test("ids are unique, kebab-case (manifest ids keep their area prefix) and every rule documents itself", () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of RULES) {
      expect(r.meta.id).toMatch(/^([a-z-]+\/)?[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.meta.description.length).toBeGreaterThan(10);
      expect(r.meta.docs.length).toBeGreaterThan(20);
    }
  });
});

test("every @enginekit/manifests finding code is a rule of the same id, with its severity", () => {
  for (const [code, info] of Object.entries(FINDING_CODES)) {
    const rule = RULES.find((r) => r.meta.id === code);
    expect(rule?.meta.appliesTo, code).toBe("manifest");
    expect(rule?.meta.severity).toBe(info.severity);
  }
});

// every rule's documented examples: invalid ones report, valid ones do not
for (const rule of RULES) testRule(rule, { valid: [], invalid: [] });
