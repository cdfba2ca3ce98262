/**
 * `parseDurationMs`, the duration syntax of the client settings (`*_TIMEOUT`, `secrets.timeout`,
 * `--timeout`): Go's `time.ParseDuration` units or a bare number of seconds.
 */
import { describe, expect, test } from "vitest";
import { parseDurationMs } from "../src/index.js";

describe("parseDurationMs", () => {
  test("reads units, combinations, fractions and bare seconds as milliseconds", () => {
    expect(parseDurationMs("500ms")).toBe(500);
    expect(parseDurationMs("10s")).toBe(10_000);
    expect(parseDurationMs("2m")).toBe(120_000);
    expect(parseDurationMs("1h")).toBe(3_600_000);
    expect(parseDurationMs("1m30s")).toBe(90_000);
    expect(parseDurationMs("1.5s")).toBe(1500);
    expect(parseDurationMs(" 30 ")).toBe(30_000);
    expect(parseDurationMs("0")).toBe(0);
  });

  test("refuses what is not a duration (the caller names the setting)", () => {
    for (const text of ["", "-1s", "10 s", "1d", "s", "1.s", "10sec", "1m-30s"])
      expect(parseDurationMs(text), text).toBeUndefined();
  });
});
