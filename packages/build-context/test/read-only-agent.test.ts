/**
 * The read-only agent filter of `--ssh` (src/upload/buildkit/session/read-only-agent.ts): which agent requests
 * pass (list, well-formed sign) and which are answered `SSH_AGENT_FAILURE` without reaching the agent, the
 * order of replies, message boundaries under every chunking, and the 256 KiB bound. Requests are built by
 * hand from draft-miller-ssh-agent's layout; OpenSSH's clients drive the filter on the real engine in
 * packages/cli/test/build-secrets.engine.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  AGENT_MAX_MESSAGE_BYTES,
  ReadOnlyAgentFilter,
} from "../src/upload/buildkit/session/read-only-agent.js";

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const sshString = (bytes: Buffer | string) => {
  const b = Buffer.from(bytes);
  return Buffer.concat([u32(b.length), b]);
};
/** A whole agent message: length, type, body. */
const message = (type: number, ...body: Buffer[]) => {
  const payload = Buffer.concat([Buffer.from([type]), ...body]);
  return Buffer.concat([u32(payload.length), payload]);
};

const keyBlob = Buffer.concat([sshString("ssh-ed25519"), sshString(Buffer.alloc(32, 7))]);
const IDENTITIES = message(11);
const SIGN = message(13, sshString(keyBlob), sshString("data to sign"), u32(2));
const FAILURE = message(5);
const REMOVE_ALL = message(19);
const LOCK = message(22, sshString("passphrase"));
const identitiesAnswer = message(12, u32(1), sshString(keyBlob), sshString("deploy@ci"));
const signResponse = message(
  14,
  sshString(Buffer.concat([sshString("ssh-ed25519"), sshString(Buffer.alloc(64, 9))])),
);

/** Feeds `requests` to a filter in `requestChunks`, answers each forwarded request in `replyChunks`. */
function run(requests: Buffer, requestCuts: number[], replies: Buffer, replyCuts: number[]) {
  const filter = new ReadOnlyAgentFilter();
  const toAgent: Buffer[] = [];
  const toClient: Buffer[] = [];
  for (const chunk of cut(requests, requestCuts)) {
    const step = filter.fromClient(chunk);
    expect(step.close).toBeUndefined();
    toAgent.push(...step.toAgent);
    toClient.push(...step.toClient);
  }
  for (const chunk of cut(replies, replyCuts)) toClient.push(...filter.fromAgent(chunk));
  return { toAgent: Buffer.concat(toAgent), toClient: Buffer.concat(toClient) };
}

/** `bytes` split at the sorted offsets `cuts`. */
function cut(bytes: Buffer, cuts: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (const c of [...cuts, bytes.length]) {
    out.push(bytes.subarray(at, c));
    at = c;
  }
  return out;
}

/** A deterministic pseudo-random generator (mulberry32), so a failing chunking can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("ReadOnlyAgentFilter", () => {
  it("forwards a list request and a well-formed sign request byte for byte", () => {
    const filter = new ReadOnlyAgentFilter();
    expect(filter.fromClient(IDENTITIES)).toEqual({ toAgent: [IDENTITIES], toClient: [] });
    expect(filter.fromClient(SIGN)).toEqual({ toAgent: [SIGN], toClient: [] });
    // A list request with bytes after its type goes on as the bare request, as BuildKit's client sends it.
    expect(filter.fromClient(message(11, Buffer.from("junk")))).toEqual({
      toAgent: [IDENTITIES],
      toClient: [],
    });
  });

  it.each([
    [
      "add identity",
      message(
        17,
        sshString("ssh-ed25519"),
        sshString(Buffer.alloc(32)),
        sshString(Buffer.alloc(64)),
        sshString("planted"),
      ),
    ],
    ["remove identity", message(18, sshString(keyBlob))],
    ["remove all identities", REMOVE_ALL],
    ["add smartcard key", message(20, sshString("/usr/lib/evil.so"), sshString(""))],
    ["remove smartcard key", message(21, sshString("/usr/lib/evil.so"), sshString(""))],
    ["lock", LOCK],
    ["unlock (BuildKit passes it; a step must not unlock its user's agent)", message(23, sshString("guess"))],
    ["add constrained identity", message(25, sshString("ssh-ed25519"), sshString(Buffer.alloc(32)))],
    ["add constrained smartcard key", message(26, sshString("/usr/lib/evil.so"), sshString(""))],
    ["extension", message(27, sshString("session-bind@openssh.com"), Buffer.alloc(8))],
    ["SSH-1 list", message(1)],
    ["SSH-1 remove all", message(9)],
    ["an unknown type", message(200, Buffer.from("x"))],
  ])("answers %s with SSH_AGENT_FAILURE and forwards nothing", (_name, request) => {
    const filter = new ReadOnlyAgentFilter();
    expect(filter.fromClient(request)).toEqual({ toAgent: [], toClient: [FAILURE] });
  });

  it.each([
    ["bytes after the flags", message(13, sshString(keyBlob), sshString("d"), u32(0), Buffer.from([0]))],
    ["no flags", message(13, sshString(keyBlob), sshString("d"))],
    [
      "a data string longer than the message",
      message(13, sshString(keyBlob), u32(99), Buffer.from("d"), u32(0)),
    ],
    [
      "a key blob without its algorithm string",
      message(13, sshString(Buffer.from([0, 0, 0, 9, 1])), sshString("d"), u32(0)),
    ],
    ["an empty key blob", message(13, sshString(""), sshString("d"), u32(0))],
    ["no body at all", message(13)],
  ])("refuses a sign request with %s, as BuildKit's decoder does", (_name, request) => {
    const filter = new ReadOnlyAgentFilter();
    expect(filter.fromClient(request)).toEqual({ toAgent: [], toClient: [FAILURE] });
  });

  it("keeps replies in request order: a refusal waits for the agent's reply to the request before it", () => {
    const filter = new ReadOnlyAgentFilter();
    expect(filter.fromClient(Buffer.concat([IDENTITIES, REMOVE_ALL, SIGN, LOCK]))).toEqual({
      toAgent: [IDENTITIES, SIGN],
      toClient: [],
    });
    // The first reply, in two pieces: the refusal of remove-all follows its last byte.
    expect(Buffer.concat(filter.fromAgent(identitiesAnswer.subarray(0, 7)))).toEqual(
      identitiesAnswer.subarray(0, 7),
    );
    expect(Buffer.concat(filter.fromAgent(identitiesAnswer.subarray(7)))).toEqual(
      Buffer.concat([identitiesAnswer.subarray(7), FAILURE]),
    );
    expect(Buffer.concat(filter.fromAgent(signResponse))).toEqual(Buffer.concat([signResponse, FAILURE]));
    // Nothing owed any more: a refusal goes back at once.
    expect(filter.fromClient(REMOVE_ALL)).toEqual({ toAgent: [], toClient: [FAILURE] });
  });

  it("keeps message boundaries under every chunking: one byte at a time, all at once, and random cuts", () => {
    const requests = Buffer.concat([
      IDENTITIES,
      REMOVE_ALL,
      SIGN,
      LOCK,
      message(27, sshString("x")),
      IDENTITIES,
    ]);
    const replies = Buffer.concat([identitiesAnswer, signResponse, identitiesAnswer]);
    const wantAgent = Buffer.concat([IDENTITIES, SIGN, IDENTITIES]);
    const wantClient = Buffer.concat([
      identitiesAnswer,
      FAILURE,
      signResponse,
      FAILURE,
      FAILURE,
      identitiesAnswer,
    ]);
    const everyByte = (b: Buffer) => Array.from({ length: b.length - 1 }, (_, i) => i + 1);
    expect(run(requests, [], replies, [])).toEqual({ toAgent: wantAgent, toClient: wantClient });
    expect(run(requests, everyByte(requests), replies, everyByte(replies))).toEqual({
      toAgent: wantAgent,
      toClient: wantClient,
    });
    const next = random(31);
    for (let round = 0; round < 200; round++) {
      const cuts = (b: Buffer) =>
        [
          ...new Set(
            Array.from({ length: Math.floor(next() * 8) }, () => 1 + Math.floor(next() * (b.length - 1))),
          ),
        ].sort((a, z) => a - z);
      expect(run(requests, cuts(requests), replies, cuts(replies)), `round ${round}`).toEqual({
        toAgent: wantAgent,
        toClient: wantClient,
      });
    }
  });

  it("accepts a request of exactly 256 KiB and ends the connection on a longer one without waiting for its body", () => {
    const filter = new ReadOnlyAgentFilter();
    const data = Buffer.alloc(AGENT_MAX_MESSAGE_BYTES - 1 - 4 - keyBlob.length - 4 - 4, 1);
    const largest = message(13, sshString(keyBlob), sshString(data), u32(0));
    expect(largest.length).toBe(4 + AGENT_MAX_MESSAGE_BYTES);
    expect(filter.fromClient(largest)).toEqual({ toAgent: [largest], toClient: [] });
    // one byte more: refused on the length alone, as OpenSSH's agent (AGENT_MAX_LEN) refuses it
    const over = filter.fromClient(Buffer.concat([u32(AGENT_MAX_MESSAGE_BYTES + 1), Buffer.from([17])]));
    expect(over.toAgent).toEqual([]);
    expect(over.close).toBe("an agent request of 262145 bytes, over the 262144 bytes an agent accepts");
    // and the connection stays ended: later bytes are neither forwarded nor answered
    expect(filter.fromClient(IDENTITIES)).toEqual({ toAgent: [], toClient: [] });
  });

  it("ends the connection on a request of length 0, as OpenSSH's agent does", () => {
    const filter = new ReadOnlyAgentFilter();
    const step = filter.fromClient(Buffer.concat([IDENTITIES, u32(0)]));
    expect(step.toAgent).toEqual([IDENTITIES]);
    expect(step.close).toBe("an agent request of length 0");
  });

  it("ends the connection when a step piles up more than 64 requests the agent has not answered", () => {
    const filter = new ReadOnlyAgentFilter();
    // a forwarded request the agent sits on (confirming a signature), then refusals queued behind it
    const first = filter.fromClient(SIGN);
    expect(first.toAgent).toEqual([SIGN]);
    const queued = filter.fromClient(Buffer.concat(Array.from({ length: 63 }, () => REMOVE_ALL)));
    expect(queued).toEqual({ toAgent: [], toClient: [] });
    const over = filter.fromClient(REMOVE_ALL);
    expect(over).toEqual({ toAgent: [], toClient: [], close: "more than 64 agent requests unanswered" });
    // once answered in time, the queue drains and the step may go on
    const drained = new ReadOnlyAgentFilter();
    drained.fromClient(Buffer.concat([SIGN, ...Array.from({ length: 63 }, () => REMOVE_ALL)]));
    expect(Buffer.concat(drained.fromAgent(signResponse))).toEqual(
      Buffer.concat([signResponse, ...Array.from({ length: 63 }, () => FAILURE)]),
    );
    expect(drained.fromClient(REMOVE_ALL)).toEqual({ toAgent: [], toClient: [FAILURE] });
  });

  it("buffers a large request's pieces once, not once per piece", () => {
    // 256 KiB one byte at a time: linear work (re-joining the pieces on every byte would copy ~34 GB and
    // time the test out).
    const filter = new ReadOnlyAgentFilter();
    const data = Buffer.alloc(AGENT_MAX_MESSAGE_BYTES - 1 - 4 - keyBlob.length - 4 - 4, 2);
    const largest = message(13, sshString(keyBlob), sshString(data), u32(0));
    const forwarded: Buffer[] = [];
    for (let at = 0; at < largest.length; at += 1) {
      forwarded.push(...filter.fromClient(largest.subarray(at, at + 1)).toAgent);
    }
    expect(Buffer.concat(forwarded)).toEqual(largest);
  });
});
