import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured } from "./run-in-process.js";

const UNFORMATTED = "from alpine\nrun apt-get update \\\n  && apt-get install -y curl\n";
const FORMATTED = "FROM alpine\nRUN apt-get update \\\n    && apt-get install -y curl\n";

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "enginekit-format-"));
  mkdirSync(join(dir, "svc"));
  writeFileSync(join(dir, "svc", "Enginefile"), UNFORMATTED);
  writeFileSync(join(dir, "Enginefile"), FORMATTED);
  writeFileSync(join(dir, "web.container.yaml"), "Image:   alpine\n");
  return dir;
}

describe("enginekit format", () => {
  it("--check lists unformatted files and exits 1 without changing them; 0 once formatted", async () => {
    const dir = project();
    const check = await runCaptured(["format", "--check", dir]);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe(`not formatted: ${join(dir, "svc", "Enginefile")}\n`);
    expect(check.stderr).toBe("1 of 2 files not formatted (run enginekit format)\n");
    expect(readFileSync(join(dir, "svc", "Enginefile"), "utf8")).toBe(UNFORMATTED);

    chmodSync(join(dir, "svc", "Enginefile"), 0o640);
    const run = await runCaptured(["format", dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`formatted ${join(dir, "svc", "Enginefile")}\n`);
    expect(readFileSync(join(dir, "svc", "Enginefile"), "utf8")).toBe(FORMATTED);
    expect(statSync(join(dir, "svc", "Enginefile")).mode & 0o777).toBe(0o640);
    // manifests are not formatted
    expect(readFileSync(join(dir, "web.container.yaml"), "utf8")).toBe("Image:   alpine\n");
    expect(await runCaptured(["format", "--check", dir])).toMatchObject({ code: 0, stdout: "", stderr: "" });
  });

  it("honours --indent (spaces or tab) and refuses a bad value or a missing path", async () => {
    const dir = project();
    expect((await runCaptured(["format", "--indent", "tab", join(dir, "svc", "Enginefile")])).code).toBe(0);
    expect(readFileSync(join(dir, "svc", "Enginefile"), "utf8")).toBe(FORMATTED.replace("    &&", "\t&&"));
    expect(await runCaptured(["format", "--indent", "0", dir])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--indent 0: use a number of spaces from 1 to 16, or tab"),
    });
    expect((await runCaptured(["format", join(dir, "missing")])).code).toBe(2);
  });
});
