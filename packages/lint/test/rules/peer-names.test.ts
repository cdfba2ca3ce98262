/**
 * Peer names point at the rule that does what the peer's check does (hadolint's rule specs, measured in
 * docs/parity.md): a wrong alias sends `--rule DL…=off` and `# hadolint ignore=` to the wrong rule.
 */
import { expect, test } from "vitest";
import { resolveRuleIds } from "../../src/rules/registry.js";

test("hadolint codes name the rules with the same meaning", () => {
  // DL3029: any constant --platform; DL3065: --platform=$TARGETPLATFORM, which is the default
  expect(resolveRuleIds("DL3029")).toEqual(["from-platform"]);
  expect(resolveRuleIds("DL3065")).toEqual(["redundant-target-platform"]);
  expect(resolveRuleIds("RedundantTargetPlatform")).toEqual(["redundant-target-platform"]);
});
