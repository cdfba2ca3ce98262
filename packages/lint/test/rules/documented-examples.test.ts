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

// every rule's documented examples: invalid ones report, valid ones do not
for (const rule of RULES) testRule(rule, { valid: [], invalid: [] });
