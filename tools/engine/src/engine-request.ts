/**
 * One HTTP request to a test engine over its Unix socket or TCP address with plain `node:http`, for tests
 * that send bodies exactly as written (the differential tests of the CLI and of `@enginekit/compose`),
 * without the api client's parsing.
 */
import { request } from "node:http";

/** The engine's answer: status and body text. */
export interface EngineReply {
  status: number;
  text: string;
}

/** One HTTP request to the engine at `host` (`unix:///path` or `tcp://host:port`). */
export function engineRequest(
  host: string,
  method: string,
  path: string,
  body?: string,
): Promise<EngineReply> {
  const target = host.startsWith("unix://")
    ? { socketPath: host.slice("unix://".length) }
    : (() => {
        const url = new URL(host.replace(/^tcp:/, "http:"));
        return { host: url.hostname, port: Number(url.port) };
      })();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        ...target,
        method,
        path,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => void (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
