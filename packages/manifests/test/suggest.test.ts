import { describe, expect, it } from "vitest";
import { closestMatch, editDistance } from "../src/index.js";

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

describe("closestMatch", () => {
  const keys = [
    "Memory",
    "MemorySwap",
    "MemorySwappiness",
    "BlkioWeight",
    "Privileged",
    "MaxAttempts",
    "Delay",
  ];
  it.each([
    ["memory", "Memory"], // case-insensitive first
    ["Memroy", "Memory"],
    ["MemorySwapiness", "MemorySwappiness"],
    ["privileged", "Privileged"],
    ["BlkioWieght", "BlkioWeight"],
    ["Attempts", "MaxAttempts"], // contained, the v1.24 document's other name
    ["Dly", undefined], // contained nowhere, too far
    ["Zzzzzz", undefined],
    ["Memory", undefined], // already a known key
  ])("%s → %s", (word, expected) => {
    expect(closestMatch(word, keys)).toBe(expected);
  });
});
