import { describe, expect, it } from "vitest";
import { parseDuration, parseHealthcheckDuration, parseSignal } from "../src/index.js";

describe("parseDuration (Go time.ParseDuration)", () => {
  const ok: [string, bigint][] = [
    ["0", 0n],
    ["5s", 5_000_000_000n],
    ["30s", 30_000_000_000n],
    ["1478s", 1_478_000_000_000n],
    ["-5s", -5_000_000_000n],
    ["+5s", 5_000_000_000n],
    ["-0", 0n],
    ["+0", 0n],
    ["5.0s", 5_000_000_000n],
    ["5.6s", 5_600_000_000n],
    ["5.s", 5_000_000_000n],
    [".5s", 500_000_000n],
    ["1.0s", 1_000_000_000n],
    ["1.00s", 1_000_000_000n],
    ["1.004s", 1_004_000_000n],
    ["1.0040s", 1_004_000_000n],
    ["100.00100s", 100_001_000_000n],
    ["10ns", 10n],
    ["11us", 11_000n],
    ["12µs", 12_000n],
    ["12μs", 12_000n],
    ["13ms", 13_000_000n],
    ["14s", 14_000_000_000n],
    ["15m", 900_000_000_000n],
    ["16h", 57_600_000_000_000n],
    ["3h30m", 12_600_000_000_000n],
    ["10.5s4m", 250_500_000_000n],
    ["-2m3.4s", -123_400_000_000n],
    ["1h2m3s4ms5us6ns", 3_723_004_005_006n],
    ["39h9m14.425s", 140_954_425_000_000n],
    ["52763797000ns", 52_763_797_000n],
    ["0.3333333333333333333h", 1_200_000_000_000n],
    ["9007199254740993ns", 9_007_199_254_740_993n],
    ["9223372036854775807ns", 9_223_372_036_854_775_807n],
    ["9223372036854775.807us", 9_223_372_036_854_775_807n],
    ["9223372036s854ms775us807ns", 9_223_372_036_854_775_807n],
    ["-9223372036854775808ns", -9_223_372_036_854_775_808n],
    ["-9223372036854775.808us", -9_223_372_036_854_775_808n],
    ["0.100000000000000000000h", 360_000_000_000n],
    ["0.830103483285477580700h", 2_988_372_539_827n],
  ];
  for (const [text, ns] of ok) {
    it(`${text} = ${ns} ns`, () => expect(parseDuration(text)).toEqual({ ok: true, nanoseconds: ns }));
  }
  const bad: [string, string][] = [
    ["", 'time: invalid duration ""'],
    ["3", 'time: missing unit in duration "3"'],
    ["-", 'time: invalid duration "-"'],
    ["s", 'time: invalid duration "s"'],
    [".", 'time: invalid duration "."'],
    ["-.", 'time: invalid duration "-."'],
    [".s", 'time: invalid duration ".s"'],
    ["+.s", 'time: invalid duration "+.s"'],
    ["1d", 'time: unknown unit "d" in duration "1d"'],
    ["1.1.1s", 'time: missing unit in duration "1.1.1s"'],
    ["9223372036854775808ns", 'time: invalid duration "9223372036854775808ns"'],
    ["9223372036854775.808us", 'time: invalid duration "9223372036854775.808us"'],
    ["-9223372036854775809ns", 'time: invalid duration "-9223372036854775809ns"'],
  ];
  for (const [text, error] of bad) {
    it(`rejects ${JSON.stringify(text)}`, () => expect(parseDuration(text)).toEqual({ ok: false, error }));
  }
});

describe("parseHealthcheckDuration (BuildKit parseOptInterval)", () => {
  it("accepts 0 and empty as the default, rejects less than 1ms", () => {
    expect(parseHealthcheckDuration("interval", "")).toEqual({ ok: true, nanoseconds: 0n });
    expect(parseHealthcheckDuration("interval", "0s")).toEqual({ ok: true, nanoseconds: 0n });
    expect(parseHealthcheckDuration("interval", "1ms")).toEqual({ ok: true, nanoseconds: 1_000_000n });
    expect(parseHealthcheckDuration("timeout", "999us")).toEqual({
      ok: false,
      error: "--timeout is less than 1ms: use 0 (the default) or at least 1ms",
    });
    expect(parseHealthcheckDuration("timeout", "-1s")).toEqual({
      ok: false,
      error: "--timeout is less than 1ms: use 0 (the default) or at least 1ms",
    });
  });
});

describe("parseSignal (moby signal.ParseSignal, Linux)", () => {
  const ok: [string, number, string | undefined][] = [
    ["SIGTERM", 15, "SIGTERM"],
    ["sigterm", 15, "SIGTERM"],
    ["TERM", 15, "SIGTERM"],
    ["kill", 9, "SIGKILL"],
    ["9", 9, "SIGKILL"],
    ["+9", 9, "SIGKILL"],
    ["SIGRTMIN", 34, "SIGRTMIN"],
    ["RTMIN+3", 37, "SIGRTMIN+3"],
    ["SIGRTMAX-1", 63, "SIGRTMAX-1"],
    ["rtmax", 64, "SIGRTMAX"],
    ["SIGCLD", 17, "SIGCLD"],
    ["100", 100, undefined],
  ];
  for (const [text, n, name] of ok) {
    it(`${text} → ${n}`, () => expect(parseSignal(text)).toEqual({ ok: true, signal: n, name }));
  }
  for (const text of ["0", "SIGFOO", "", "RTMIN+16", "SIG", " 9", "9s"]) {
    it(`rejects ${JSON.stringify(text)}`, () =>
      expect(parseSignal(text)).toEqual({ ok: false, error: `invalid signal: ${text}` }));
  }
});
