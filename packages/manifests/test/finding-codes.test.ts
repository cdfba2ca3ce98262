import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkManifest, FINDING_CODES, type FindingCode } from "../src/index.js";

const EXAMPLES = join(import.meta.dirname, "../../../examples/manifests");

describe("FINDING_CODES", () => {
  it("is documented in docs/manifests.md, every code", () => {
    const docs = readFileSync(join(import.meta.dirname, "../../../docs/manifests.md"), "utf8");
    for (const code of Object.keys(FINDING_CODES)) expect(docs).toContain(`\`${code}\``);
  });

  it("gives the severity findings are really reported with", () => {
    const text = readFileSync(join(EXAMPLES, "broken.container.yaml"), "utf8");
    const findings = checkManifest(text, { fileName: "broken.container.yaml" }).findings;
    expect(findings.length).toBeGreaterThan(5);
    for (const finding of findings) {
      const info = FINDING_CODES[finding.code as FindingCode];
      expect(finding.severity, finding.code).toBe(info.severity);
      if (finding.fix) expect(info.fix, finding.code).not.toBe("never");
    }
  });
});
