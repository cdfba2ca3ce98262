import { describe, expect, it } from "vitest";
import { editDistance } from "../src/edit-distance.js";

describe("editDistance (optimal string alignment)", () => {
  it.each([
    ["", "", 0],
    ["abc", "abc", 0],
    ["Memroy", "Memory", 1], // one transposition
    ["Memry", "Memory", 1],
    ["kitten", "sitting", 3],
    ["ca", "abc", 3], // OSA, not unrestricted Damerau (which gives 2)
  ])("%s ~ %s = %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });

  it("stops early past the limit", () => {
    expect(editDistance("abcdefgh", "zzzzzzzz", 2)).toBe(3);
  });
});
