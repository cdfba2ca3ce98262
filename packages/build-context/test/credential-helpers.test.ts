/**
 * Credentials through the engine CLI's credential-helper protocol (`docker-credential-<name> get|list`),
 * with small helper scripts of the test's own on `PATH`: `credsStore` and `credHelpers` overlay `auths`;
 * a helper that is missing, fails or prints garbage is one message naming the helper and the file, and
 * never any secret the helper holds or printed.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RegistryCredentialsError, readCredentialsFile } from "../src/index.js";

let dir: string;
let env: NodeJS.ProcessEnv;

/** Writes an executable `docker-credential-<name>` shell script into the test's `bin` folder. */
function helper(name: string, body: string): void {
  const file = join(dir, "bin", `docker-credential-${name}`);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
}

/** Writes a config.json with `content` and returns its path. */
function config(name: string, content: object): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "enginekit-credential-helpers-"));
  mkdirSync(join(dir, "bin"));
  env = { PATH: `${join(dir, "bin")}:/usr/bin:/bin` };
  helper(
    "ekstore",
    `case "$1" in
  list) echo '{"https://index.docker.io/v1/":"hub-user","store.example":"<token>","gone.example":"x"}' ;;
  get) read url
    case "$url" in
      https://index.docker.io/v1/) echo '{"ServerURL":"https://index.docker.io/v1/","Username":"hub-user","Secret":"hub-SECRET-1"}' ;;
      store.example) echo '{"ServerURL":"store.example","Username":"<token>","Secret":"id-SECRET-2"}' ;;
      *) echo "credentials not found in native keychain"; exit 1 ;;
    esac ;;
  *) exit 2 ;;
esac`,
  );
  helper(
    "ekper",
    `[ "$1" = get ] || exit 2; read url; echo "{\\"ServerURL\\":\\"$url\\",\\"Username\\":\\"per-host\\",\\"Secret\\":\\"per-SECRET-3\\"}"`,
  );
  helper("ekfail", `echo "keychain locked: fail-SECRET-4" >&2; echo "fail-SECRET-4"; exit 3`);
  helper("ekgarbage", `echo "password=garbage-SECRET-5"`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("credential helpers (docker-credential-<name>)", () => {
  it("credsStore (list, then get each) and credHelpers (get) overlay the auths entries", async () => {
    const file = config("store", {
      auths: {
        "plain.example": { auth: Buffer.from("u:p").toString("base64") },
        "https://index.docker.io/v1/": {},
        "per.example": { auth: Buffer.from("stale:stale").toString("base64") },
      },
      credsStore: "ekstore",
      credHelpers: { "per.example": "ekper" },
    });
    expect(await readCredentialsFile(file, { env })).toEqual({
      "plain.example": { username: "u", password: "p", serveraddress: "plain.example" },
      "https://index.docker.io/v1/": {
        username: "hub-user",
        password: "hub-SECRET-1",
        serveraddress: "https://index.docker.io/v1/",
      },
      "store.example": { identitytoken: "id-SECRET-2", serveraddress: "store.example" },
      "per.example": { username: "per-host", password: "per-SECRET-3", serveraddress: "per.example" },
    });
  });

  it.each([
    [
      "missing",
      { credsStore: "eknothere" },
      /docker-credential-eknothere \(credsStore in .*\) is not installed: not found on PATH/,
    ],
    [
      "failing",
      { credHelpers: { "r.example": "ekfail" } },
      /docker-credential-ekfail \(credHelpers in .*\) failed: get for r\.example exited with status 3/,
    ],
    [
      "printing garbage",
      { credHelpers: { "r.example": "ekgarbage" } },
      /docker-credential-ekgarbage \(credHelpers in .*\) printed something that is not JSON for get/,
    ],
  ])(
    "a %s helper is one message naming the helper and the file, no secret",
    async (name, content, message) => {
      const file = config(name, content);
      const error = await readCredentialsFile(file, { env }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RegistryCredentialsError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).not.toMatch(/SECRET/);
      expect((error as Error).message).not.toContain("\n");
    },
  );

  it("a helper name that could escape PATH lookup is refused", async () => {
    const file = config("escape", { credsStore: "../../bin/sh" });
    await expect(readCredentialsFile(file, { env })).rejects.toThrow("is not valid");
  });
});
