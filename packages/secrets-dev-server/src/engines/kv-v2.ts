/**
 * `KvV2Store`: the dev server's key/value engine version 2 — versioned keys under `data/`, `metadata/`,
 * `delete/`, `undelete/`, `destroy/` and the mount's `config` (secrets §2), answering as Vault's KV v2 does.
 */
import {
  type DevReply,
  type DevRequest,
  dataReply,
  envelope,
  errorReply,
  listFolder,
  listReply,
  NO_CONTENT,
} from "../types.js";

/** One stored version of a KV v2 key. */
interface Version {
  data: Record<string, unknown>;
  created: string;
  deletionTime: string;
  destroyed: boolean;
}

/** A KV v2 key: its versions and metadata (research secrets-anchors §2.3). */
interface Key {
  versions: Map<number, Version>;
  currentVersion: number;
  oldestVersion: number;
  maxVersions: number;
  casRequired: boolean;
  deleteVersionAfter: string;
  customMetadata: Record<string, string> | null;
  created: string;
  updated: string;
}

/** Default number of versions kept when neither key nor mount sets one. */
const DEFAULT_MAX_VERSIONS = 10;

const now = () => new Date().toISOString();

/** Non-list operations on a folder of `data/` or `metadata/`: 404 with a warning (research secrets-anchors §2.6). */
const FOLDER_OPERATION: DevReply = {
  status: 404,
  body: envelope(null, {
    warnings: ["Non-listing operations on the root of a K/V v2 mount are not supported."],
  }),
};

/**
 * KV version 2: versioned keys under `data/`, `metadata/`, `delete/`, `undelete/`, `destroy/` and the
 * mount's `config` (secrets §2; research secrets-anchors §2.2–§2.6).
 */
export class KvV2Store {
  readonly keys = new Map<string, Key>();
  config = { max_versions: 0, cas_required: false, delete_version_after: "0s" };

  /** Writes a new version of `key` (used by the routes and by seeding). Returns the reply data or an error. */
  put(key: string, data: Record<string, unknown>, cas?: number): DevReply {
    let k = this.keys.get(key);
    if ((k?.casRequired || this.config.cas_required) && cas === undefined) {
      return errorReply(400, ["check-and-set parameter required for this call"]);
    }
    if (cas !== undefined && cas !== (k?.currentVersion ?? 0)) {
      return errorReply(400, ["check-and-set parameter did not match the current version"]);
    }
    const time = now();
    k ??= this.#create(key);
    const version = k.currentVersion + 1;
    k.versions.set(version, { data, created: time, deletionTime: "", destroyed: false });
    k.currentVersion = version;
    k.updated = time;
    const keep = k.maxVersions || this.config.max_versions || DEFAULT_MAX_VERSIONS;
    for (const v of [...k.versions.keys()].sort((a, b) => a - b)) {
      if (k.versions.size <= keep) break;
      k.versions.delete(v);
    }
    k.oldestVersion = Math.min(...k.versions.keys());
    return dataReply(this.#versionMeta(k, version), { mount_type: "kv" });
  }

  /** Creates an empty key (no versions yet). */
  #create(key: string): Key {
    const time = now();
    const k: Key = {
      versions: new Map(),
      currentVersion: 0,
      oldestVersion: 0,
      maxVersions: 0,
      casRequired: false,
      deleteVersionAfter: "0s",
      customMetadata: null,
      created: time,
      updated: time,
    };
    this.keys.set(key, k);
    return k;
  }

  #versionMeta(k: Key, version: number) {
    const v = k.versions.get(version) as Version;
    return {
      created_time: v.created,
      custom_metadata: k.customMetadata,
      deletion_time: v.deletionTime,
      destroyed: v.destroyed,
      version,
    };
  }

  /** Handles `rest` (path inside the mount). */
  handle(req: DevRequest, rest: string): DevReply {
    const slash = rest.indexOf("/");
    const head = slash < 0 ? rest : rest.slice(0, slash);
    const sub = slash < 0 ? "" : rest.slice(slash + 1);
    switch (head) {
      case "config":
        return sub === "" ? this.#config(req) : errorReply(404, ["unsupported path"]);
      case "data":
        return this.#data(req, sub);
      case "metadata":
        return this.#metadata(req, sub);
      case "delete":
      case "undelete":
      case "destroy":
        return this.#versionOp(req, head, sub);
      default:
        // A version-1 style path on a version-2 mount (research §2.6).
        return {
          status: 404,
          body: envelope(null, {
            warnings: [
              "Invalid path for a versioned K/V secrets engine. See the API docs for the appropriate API endpoints to use. If using the CLI, use 'kv get' (the CLI resolves the KV version).",
            ],
          }),
        };
    }
  }

  #config(req: DevRequest): DevReply {
    if (req.method === "GET") return dataReply({ ...this.config }, { mount_type: "kv" });
    if (req.method !== "POST") return errorReply(405, ["unsupported operation"]);
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.max_versions === "number") this.config.max_versions = b.max_versions;
    if (typeof b.cas_required === "boolean") this.config.cas_required = b.cas_required;
    if (typeof b.delete_version_after === "string") this.config.delete_version_after = b.delete_version_after;
    return NO_CONTENT;
  }

  #data(req: DevRequest, key: string): DevReply {
    if (req.method === "LIST") return errorReply(405, ["unsupported operation"]);
    if (key === "" || key.endsWith("/")) return FOLDER_OPERATION;
    const k = this.keys.get(key);
    switch (req.method) {
      case "GET": {
        if (!k) return errorReply(404);
        const wanted = req.query.get("version");
        const version = wanted && wanted !== "0" ? Number(wanted) : k.currentVersion;
        if (!Number.isInteger(version)) return errorReply(400, ["invalid version"]);
        const v = k.versions.get(version);
        if (!v) return errorReply(404);
        const meta = this.#versionMeta(k, version);
        if (v.deletionTime !== "" || v.destroyed)
          return { status: 404, body: envelope({ data: null, metadata: meta }) };
        return dataReply({ data: v.data, metadata: meta }, { mount_type: "kv" });
      }
      case "POST": {
        const b = req.body as { data?: unknown; options?: { cas?: unknown } } | undefined;
        if (!b || typeof b.data !== "object" || b.data === null || Array.isArray(b.data))
          return errorReply(400, ["no data provided"]);
        const cas = typeof b.options?.cas === "number" ? b.options.cas : undefined;
        return this.put(key, b.data as Record<string, unknown>, cas);
      }
      case "PATCH": {
        if (req.contentType !== "application/merge-patch+json")
          return errorReply(415, ["PATCH requires Content-Type application/merge-patch+json"]);
        const current = k?.versions.get(k.currentVersion);
        if (!k || !current || current.deletionTime !== "" || current.destroyed) return errorReply(404);
        const b = req.body as { data?: Record<string, unknown> } | undefined;
        const merged = { ...current.data, ...(b?.data ?? {}) };
        for (const [name, value] of Object.entries(merged)) if (value === null) delete merged[name];
        return this.put(key, merged);
      }
      case "DELETE": {
        const v = k?.versions.get(k.currentVersion);
        if (v && !v.destroyed) v.deletionTime = now();
        return NO_CONTENT;
      }
      default:
        return errorReply(405, ["unsupported operation"]);
    }
  }

  #metadata(req: DevRequest, key: string): DevReply {
    if (req.method === "LIST")
      return listReply(listFolder(this.keys.keys(), key === "" || key.endsWith("/") ? key : `${key}/`));
    if (key === "" || key.endsWith("/")) return FOLDER_OPERATION;
    const k = this.keys.get(key);
    switch (req.method) {
      case "GET": {
        if (!k) return errorReply(404);
        const versions: Record<string, unknown> = {};
        for (const [n, v] of k.versions)
          versions[String(n)] = {
            created_time: v.created,
            deletion_time: v.deletionTime,
            destroyed: v.destroyed,
          };
        return dataReply(
          {
            cas_required: k.casRequired,
            created_time: k.created,
            current_version: k.currentVersion,
            custom_metadata: k.customMetadata,
            delete_version_after: k.deleteVersionAfter,
            max_versions: k.maxVersions,
            oldest_version: k.oldestVersion,
            updated_time: k.updated,
            versions,
          },
          { mount_type: "kv" },
        );
      }
      case "POST": {
        const b = (req.body ?? {}) as Record<string, unknown>;
        const target = k ?? this.#create(key);
        if (typeof b.max_versions === "number") target.maxVersions = b.max_versions;
        if (typeof b.cas_required === "boolean") target.casRequired = b.cas_required;
        if (typeof b.delete_version_after === "string") target.deleteVersionAfter = b.delete_version_after;
        if (b.custom_metadata && typeof b.custom_metadata === "object")
          target.customMetadata = b.custom_metadata as Record<string, string>;
        return NO_CONTENT;
      }
      case "DELETE":
        this.keys.delete(key);
        return NO_CONTENT;
      default:
        return errorReply(405, ["unsupported operation"]);
    }
  }

  #versionOp(req: DevRequest, op: "delete" | "undelete" | "destroy", key: string): DevReply {
    if (req.method !== "POST") return errorReply(405, ["unsupported operation"]);
    const versions = (req.body as { versions?: unknown } | undefined)?.versions;
    if (!Array.isArray(versions) || versions.length === 0 || !versions.every((v) => Number.isInteger(v))) {
      return errorReply(400, ["no version number provided"]);
    }
    const k = this.keys.get(key);
    for (const n of versions as number[]) {
      const v = k?.versions.get(n);
      if (!v) continue;
      if (op === "delete" && !v.destroyed && v.deletionTime === "") v.deletionTime = now();
      if (op === "undelete" && !v.destroyed) v.deletionTime = "";
      if (op === "destroy") {
        v.destroyed = true;
        v.data = {};
      }
    }
    return NO_CONTENT;
  }
}
