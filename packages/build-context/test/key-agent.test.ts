/**
 * `--ssh ID=KEYFILE`: the agent served from key files in memory, driven end to end by OpenSSH's own
 * clients (`ssh-add -l` lists it, `ssh-keygen -Y sign` signs through it and `ssh-keygen -Y
 * check-novalidate` verifies the signature) for Ed25519, RSA (rsa-sha2-512), ECDSA P-256 and P-384 keys made
 * by `ssh-keygen`; the agent is read-only; a passphrase-protected key and a public key are one line each.
 * Skips, visibly, where OpenSSH's client tools are not installed (Debian `openssh-client`).
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
import { parseSshFlag } from "../src/index.js";

const hasOpenSsh = ["ssh-keygen", "ssh-add"].every(
  (tool) => spawnSync(tool, ["-?"], { stdio: "ignore" }).error === undefined,
);
const NO_OPENSSH = "OpenSSH's ssh-keygen and ssh-add are not installed (Debian openssh-client)";
if (!hasOpenSsh) console.warn(`skipped: key-agent.test.ts: ${NO_OPENSSH}`);

const KEYS = [
  ["ed25519", ["-t", "ed25519"]],
  ["rsa", ["-t", "rsa", "-b", "2048"]],
  ["p256", ["-t", "ecdsa", "-b", "256"]],
  ["p384", ["-t", "ecdsa", "-b", "384"]],
] as const;

describe(
  "an agent served from key files, judged by OpenSSH's clients",
  skipIf(!hasOpenSsh, NO_OPENSSH),
  () => {
    let dir: string;
    let server: Server;
    let socket: string;
    /** Runs an OpenSSH tool against the served agent (asynchronously: the agent answers in this process). */
    const run = (tool: string, args: string[], input?: string) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          tool,
          args,
          {
            cwd: dir,
            env: { PATH: process.env.PATH, SSH_AUTH_SOCK: socket },
            encoding: "utf8",
            timeout: 20_000,
          },
          (error, stdout, stderr) =>
            resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
        child.stdin?.end(input ?? "");
      });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "ek-key-agent-"));
      socket = join(dir, "served.sock");
      for (const [name, args] of KEYS)
        execFileSync("ssh-keygen", [...args, "-q", "-N", "", "-C", `${name}@test`, "-f", join(dir, name)]);
      const source = await parseSshFlag(`deploy=${KEYS.map(([name]) => name).join(",")}`, {}, dir);
      if (!("agent" in source)) throw new Error("expected an in-memory agent");
      expect(source.keyFiles).toEqual(KEYS.map(([name]) => name));
      // The session relays the agent's bytes; here a local socket carries them to OpenSSH's clients.
      server = createServer((connection) => {
        const agent = source.agent();
        connection.pipe(agent).pipe(connection);
        connection.on("error", () => agent.destroy());
      });
      await new Promise<void>((resolve) => server.listen(socket, resolve));
    });
    afterAll(() => {
      server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("ssh-add -l lists every key with its fingerprint and comment", async () => {
      const listed = await run("ssh-add", ["-l"]);
      expect(listed.status).toBe(0);
      for (const [name] of KEYS) {
        const fingerprint = execFileSync("ssh-keygen", ["-l", "-f", join(dir, `${name}.pub`)], {
          encoding: "utf8",
        });
        expect(listed.stdout).toContain(fingerprint.split(" ")[1]!);
        expect(listed.stdout).toContain(`${name}@test`);
      }
    });

    it("signs with each key: ssh-keygen -Y sign through the agent, verified by ssh-keygen -Y check-novalidate", async () => {
      for (const [name] of KEYS) {
        const message = `message for ${name}\n`;
        writeFileSync(join(dir, `${name}.msg`), message);
        const signed = await run("ssh-keygen", [
          "-Y",
          "sign",
          "-f",
          `${name}.pub`,
          "-n",
          "file",
          `${name}.msg`,
        ]);
        expect(signed.stderr).not.toMatch(/agent refused|couldn't sign/i);
        expect(signed.status).toBe(0);
        const verified = await run(
          "ssh-keygen",
          ["-Y", "check-novalidate", "-n", "file", "-f", `${name}.pub`, "-s", `${name}.msg.sig`],
          message,
        );
        expect(verified.stdout + verified.stderr).toContain("Good");
        expect(verified.status).toBe(0);
      }
    });

    it("is read-only, as BuildKit's: adding and removing keys fail, the keys stay", async () => {
      const removed = await run("ssh-add", ["-D"]);
      expect(removed.status).not.toBe(0);
      execFileSync("ssh-keygen", ["-t", "ed25519", "-q", "-N", "", "-f", join(dir, "extra")]);
      const added = await run("ssh-add", [join(dir, "extra")]);
      expect(added.stderr).toMatch(/agent refused|Could not add/i);
      expect(added.status).not.toBe(0);
      const listed = await run("ssh-add", ["-l"]);
      expect(listed.stdout.trim().split("\n")).toHaveLength(KEYS.length);
    });

    it("a passphrase-protected key and a public key are refused in one line naming the file", async () => {
      execFileSync("ssh-keygen", ["-t", "ed25519", "-q", "-N", "correct horse", "-f", join(dir, "locked")]);
      await expect(parseSshFlag("x=locked", {}, dir)).rejects.toThrow(
        '--ssh "x=locked": locked: the key is protected by a passphrase, which enginekit does not ask for (as the engine CLI): add it to an agent with ssh-add and pass the agent\'s socket (--ssh default)',
      );
      await expect(parseSshFlag("x=ed25519.pub", {}, dir)).rejects.toThrow(
        "ed25519.pub: a public key, not a private key: give the private key file (without .pub)",
      );
      await expect(parseSshFlag(`x=served.sock,ed25519`, {}, dir)).rejects.toThrow("one agent socket per id");
    });
  },
);
