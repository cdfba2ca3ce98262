/**
 * RUN scripts are parsed by the shell parser only when an enabled rule asks about a command the RUN's
 * text names (docs/lint.md "Performance"): counted on unbash's `parse`.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RULES } from "../src/rules/registry.js";
import { lintEnginefile } from "../src/runner/lint-enginefile.js";
import { DEFAULT_SETTINGS, type LintSettings } from "../src/runner/settings.js";

const parsed = vi.hoisted(() => ({ scripts: [] as string[] }));
vi.mock("unbash", async (importOriginal) => {
  const unbash = await importOriginal<typeof import("unbash")>();
  return {
    ...unbash,
    parse: (text: string, ...rest: unknown[]) => {
      parsed.scripts.push(text);
      return (unbash.parse as (t: string, ...r: unknown[]) => ReturnType<typeof unbash.parse>)(text, ...rest);
    },
  };
});

beforeEach(() => {
  parsed.scripts.length = 0;
});

describe("the shell parser runs on demand", () => {
  it("parses no RUN whose text names no command a rule asks about", () => {
    lintEnginefile("FROM alpine:3.20\nRUN ./configure\nWORKDIR /app\nRUN make\n", DEFAULT_SETTINGS);
    expect(parsed.scripts).toEqual([]);
  });

  it("parses a RUN that names one, once, however many rules ask", () => {
    lintEnginefile(
      "FROM debian:12\nRUN ./configure\nWORKDIR /app\nRUN apt-get update && apt-get install -y curl | tee log\n",
      DEFAULT_SETTINGS,
    );
    expect(parsed.scripts).toEqual(["apt-get update && apt-get install -y curl | tee log"]);
  });

  it("parses nothing when every rule that reads shell commands is off", () => {
    const off: LintSettings = {
      ...DEFAULT_SETTINGS,
      rules: Object.fromEntries(RULES.map((r) => [r.meta.id, "off" as const])),
    };
    lintEnginefile("FROM debian:12\nRUN apt-get update && apt-get install -y curl | tee log\n", off);
    expect(parsed.scripts).toEqual([]);
  });
});
