import { describe, expect, test } from "vitest";
import { lintEnginefile } from "../src/runner/lint-enginefile.js";
import { lintManifest } from "../src/runner/lint-manifest.js";
import { DEFAULT_SETTINGS, type LintSettings } from "../src/runner/settings.js";
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

  test("a mistyped id in a suppression comment gets a did-you-mean", () => {
    const text =
      "FROM alpine:3.20\n# enginekit-ignore no-sudoo\nRUN sudo x\n# enginekit-ignore zzz\nRUN true\n";
    const messages = lintEnginefile(text, DEFAULT_SETTINGS)
      .filter((f) => f.ruleId === "invalid-suppression")
      .map((f) => f.message);
    expect(messages).toEqual([
      'Unknown rule "no-sudoo" in suppression comment; did you mean "no-sudo"? (see enginekit lint --list-rules).',
      'Unknown rule "zzz" in suppression comment (see enginekit lint --list-rules).',
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

  test("# check=skip=all drops every rule with a BuildKit peer", () => {
    const text = "# check=skip=all\nFROM alpine:3.20 AS Build\nMAINTAINER me\nRUN sudo x\n";
    expect(lint(text)).toEqual(["4:5-4:9 no-sudo"]);
  });

  test("error=true makes the findings of BuildKit checks errors, as BuildKit fails the build on them", () => {
    const severities = (text: string) =>
      lintEnginefile(text, DEFAULT_SETTINGS).map((f) => `${f.ruleId} ${f.severity}`);
    expect(severities("# check=error=true\nFROM alpine:3.20 AS Build\nRUN sudo x\n")).toEqual([
      "stage-name-casing error",
      "no-sudo warning",
    ]);
    expect(severities("# check=skip=StageNameCasing;error=true\nFROM alpine:3.20 AS Build\n")).toEqual([]);
    // a directive BuildKit rejects (an unknown key) changes nothing
    expect(severities("# check=error=true;foo=bar\nFROM alpine:3.20 AS Build\n")).toEqual([
      "stage-name-casing style",
    ]);
  });

  test("# check=skip= above an instruction skips those checks for that instruction only", () => {
    const text =
      "FROM alpine:3.20\n# check=skip=JSONArgsRecommended // the shell is needed\nCMD node app.js\nENTRYPOINT node app.js\n";
    expect(lint(text)).toEqual(["4:12-4:23 exec-form-command"]);
    // only the first check= comment before an instruction counts; an empty # clears the comments before it
    const first = "FROM alpine:3.20\n# check=skip=Other\n# check=skip=JSONArgsRecommended\nCMD node app.js\n";
    expect(lint(first)).toEqual(["4:5-4:16 exec-form-command"]);
    const cleared = "FROM alpine:3.20\n# check=skip=JSONArgsRecommended\n#\nCMD node app.js\n";
    expect(lint(cleared)).toEqual(["4:5-4:16 exec-form-command"]);
    // skip=all skips every BuildKit check of the instruction; other rules still report
    expect(lint("FROM alpine:3.20\n# check=skip=all\nRUN sudo x\nCMD node app.js\n")).toEqual([
      "3:5-3:9 no-sudo",
      "4:5-4:16 exec-form-command",
    ]);
    // names enginekit has no rule for are not reported (the comment serves BuildKit too)
    expect(lint("FROM alpine:3.20\n# check=skip=InvalidBaseImagePlatform\nRUN true\n")).toEqual([]);
  });
});

describe("hadolint's pragmas and peer names", () => {
  test("# hadolint ignore= hides the named rules on the next instruction; global ignore= in the whole file", () => {
    const text = "FROM alpine:3.20\n# hadolint ignore=DL3004,DL3003\nRUN cd /x && sudo make\nRUN sudo y\n";
    expect(lint(text)).toEqual(["4:5-4:9 no-sudo"]);
    expect(lint("# hadolint global ignore=DL3004\nFROM alpine:3.20\nRUN sudo a\nRUN sudo b\n")).toEqual([]);
  });

  test("hadolint codes enginekit has no rule for, and unused ones, are not reported", () => {
    const text = "FROM alpine:3.20\n# hadolint ignore=DL3008,SC2086,DL3004\nRUN true\n";
    expect(lint(text)).toEqual([]);
  });

  test("hadolint and BuildKit names work in enginekit-ignore and in the rules settings", () => {
    const text = "FROM alpine:3.20 AS Build\n# enginekit-ignore DL3004\nRUN sudo x\n";
    expect(lint(text)).toEqual(["1:21-1:26 stage-name-casing"]);
    const unused = "FROM alpine:3.20\n# enginekit-ignore DL3004\nRUN true\n";
    expect(lint(unused)).toEqual(["2:20-2:26 unused-suppression"]);
  });
});
