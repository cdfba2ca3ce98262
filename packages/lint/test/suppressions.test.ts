import { describe, expect, test } from "vitest";
import { lintEnginefile } from "../src/engine/lint-enginefile.js";
import { lintManifest } from "../src/engine/lint-manifest.js";
import { DEFAULT_SETTINGS, type LintSettings } from "../src/engine/settings.js";
import { formatRange } from "../src/testing/rule-tester.js";

// the snippets put one-command RUNs in a row on purpose: consecutive-run would report each
const SETTINGS: LintSettings = { ...DEFAULT_SETTINGS, rules: { "consecutive-run": "off" } };

const lint = (text: string, settings: LintSettings = SETTINGS) =>
  lintEnginefile(text, settings).map((f) => `${formatRange(f.range)} ${f.ruleId}`);

describe("suppression comments in Enginefiles", () => {
  test("enginekit-ignore hides the named rules on the next instruction only, with an optional reason", () => {
    const text =
      "FROM alpine:3.20\n# enginekit-ignore no-sudo,cd-in-run -- legacy script\nRUN cd /x && sudo make\nRUN sudo true\n";
    expect(lint(text)).toEqual(["4:5-4:9 no-sudo"]);
  });

  test("the next instruction includes its continuation lines", () => {
    const text = "FROM alpine:3.20\n# enginekit-ignore no-sudo\nRUN true \\\n && sudo make\n";
    expect(lint(text)).toEqual([]);
  });

  test("enginekit-ignore-stage covers the rest of the stage, not the next one", () => {
    const text =
      "FROM alpine:3.20 AS a\n# enginekit-ignore-stage no-sudo\nRUN sudo a\nRUN sudo b\nFROM alpine:3.20\nRUN sudo c\n";
    expect(lint(text)).toEqual(["6:5-6:9 no-sudo"]);
  });

  test("enginekit-ignore-file without ids hides everything; with ids only those rules", () => {
    expect(lint("# enginekit-ignore-file\nFROM ubuntu\nRUN sudo x\n")).toEqual([]);
    expect(lint("# enginekit-ignore-file no-sudo\nFROM ubuntu\nRUN sudo x\n")).toEqual([
      "2:6-2:12 untagged-base-image",
    ]);
  });

  test("unknown ids, missing ids and unused suppressions are reported at the id", () => {
    const text =
      "FROM alpine:3.20\n# enginekit-ignore no-sudoo\nRUN sudo x\n# enginekit-ignore cd-in-run\nRUN true\n# enginekit-ignore\nRUN true\n";
    expect(lint(text)).toEqual([
      "2:20-2:28 invalid-suppression",
      "3:5-3:9 no-sudo",
      "4:20-4:29 unused-suppression",
      "6:1-6:19 invalid-suppression",
    ]);
  });

  test("a rule that is off is not reported as an unused suppression", () => {
    const text = "FROM alpine:3.20\n# enginekit-ignore no-sudo\nRUN true\n";
    expect(lint(text, { ...DEFAULT_SETTINGS, rules: { "no-sudo": "off" } })).toEqual([]);
  });

  test("inlineSuppressions: false ignores the comments and reports each one", () => {
    const text = "FROM alpine:3.20\n# enginekit-ignore no-sudo -- please\nRUN sudo x\n";
    expect(lint(text, { ...DEFAULT_SETTINGS, inlineSuppressions: false })).toEqual([
      "2:1-2:37 suppression-forbidden",
      "3:5-3:9 no-sudo",
    ]);
  });
});

describe("suppression comments in YAML manifests", () => {
  const manifest = [
    "Image: alpine:3.20",
    "HostConfig:",
    "  # enginekit-ignore manifest/limit -- tuned on purpose",
    "  BlkioWeight: 5",
    "  MemorySwappiness: 120",
    "",
  ].join("\n");
  const rules = (text: string) =>
    lintManifest(text, "web.container.yaml", DEFAULT_SETTINGS).map(
      (f) => `${formatRange(f.range)} ${f.ruleId}`,
    );

  test("the next line (and the block under it) is suppressed", () => {
    expect(rules(manifest)).toEqual(["5:21-5:24 manifest/limit"]);
    const block =
      "Image: alpine:3.20\n# enginekit-ignore manifest/limit\nHostConfig:\n  BlkioWeight: 5\n  MemorySwappiness: 120\n";
    expect(rules(block)).toEqual([]);
  });

  test("enginekit-ignore-file in a manifest", () => {
    expect(rules(`# enginekit-ignore-file manifest/limit\n${manifest}`)).toEqual([
      "4:22-4:36 unused-suppression",
    ]);
  });
});

describe("BuildKit's check directive", () => {
  test("# check=skip=<BuildKit name> drops the findings of the rules that are that check", () => {
    const text =
      "# check=skip=JSONArgsRecommended,StageNameCasing\nFROM alpine:3.20 AS Build\nCMD node app.js\nRUN sudo x\n";
    expect(lint(text)).toEqual(["4:5-4:9 no-sudo"]);
  });

  test("# check=skip=all drops every rule with a BuildKit peer; error=true changes nothing", () => {
    const text = "# check=skip=all;error=true\nFROM alpine:3.20 AS Build\nMAINTAINER me\nRUN sudo x\n";
    expect(lint(text)).toEqual(["4:5-4:9 no-sudo"]);
    expect(lint("# check=error=true\nFROM alpine:3.20 AS Build\n")).toEqual(["2:21-2:26 stage-name-casing"]);
  });
});
