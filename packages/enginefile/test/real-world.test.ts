import { afterAll, describe, expect, it } from "vitest";
import { dump, parseBytes, REFERENCE_ERROR_CODES } from "../src/index.js";
import { corpusHas, readCorpus, readCorpusBytes, realWorldFiles } from "./corpus.js";

describe("real-world Enginefiles against the reference dump", () => {
  const files = realWorldFiles();
  let matching = 0;
  afterAll(() => {
    console.log(`real-world conformance: ${matching} of ${files.length} files match the reference`);
  });
  it("has 257 files", () => expect(files).toHaveLength(257));
  for (const file of files) {
    it(file, () => {
      // bytes, as the reference reads them (invalid UTF-8 survives into the dump)
      const doc = parseBytes(readCorpusBytes("enginefiles", "files", file));
      const errors = doc.diagnostics.filter((d) => REFERENCE_ERROR_CODES.has(d.code)).map((d) => d.message);
      if (corpusHas("enginefiles", "reference", `${file}.error`)) {
        const expected = readCorpus("enginefiles", "reference", `${file}.error`).trim();
        expect(errors).toContain(expected);
        expect(doc.referenceError?.message).toBe(expected);
      } else {
        expect(errors).toEqual([]);
        expect(doc.referenceError).toBeUndefined();
        expect(`${dump(doc)}\n`).toBe(readCorpus("enginefiles", "reference", `${file}.result`));
      }
      matching++;
    });
  }
});
