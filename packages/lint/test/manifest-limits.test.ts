import { describe, expect, test } from "vitest";
import { lintManifest } from "../src/runner/lint-manifest.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";
import { formatRange } from "../src/testing/rule-tester.js";

/** The findings of `manifest/limit` for a container manifest setting `path` (YAML lines) to `value`. */
function limitFindings(yaml: string): string[] {
  return lintManifest(`Image: alpine:3.20\n${yaml}\n`, "web.container.yaml", DEFAULT_SETTINGS)
    .filter((f) => f.ruleId === "manifest/limit")
    .map((f) => formatRange(f.range));
}

// the engine API's limits (engine §8), as the linter reports them: below, at and above each bound
describe("manifest/limit at, below and above the engine API's bounds", () => {
  test.each([
    ["HostConfig:\n  BlkioWeight: 9", ["3:16-3:17"]],
    ["HostConfig:\n  BlkioWeight: 10", []],
    ["HostConfig:\n  BlkioWeight: 1000", []],
    ["HostConfig:\n  BlkioWeight: 1001", ["3:16-3:20"]],
    ["HostConfig:\n  MemorySwappiness: -2", ["3:21-3:23"]],
    ["HostConfig:\n  MemorySwappiness: -1", []],
    ["HostConfig:\n  MemorySwappiness: 100", []],
    ["HostConfig:\n  MemorySwappiness: 101", ["3:21-3:24"]],
    ["Healthcheck:\n  Interval: 999999", ["3:13-3:19"]],
    ["Healthcheck:\n  Interval: 1000000", []],
    ["Healthcheck:\n  Interval: 0", []],
  ])("%s", (yaml, expected) => {
    expect(limitFindings(yaml)).toEqual(expected);
  });

  test("a limit can be lowered to a warning or turned off by configuration", () => {
    const text = "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 5\n";
    const warn = lintManifest(text, "web.container.yaml", {
      ...DEFAULT_SETTINGS,
      rules: { "manifest/limit": "warning" },
    });
    expect(warn.map((f) => f.severity)).toEqual(["warning"]);
    expect(
      lintManifest(text, "web.container.yaml", { ...DEFAULT_SETTINGS, rules: { "manifest/limit": "off" } }),
    ).toEqual([]);
  });
});
