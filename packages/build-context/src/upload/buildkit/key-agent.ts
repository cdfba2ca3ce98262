/**
 * An SSH agent served from private key files, in memory, for `--ssh ID=KEYFILE[,KEYFILE…]`: as the engine
 * CLI's provider does it (moby/buildkit `session/sshforward/sshprovider/agentprovider.go`: the keys are
 * parsed with `ssh.ParseRawPrivateKey` into an `agent.NewKeyring()`, and each forwarded connection is that
 * keyring served over a pipe). Keys are parsed with `ssh2`'s `utils.parseKey` (OpenSSH, PEM/PKCS#1, PKCS#8,
 * PuTTY; RSA, ECDSA, Ed25519) and the agent protocol (draft-miller-ssh-agent) is `ssh2`'s `AgentProtocol`
 * in server mode. The agent is read-only, as BuildKit's: it lists identities and signs; every other request
 * (add, remove, lock, extensions) gets `SSH_AGENT_FAILURE`.
 *
 * Private keys are kept in memory only and never appear in a message: errors name the file.
 */
import { sign as cryptoSign } from "node:crypto";
import type { Duplex } from "node:stream";
import type { ParsedKey } from "ssh2";

/** Why a key file cannot be served, in words (the caller adds the flag and the file). */
export class KeyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyFileError";
  }
}

type Ssh2 = typeof import("ssh2");

let ssh2: Promise<Ssh2> | undefined;

/** `ssh2`, loaded on first use (only builds with key files need it). */
function loadSsh2(): Promise<Ssh2> {
  ssh2 ??= import("ssh2").then((m) => ((m as { default?: Ssh2 }).default ?? m) as Ssh2);
  return ssh2;
}

/**
 * The private keys of one key file's bytes (a file may hold several).
 * @throws KeyFileError when the file is passphrase-protected or is not a private key.
 */
export async function parsePrivateKeys(bytes: Buffer): Promise<ParsedKey[]> {
  const { utils } = await loadSsh2();
  const parsed = utils.parseKey(bytes) as ParsedKey | ParsedKey[] | Error;
  if (parsed instanceof Error) {
    if (/passphrase|encrypted/i.test(parsed.message))
      throw new KeyFileError(
        "the key is protected by a passphrase, which enginekit does not ask for (as the engine CLI): add it to an agent with ssh-add and pass the agent's socket (--ssh default)",
      );
    throw new KeyFileError(`not an agent socket nor a private key enginekit can read (${parsed.message})`);
  }
  const keys = Array.isArray(parsed) ? parsed : [parsed];
  if (keys.length === 0 || keys.some((k) => !k.isPrivateKey()))
    throw new KeyFileError("a public key, not a private key: give the private key file (without .pub)");
  return keys;
}

/** ECDSA curve of an `ecdsa-sha2-*` key type → the hash its signatures use (RFC 5656 §6.2.1). */
const ECDSA_HASH: Record<string, string> = {
  "ecdsa-sha2-nistp256": "sha256",
  "ecdsa-sha2-nistp384": "sha384",
  "ecdsa-sha2-nistp521": "sha512",
};

/** An SSH `mpint` (RFC 4251 §5) of the unsigned big-endian `bytes`. */
function mpint(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  let body = bytes.subarray(start);
  if (body.length > 0 && (body[0]! & 0x80) !== 0) body = Buffer.concat([Buffer.from([0]), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
}

/**
 * The signature blob an agent returns for `data` (RFC 4253 §6.6, RFC 5656 §3.1.2, RFC 8332, RFC 8709): RSA
 * with `hash` (`sha256`/`sha512` when the client asked for `rsa-sha2-*`, else SHA-1), Ed25519 raw, ECDSA as
 * `mpint r, mpint s`. Undefined when the key cannot sign.
 */
function signatureBlob(key: ParsedKey, data: Buffer, hash: string | undefined): Buffer | undefined {
  const ecdsaHash = ECDSA_HASH[key.type];
  if (ecdsaHash !== undefined) {
    const raw = cryptoSign(ecdsaHash, data, { key: key.getPrivatePEM(), dsaEncoding: "ieee-p1363" });
    const half = raw.length / 2;
    return Buffer.concat([mpint(raw.subarray(0, half)), mpint(raw.subarray(half))]);
  }
  const signature = key.sign(data, hash) as Buffer | Error;
  return signature instanceof Error ? undefined : signature;
}

/**
 * A connector for the session's agent relay: each call returns a new agent connection (a duplex stream
 * carrying the agent protocol's bytes: requests written in, answers read out) serving `keys`.
 */
export async function keyringAgent(keys: readonly ParsedKey[]): Promise<() => Duplex> {
  const { AgentProtocol } = await loadSsh2();
  const publics = keys.map((k) => k.getPublicSSH());
  return () => {
    const protocol = new AgentProtocol(false);
    protocol.on("identities", (request) => protocol.getIdentitiesReply(request, [...keys]));
    protocol.on("sign", (request, publicKey: ParsedKey, data: Buffer, options: { hash?: string }) => {
      const wanted = publicKey.getPublicSSH();
      const index = publics.findIndex((p) => p.equals(wanted));
      const blob = index < 0 ? undefined : signatureBlob(keys[index]!, data, options.hash);
      if (blob === undefined) protocol.failureReply(request);
      else protocol.signReply(request, blob);
    });
    return protocol;
  };
}
