/**
 * A minimal HTTP helper for the schema tests that talk to the real engine (tools/engine): plain undici
 * requests over the engine's Unix socket or TCP address, no EngineClient, so the schemas are checked
 * against the engine's own bytes.
 */
import { Agent, request } from "undici";

export interface EngineResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** An HTTP connection to the engine at `host` (`unix:///path` or `tcp://host:port`). */
export class EngineHttp {
  readonly #agent: Agent;
  readonly #origin: string;

  constructor(host: string) {
    if (host.startsWith("unix://")) {
      this.#agent = new Agent({ connect: { socketPath: host.slice("unix://".length) } });
      this.#origin = "http://engine";
    } else {
      this.#agent = new Agent();
      this.#origin = host.replace(/^tcp:/, "http:");
    }
  }

  /** Sends one request; `body` objects are sent as JSON. Rejects only on transport errors. */
  async send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<EngineResponse> {
    const isBuffer = body instanceof Uint8Array;
    const payload = body === undefined ? undefined : isBuffer ? body : JSON.stringify(body);
    const response = await request(`${this.#origin}${path}`, {
      method: method as "GET",
      dispatcher: this.#agent,
      body: payload,
      headers: {
        ...(body !== undefined && !isBuffer ? { "content-type": "application/json" } : {}),
        ...headers,
      },
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }

  /** Sends a request and parses the JSON body; throws with the body when the status is not `expected`. */
  async json(method: string, path: string, expected: number, body?: unknown): Promise<unknown> {
    const response = await this.send(method, path, body);
    if (response.status !== expected) {
      throw new Error(`${method} ${path}: expected ${expected}, got ${response.status}: ${response.text}`);
    }
    return JSON.parse(response.text);
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}

/** Parses a stream of concatenated JSON objects (one per line, `\r\n` separated) into values. */
export function parseJsonLines(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}
