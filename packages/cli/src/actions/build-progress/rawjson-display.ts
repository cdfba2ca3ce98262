/**
 * `--progress=rawjson`: each BuildKit status as one JSON line, the shape `docker buildx build
 * --progress=rawjson` prints (BuildKit's `client.SolveStatus` in Go's JSON: `vertexes`, `statuses`, `logs`
 * with base64 `data`, `warnings`; times as RFC 3339). Log data is masked (secret values) before it is
 * encoded; data the mask does not change is passed through byte for byte.
 */
import type { StatusResponse } from "@enginekit/build-context";

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/** The JSON line for one status (log data masked with `mask`, then base64). */
export function rawJsonLine(status: StatusResponse, mask: (text: string) => string): string {
  const value = {
    vertexes: status.vertexes.map((v) => ({
      digest: v.digest,
      inputs: v.inputs,
      name: mask(v.name),
      ...(v.cached ? { cached: true } : {}),
      started: iso(v.started),
      completed: iso(v.completed),
      ...(v.error ? { error: mask(v.error) } : {}),
    })),
    statuses: status.statuses.map((s) => ({
      id: s.id,
      vertex: s.vertex,
      name: s.name,
      current: s.current,
      total: s.total,
      timestamp: iso(s.timestamp),
      started: iso(s.started),
      completed: iso(s.completed),
    })),
    logs: status.logs.map((l) => ({
      vertex: l.vertex,
      stream: l.stream,
      data: maskedBase64(l.data, mask),
      timestamp: iso(l.timestamp),
    })),
    warnings: status.warnings.map((w) => ({
      vertex: w.vertex,
      level: w.level,
      short: w.short,
      detail: w.detail,
      url: w.url,
      ...(w.filename ? { sourceInfo: { filename: w.filename } } : {}),
      range: w.ranges,
    })),
  };
  return `${JSON.stringify(value)}\n`;
}

function maskedBase64(data: Uint8Array, mask: (text: string) => string): string {
  const text = Buffer.from(data).toString("utf8");
  const masked = mask(text);
  return (masked === text ? Buffer.from(data) : Buffer.from(masked)).toString("base64");
}
