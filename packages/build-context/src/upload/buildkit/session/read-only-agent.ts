/**
 * The read-only filter between a build step's SSH agent client and the user's agent, for `--ssh`: the agent
 * protocol (draft-miller-ssh-agent "Protocol Overview": `uint32 length`, then `byte type` and the body) is framed in both
 * directions and only the requests that list identities and sign are passed on, as BuildKit's own relay
 * does (moby/buildkit `session/sshforward/sshprovider/agentprovider.go` serves a socket agent through
 * `readOnlyAgent`, golang.org/x/crypto `ssh/agent/server.go` `ServeAgent`): a repository's Enginefile is
 * untrusted, and must not remove the user's keys, plant one, or lock the agent.
 *
 * Passed on: `SSH_AGENTC_REQUEST_IDENTITIES` (11, forwarded as the bare request, which is what BuildKit's
 * client sends whatever followed the type byte) and a well-formed `SSH_AGENTC_SIGN_REQUEST` (13: `string
 * key_blob` whose first field is a string, `string data`, `uint32 flags`, nothing after; byte for byte, as
 * BuildKit re-encodes the same fields). Answered here with `SSH_AGENT_FAILURE` (5) and never forwarded:
 * every other request — add (17, 25), remove (18), remove all (19), smartcard keys (20, 21, 26), lock (22),
 * unlock (23), extensions (27), the SSH-1 requests and unknown types. Where BuildKit differs, enginekit is
 * the stricter or the draft's: BuildKit passes `UNLOCK` through (its wrapper does not override `Unlock`),
 * but a step has no business unlocking an agent its user locked, nor guessing the passphrase; it answers
 * an extension with `SSH_AGENT_EXTENSION_FAILURE` (28, Go's reply to any extension error), but the draft
 * ("Extension mechanism") and OpenSSH's agent answer an unsupported extension with `SSH_AGENT_FAILURE`, the
 * reply every client reads as a failure (OpenSSH's `agent_failed` knows 5, 30 and 102, not 28); and it
 * answers the SSH-1 requests 1 and 9 itself with an empty list and a success.
 *
 * Replies keep the order of the requests (the protocol has no request ids): a local failure waits for the
 * agent's replies to the requests before it. A request longer than OpenSSH's agent accepts
 * ({@link AGENT_MAX_MESSAGE_BYTES}, `AGENT_MAX_LEN` in openssh `ssh-agent.c`), or of length 0, ends the
 * connection, as OpenSSH's agent ends it, and so does a request beyond {@link MAX_UNANSWERED_REQUESTS}
 * waiting for replies: a step cannot make enginekit buffer without bound. The agent's replies are streamed
 * through without buffering (the user's agent is trusted).
 */

/** Agent protocol message numbers used here (draft-miller-ssh-agent "Message numbers"). */
const AGENT_MESSAGE = {
  failure: 5,
  requestIdentities: 11,
  signRequest: 13,
} as const;

/** Largest request accepted: OpenSSH's agent's `AGENT_MAX_LEN` (256 KiB), the length field excluded. */
export const AGENT_MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * Most requests a step may have waiting for their replies (pipelined while the agent has not answered,
 * e.g. while it asks its user to confirm a signature). OpenSSH's clients send one request at a time; a
 * step that sends more could otherwise make enginekit queue forwarded requests and refusals without bound.
 * Reaching it ends the connection.
 */
const MAX_UNANSWERED_REQUESTS = 64;

/** A whole `SSH_AGENT_FAILURE` message, length included. */
const FAILURE_MESSAGE = Buffer.from([0, 0, 0, 1, AGENT_MESSAGE.failure]);

/** A whole `SSH_AGENTC_REQUEST_IDENTITIES` message, length included. */
const IDENTITIES_REQUEST = Buffer.from([0, 0, 0, 1, AGENT_MESSAGE.requestIdentities]);

/** What one chunk from the step's client gives: bytes for the agent, bytes for the client, or the end. */
export interface FilteredRequests {
  /** Whole requests to write to the user's agent, in order. */
  toAgent: Buffer[];
  /** Bytes to write back to the step's client now (local failures no earlier reply is owed before). */
  toClient: Buffer[];
  /** Set when the connection must end: why (a request of length 0 or over the limit), never its bytes. */
  close?: string;
}

/**
 * One agent connection's filter. Feed the step's bytes to {@link fromClient} and the agent's to
 * {@link fromAgent}, in any chunking; each returns what to write where. Pure: no I/O, no timers.
 */
export class ReadOnlyAgentFilter {
  /** Request bytes not yet forming a whole message. */
  private requestChunks: Buffer[] = [];
  private requestBytes = 0;
  private closed = false;
  /**
   * Replies owed to the client, in request order: `agent` for a forwarded request, a buffer for a local
   * failure. A head buffer is sent at once; others wait for the agent replies before them.
   */
  private owed: (Buffer | "agent")[] = [];
  /** The agent reply being passed through: header bytes read so far, then body bytes left. */
  private replyHeader = Buffer.alloc(4);
  private replyHeaderBytes = 0;
  private replyBodyLeft = 0;

  /**
   * Takes bytes from the step's client.
   * @returns the whole requests to forward, the local replies to send now, and `close` when the
   *   connection must end (after which every call returns nothing).
   */
  fromClient(chunk: Uint8Array): FilteredRequests {
    const out: FilteredRequests = { toAgent: [], toClient: [] };
    if (this.closed || chunk.length === 0) return out;
    this.requestChunks.push(Buffer.from(chunk)); // a copy: the caller may reuse its buffer
    this.requestBytes += chunk.length;
    while (this.requestBytes >= 4) {
      const head = this.take(4, false);
      const length = head.readUInt32BE(0);
      if (length === 0 || length > AGENT_MAX_MESSAGE_BYTES)
        return this.end(
          out,
          length === 0
            ? "an agent request of length 0"
            : `an agent request of ${length} bytes, over the ${AGENT_MAX_MESSAGE_BYTES} bytes an agent accepts`,
        );
      if (this.requestBytes < 4 + length) break;
      if (this.owed.length >= MAX_UNANSWERED_REQUESTS)
        return this.end(out, `more than ${MAX_UNANSWERED_REQUESTS} agent requests unanswered`);
      const message = this.take(4 + length, true);
      const forward = allowedRequest(message);
      if (forward !== undefined) {
        out.toAgent.push(forward);
        this.owed.push("agent");
      } else if (this.owed.length === 0) {
        out.toClient.push(FAILURE_MESSAGE);
      } else {
        this.owed.push(FAILURE_MESSAGE);
      }
    }
    return out;
  }

  /**
   * Takes bytes from the user's agent.
   * @returns the bytes to send to the step's client: the agent's replies unchanged, with the local failures
   *   owed after each reply.
   */
  fromAgent(chunk: Uint8Array): Buffer[] {
    const out: Buffer[] = [];
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    while (data.length > 0) {
      if (this.replyHeaderBytes < 4) {
        const n = Math.min(4 - this.replyHeaderBytes, data.length);
        data.copy(this.replyHeader, this.replyHeaderBytes, 0, n);
        this.replyHeaderBytes += n;
        out.push(data.subarray(0, n));
        data = data.subarray(n);
        if (this.replyHeaderBytes < 4) break;
        this.replyBodyLeft = this.replyHeader.readUInt32BE(0);
      }
      const n = Math.min(this.replyBodyLeft, data.length);
      if (n > 0) out.push(data.subarray(0, n));
      data = data.subarray(n);
      this.replyBodyLeft -= n;
      if (this.replyBodyLeft === 0) {
        // One whole reply: it answers the oldest forwarded request; the local failures after it follow.
        this.replyHeaderBytes = 0;
        if (this.owed[0] === "agent") this.owed.shift();
        while (this.owed.length > 0 && this.owed[0] !== "agent") out.push(this.owed.shift() as Buffer);
      }
    }
    return out;
  }

  /** Ends the connection: nothing more is read, buffered or answered. */
  private end(out: FilteredRequests, reason: string): FilteredRequests {
    this.closed = true;
    this.requestChunks = [];
    this.requestBytes = 0;
    this.owed = [];
    out.close = reason;
    return out;
  }

  /** Removes the first `n` buffered request bytes (`consume`) or copies them out without removing. */
  private take(n: number, consume: boolean): Buffer {
    const first = this.requestChunks[0]!;
    let bytes: Buffer;
    if (first.length >= n) bytes = first.subarray(0, n);
    else {
      const joined = Buffer.concat(this.requestChunks, this.requestBytes);
      this.requestChunks = [joined];
      bytes = joined.subarray(0, n);
    }
    if (consume) {
      const head = this.requestChunks[0]!;
      if (head.length === n) this.requestChunks.shift();
      else this.requestChunks[0] = head.subarray(n);
      this.requestBytes -= n;
    }
    return bytes;
  }
}

/** The bytes to forward for one whole request (length included), or undefined when it is refused. */
function allowedRequest(message: Buffer): Buffer | undefined {
  switch (message[4]) {
    case AGENT_MESSAGE.requestIdentities:
      return IDENTITIES_REQUEST;
    case AGENT_MESSAGE.signRequest:
      return isSignRequest(message) ? message : undefined;
    default:
      return undefined;
  }
}

/**
 * Whether `message` (length, type 13, body) is exactly `string key_blob, string data, uint32 flags`
 * (draft-miller-ssh-agent "Private key operations") with a key blob that opens with its algorithm's string, as Go's
 * `ssh.Unmarshal` of `signRequestAgentMsg` and `wireKey` demands before BuildKit forwards it.
 */
function isSignRequest(message: Buffer): boolean {
  let at = 5;
  const string = (): [number, number] | undefined => {
    if (message.length - at < 4) return undefined;
    const length = message.readUInt32BE(at);
    if (message.length - at - 4 < length) return undefined;
    const span: [number, number] = [at + 4, at + 4 + length];
    at += 4 + length;
    return span;
  };
  const keyBlob = string();
  if (keyBlob === undefined || string() === undefined) return false;
  if (message.length - at !== 4) return false;
  const [start, end] = keyBlob;
  return end - start >= 4 && message.readUInt32BE(start) <= end - start - 4;
}
