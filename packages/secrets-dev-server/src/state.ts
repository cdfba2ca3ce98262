/**
 * `ServiceState`: everything the dev server keeps in memory — seal state (secrets §3), namespaces and their
 * KV mounts, tokens, policies, userpass users and AppRole roles.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Policies } from "./acl.js";
import { KvV1Store } from "./engines/kv-v1.js";
import { KvV2Store } from "./engines/kv-v2.js";

/** Seal state of the service (secrets §3). */
export type SealState = "uninitialized" | "sealed" | "unsealed";

/** A KV mount and its store. */
export type KvMount =
  | { type: "kv"; version: 1; description: string; accessor: string; uuid: string; store: KvV1Store }
  | {
      type: "kv";
      version: 2;
      description: string;
      accessor: string;
      uuid: string;
      store: KvV2Store;
    };

/** A namespace: its mounts keyed by path with trailing `/` (`secret/`). */
export interface Namespace {
  path: string;
  mounts: Map<string, KvMount>;
}

/** A token the service issued. The id is the token itself. */
export interface DevToken {
  id: string;
  accessor: string;
  policies: string[];
  displayName: string;
  path: string;
  createdAt: number;
  /** Lifetime in seconds; 0 = never expires. */
  ttl: number;
  meta: Record<string, string> | null;
}

/** A userpass user. */
export interface DevUser {
  password: string;
  policies: string[];
}

/** An AppRole role. */
export interface DevRole {
  roleId: string;
  secretId: string | undefined;
  policies: string[];
}

/** Makes a token in the service's format (`hvs.` + 24 random base62-ish characters, research §1). */
export function newTokenId(): string {
  return `hvs.${randomBytes(18).toString("base64url")}`;
}

function kvMount(version: 1 | 2, description: string): KvMount {
  const common = {
    type: "kv" as const,
    description,
    accessor: `kv_${randomBytes(4).toString("hex")}`,
    uuid: randomUUID(),
  };
  return version === 2
    ? { ...common, version: 2, store: new KvV2Store() }
    : { ...common, version: 1, store: new KvV1Store() };
}

/**
 * Everything the dev server keeps in memory: seal state and unseal key, namespaces with their mounts
 * (KV v2 at `secret/`, KV v1 at `kv/` in each), tokens, policies, userpass users and AppRole roles.
 */
export class ServiceState {
  seal: SealState;
  readonly unsealKey = randomBytes(32).toString("hex");
  readonly namespaces = new Map<string, Namespace>();
  readonly tokens = new Map<string, DevToken>();
  readonly policies: Policies = new Map();
  readonly users = new Map<string, DevUser>();
  readonly roles = new Map<string, DevRole>();
  readonly rootToken: string;

  constructor(rootToken: string, seal: SealState) {
    this.rootToken = rootToken;
    this.seal = seal;
    this.addNamespace("");
    this.issueToken({ id: rootToken, policies: ["root"], displayName: "root", path: "auth/token/root" });
  }

  /** Adds a namespace (`team-a/`, nested `team-a/dev/`) with the default mounts. */
  addNamespace(path: string): Namespace {
    const existing = this.namespaces.get(path);
    if (existing) return existing;
    const ns: Namespace = {
      path,
      mounts: new Map([
        ["secret/", kvMount(2, "key/value secret storage")],
        ["kv/", kvMount(1, "key/value secret storage (version 1)")],
      ]),
    };
    this.namespaces.set(path, ns);
    return ns;
  }

  /** Issues a token; `id` defaults to a new random token. */
  issueToken(init: {
    id?: string;
    policies: string[];
    displayName: string;
    path: string;
    ttl?: number;
    meta?: Record<string, string> | null;
  }): DevToken {
    const token: DevToken = {
      id: init.id ?? newTokenId(),
      accessor: randomBytes(12).toString("base64url"),
      policies: init.policies,
      displayName: init.displayName,
      path: init.path,
      createdAt: Math.floor(Date.now() / 1000),
      ttl: init.ttl ?? 0,
      meta: init.meta ?? null,
    };
    this.tokens.set(token.id, token);
    return token;
  }

  /** The valid token with this id, or undefined (unknown or expired). */
  token(id: string | undefined): DevToken | undefined {
    if (!id) return undefined;
    const t = this.tokens.get(id);
    if (!t) return undefined;
    if (t.ttl > 0 && Date.now() / 1000 > t.createdAt + t.ttl) {
      this.tokens.delete(id);
      return undefined;
    }
    return t;
  }

  /**
   * Splits a path (relative to `base`, the header namespace) into the deepest known namespace and the
   * rest: header and path prefix combine in any split (secrets §5.5).
   */
  resolveNamespace(base: string, path: string): { namespace: Namespace; rest: string } {
    const full = base + path;
    let best = this.namespaces.get("") as Namespace;
    for (const ns of this.namespaces.values()) {
      if (ns.path.length > best.path.length && full.startsWith(ns.path)) best = ns;
    }
    return { namespace: best, rest: full.slice(best.path.length) };
  }

  /** The mount holding `path` in `ns` (longest mount path that prefixes it). */
  mountOf(ns: Namespace, path: string): { mountPath: string; mount: KvMount; rest: string } | undefined {
    let found: { mountPath: string; mount: KvMount; rest: string } | undefined;
    for (const [mountPath, mount] of ns.mounts) {
      const bare = mountPath.slice(0, -1);
      if (
        (path === bare || path.startsWith(mountPath)) &&
        (!found || mountPath.length > found.mountPath.length)
      ) {
        found = { mountPath, mount, rest: path.slice(Math.min(path.length, mountPath.length)) };
      }
    }
    return found;
  }
}
