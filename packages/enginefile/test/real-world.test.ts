import { afterAll, describe, expect, it } from "vitest";
import { dump, parse, REFERENCE_ERROR_CODES } from "../src/index.js";
import { corpusHas, readCorpus, realWorldFiles } from "./corpus.js";

describe("real-world Enginefiles against the reference dump", () => {
  const files = realWorldFiles();
  let matching = 0;
  afterAll(() => {
    console.log(`real-world conformance: ${matching} of ${files.length} files match the reference`);
  });
  it("has 257 files", () => expect(files).toHaveLength(257));
  for (const file of files) {
    it(file, () => {
      const doc = parse(readCorpus("enginefiles", "files", file));
      const errors = doc.diagnostics.filter((d) => REFERENCE_ERROR_CODES.has(d.code)).map((d) => d.message);
      if (corpusHas("enginefiles", "reference", `${file}.error`)) {
        expect(errors).toContain(readCorpus("enginefiles", "reference", `${file}.error`).trim());
      } else {
        expect(errors).toEqual([]);
        expect(`${dump(doc)}\n`).toBe(readCorpus("enginefiles", "reference", `${file}.result`));
      }
      matching++;
    });
  }
});
