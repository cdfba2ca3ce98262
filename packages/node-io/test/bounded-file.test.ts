/**
 * The reader of files a repository holds (`src/bounded-file.ts`, docs/security.md "Files read from a
 * repository"): regular files only unless the user named the path, never blocking on a FIFO, and never
 * more than the limit, counted while reading.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BoundedReadError, readBoundedFile } from "../src/bounded-file.js";

const dir = mkdtempSync(join(tmpdir(), "enginekit-bounded-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const what = "the test file";

function refusal(path: string, maxBytes: number, allowSpecial = false): BoundedReadError {
  try {
    readBoundedFile(path, { maxBytes, what, allowSpecial });
  } catch (error) {
    if (error instanceof BoundedReadError) return error;
    throw error;
  }
  throw new Error("read");
}

describe("readBoundedFile", () => {
  it("reads a regular file whole, up to and at the limit", () => {
    const file = join(dir, "ok");
    writeFileSync(file, "0123456789");
    expect(readBoundedFile(file, { maxBytes: 10, what }).toString()).toBe("0123456789");
    writeFileSync(join(dir, "empty"), "");
    expect(readBoundedFile(join(dir, "empty"), { maxBytes: 1, what }).length).toBe(0);
  });

  it("refuses a regular file over the limit without reading it", () => {
    const file = join(dir, "big");
    writeFileSync(file, "x".repeat(11));
    expect(refusal(file, 10)).toMatchObject({
      code: "EFBIG",
      message: `${file}: the test file is larger than 10 bytes, the limit enginekit reads`,
    });
  });

  it("refuses a device, a link to one and a FIFO before reading a byte (a FIFO does not block)", () => {
    symlinkSync("/dev/zero", join(dir, "zero"));
    execFileSync("mkfifo", [join(dir, "fifo")]);
    expect(refusal(join(dir, "zero"), 1024)).toMatchObject({
      code: "ENOTREG",
      reason: "the test file is not a regular file (a character device)",
    });
    expect(refusal(join(dir, "fifo"), 1024).reason).toBe("the test file is not a regular file (a FIFO)");
  });

  it("a device the user named is read up to the limit", () => {
    expect(refusal("/dev/zero", 1024 * 1024, true).code).toBe("EFBIG");
  });

  it("a folder is the usual EISDIR", () => {
    expect(() => readBoundedFile(dir, { maxBytes: 10, what })).toThrow(
      expect.objectContaining({ code: "EISDIR" }),
    );
  });
});
