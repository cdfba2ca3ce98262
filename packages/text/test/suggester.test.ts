import { describe, expect, it } from "vitest";
import { closestMatch } from "../src/suggester.js";

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
