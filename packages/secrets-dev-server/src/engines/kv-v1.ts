/**
 * `KvV1Store`: the dev server's key/value engine version 1 — one map per key, no versions (secrets §2, §4),
 * answering as Vault's KV v1 engine does.
 */
import {
  type DevReply,
  type DevRequest,
  dataReply,
  errorReply,
  listFolder,
  listReply,
  NO_CONTENT,
} from "../types.js";

/** The mount's default lease TTL reported on KV v1 reads: 768 h (research secrets-anchors §2.1). */
const DEFAULT_LEASE_SECONDS = 2_764_800;

/** KV version 1: one map per key, no versions (research secrets-anchors §2.1, §2.4, §2.5). */
export class KvV1Store {
  readonly secrets = new Map<string, Record<string, unknown>>();

  /** Handles `rest` (path inside the mount): GET read, POST write (204), DELETE, LIST. */
  handle(req: DevRequest, rest: string): DevReply {
    if (req.method === "LIST")
      return listReply(
        listFolder(this.secrets.keys(), rest === "" || rest.endsWith("/") ? rest : `${rest}/`),
      );
    const key = rest.replace(/\/$/, "");
    if (key === "") return errorReply(405, ["unsupported operation"]);
    switch (req.method) {
      case "GET": {
        const data = this.secrets.get(key);
        if (!data) return errorReply(404);
        const ttl = typeof data.ttl === "number" ? data.ttl : DEFAULT_LEASE_SECONDS;
        return dataReply(data, { lease_duration: ttl, mount_type: "kv" });
      }
      case "POST": {
        if (!req.body || typeof req.body !== "object" || Array.isArray(req.body))
          return errorReply(400, ["missing data fields"]);
        this.secrets.set(key, req.body as Record<string, unknown>);
        return NO_CONTENT;
      }
      case "DELETE":
        this.secrets.delete(key);
        return NO_CONTENT;
      default:
        return errorReply(405, ["unsupported operation"]);
    }
  }
}
