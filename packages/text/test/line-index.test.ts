import { describe, expect, it } from "vitest";
import { LineIndex } from "../src/line-index.js";

/** Line starts by the LSP's definition, independently of LineIndex: after each `\r\n`, `\n` or lone `\r`. */
function expectedStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index + m[0].length);
  return starts;
}

describe("LineIndex", () => {
  it.each([
    ["", [0]],
    ["FROM x", [0]],
    ["FROM x\n", [0, 7]],
    ["FROM x\nRUN a\n\nCMD b", [0, 7, 13, 14]],
    ["FROM x\r\nRUN a\r\n", [0, 8, 15]],
    ["a\rb\r\n\rc\n", [0, 2, 5, 6, 8]],
  ])("line starts of %j, with and without \\r (the two ways it finds them)", (text, starts) => {
    expect(new LineIndex(text).starts).toEqual(starts);
    expect(expectedStarts(text)).toEqual(starts);
  });

  it("finds the same starts as the LSP's line ends on mixed text", () => {
    const pieces = ["a", "é", "\n", "\r\n", "\r", "\n\n", "RUN x \\", "𝄞"];
    let seed = 7;
    for (let n = 0; n < 300; n++) {
      let text = "";
      for (let k = (n % 17) + 1; k > 0; k--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += pieces[seed % pieces.length];
      }
      const lines = new LineIndex(text);
      expect(lines.starts).toEqual(expectedStarts(text));
      expect(lines.position(text.length).line).toBe(lines.starts.length - 1);
    }
  });
});
