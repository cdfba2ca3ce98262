import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { checkManifest, MANIFEST_KINDS, type ManifestCheck } from "../src/index.js";

/** Pieces real manifests are made of, so random text often gets deep into the readers and the schemas. */
const FRAGMENTS = [
  "Image: busybox\n",
  "HostConfig:\n",
  "  BlkioWeight: ",
  "  Memory: ",
  "Env:\n",
  "  - ",
  "A=svc:secret/data/a#b",
  "svc:",
  "#",
  "/",
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  " ",
  "\n",
  "\t",
  '"',
  "'",
  "\\",
  "\\u00e9",
  "---\n",
  "&a ",
  "*a",
  "<<: ",
  "? ",
  "- ",
  "|\n",
  ">-\n",
  "1000",
  "-1",
  "1e400",
  "true",
  "yes",
  "null",
  "~",
  "\r\n",
  "😀",
  "\u2028",
  "Mode: {Replicated: {Replicas: ",
  "EndpointSpec: ",
  "PortBindings: {80/tcp: [{HostPort: ",
  "kind: ",
  "$schema: ",
  "Healthcheck: {Interval: ",
  "# c\n",
  "%YAML 1.2\n",
  "!!str ",
  "!tag ",
];

/** Every range of a result lies inside the text, start before end, positions consistent with offsets. */
function expectSaneRanges(result: ManifestCheck, text: string): void {
  for (const finding of result.findings) {
    const { start, end } = finding.range;
    expect(start.offset).toBeGreaterThanOrEqual(0);
    expect(end.offset).toBeLessThanOrEqual(text.length);
    expect(start.offset).toBeLessThanOrEqual(end.offset);
    expect(result.lines.position(start.offset)).toEqual(start);
    for (const edit of finding.fix?.edits ?? [])
      expect(edit.range.end.offset).toBeLessThanOrEqual(text.length);
  }
}

const kind = fc.constantFrom(...MANIFEST_KINDS);
const format = fc.constantFrom("yaml" as const, "json" as const);

describe("checkManifest never throws (property)", () => {
  it("on arbitrary text, as YAML and as JSON, for every kind", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), kind, format, (text, k, f) => {
        const result = checkManifest(text, { kind: k, format: f });
        expectSaneRanges(result, text);
      }),
      { numRuns: 300 },
    );
  });

  it("on text assembled from manifest fragments", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), kind, format, (parts, k, f) => {
        const text = parts.join("");
        expectSaneRanges(checkManifest(text, { kind: k, format: f }), text);
      }),
      { numRuns: 400 },
    );
  });

  it("on valid JSON/YAML values, whole and cut at any point", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.nat(), kind, format, (value, cut, k, f) => {
        const whole = f === "json" ? JSON.stringify(value, null, 1) : stringify(value);
        const text = whole.slice(0, cut % (whole.length + 1));
        expectSaneRanges(checkManifest(whole, { kind: k, format: f }), whole);
        expectSaneRanges(checkManifest(text, { kind: k, format: f }), text);
      }),
      { numRuns: 300 },
    );
  });
});
