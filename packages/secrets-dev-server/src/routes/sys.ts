/**
 * The dev server's `sys/` routes (secrets §1, §3): seal status, health, init, unseal, and the mount listings
 * (`sys/mounts`, `sys/internal/ui/mounts`) as Vault answers them.
 */
import { capabilitiesOn, hasMountAccess } from "../acl.js";
import type { DevToken, KvMount, Namespace, ServiceState } from "../state.js";
import {
  type DevReply,
  type DevRequest,
  dataReply,
  envelope,
  errorReply,
  PERMISSION_DENIED,
} from "../types.js";

/** Version string the dev server reports. */
const DEV_SERVER_VERSION = "1.0.0-enginekit-dev";

/** Mount info as `sys/mounts` and `sys/internal/ui/mounts` show it (research secrets-anchors §4). */
function mountInfo(mount: KvMount) {
  return {
    accessor: mount.accessor,
    config: { default_lease_ttl: 0, force_no_cache: false, max_lease_ttl: 0 },
    description: mount.description,
    external_entropy_access: false,
    local: false,
    options: { version: String(mount.version) },
    plugin_version: "",
    running_plugin_version: "v0.0.0+builtin",
    running_sha256: "",
    seal_wrap: false,
    type: mount.type,
    uuid: mount.uuid,
  };
}

/** `GET sys/seal-status` body (research §10). */
export function sealStatus(state: ServiceState) {
  return {
    type: "shamir",
    initialized: state.seal !== "uninitialized",
    sealed: state.seal !== "unsealed",
    t: 1,
    n: 1,
    progress: 0,
    nonce: "",
    version: DEV_SERVER_VERSION,
    build_date: "2026-01-01T00:00:00Z",
    migration: false,
    ...(state.seal === "unsealed"
      ? { cluster_name: "enginekit-dev", cluster_id: "00000000-0000-0000-0000-000000000000" }
      : {}),
    recovery_seal: false,
    storage_type: "inmem",
  };
}

/** `GET|HEAD sys/health`: 200 active, 501 not initialised, 503 sealed; body always (research §10). */
export function health(state: ServiceState, req: DevRequest): DevReply {
  const status = state.seal === "uninitialized" ? 501 : state.seal === "sealed" ? 503 : 200;
  const body = {
    initialized: state.seal !== "uninitialized",
    sealed: state.seal !== "unsealed",
    standby: false,
    performance_standby: false,
    replication_performance_mode: "disabled",
    replication_dr_mode: "disabled",
    server_time_utc: Math.floor(Date.now() / 1000),
    version: DEV_SERVER_VERSION,
    enterprise: false,
  };
  return req.method === "HEAD" ? { status } : { status, body };
}

/** `PUT sys/init` (not initialised only): answers the unseal key and the root token; leaves the service sealed. */
export function init(state: ServiceState): DevReply {
  if (state.seal !== "uninitialized") return errorReply(400, ["already initialized"]);
  state.seal = "sealed";
  return {
    status: 200,
    body: {
      keys: [state.unsealKey],
      keys_base64: [Buffer.from(state.unsealKey, "hex").toString("base64")],
      root_token: state.rootToken,
    },
  };
}

/** `PUT sys/unseal` with `{key}`: a single key share unseals (threshold 1). */
export function unseal(state: ServiceState, req: DevRequest): DevReply {
  if (state.seal === "uninitialized") return errorReply(400, ["service is not initialized"]);
  const key = (req.body as { key?: unknown } | undefined)?.key;
  if (typeof key !== "string") return errorReply(400, ["missing required 'key' parameter"]);
  const hex = /^[0-9a-f]+$/i.test(key) ? key.toLowerCase() : Buffer.from(key, "base64").toString("hex");
  if (hex !== state.unsealKey) return errorReply(400, ["invalid key"]);
  state.seal = "unsealed";
  return { status: 200, body: sealStatus(state) };
}

/** Authenticated `sys/` routes of an unsealed service. */
export function sysRoute(
  state: ServiceState,
  ns: Namespace,
  req: DevRequest,
  token: DevToken,
  rest: string,
): DevReply | undefined {
  if (rest === "seal" && req.method === "POST") {
    if (!token.policies.includes("root")) return errorReply(403, ["permission denied"]);
    state.seal = "sealed";
    return { status: 204 };
  }
  if (rest === "mounts" && req.method === "GET") {
    // Needs `read` on sys/mounts, which most application tokens lack (research §4).
    if (!capabilitiesOn(state.policies, token.policies, `${ns.path}sys/mounts`).has("read")) {
      return errorReply(403, [PERMISSION_DENIED]);
    }
    const data: Record<string, unknown> = {};
    for (const [path, mount] of ns.mounts) data[path] = mountInfo(mount);
    // Legacy sys/ routes also copy `data` to the top level (research §2).
    return { status: 200, body: { ...data, ...envelope(data) } };
  }
  if ((rest === "namespaces" || rest === "namespaces/") && req.method === "LIST") {
    // Direct children of the request's namespace (research §7).
    const keys: string[] = [];
    const keyInfo: Record<string, unknown> = {};
    for (const child of state.namespaces.keys()) {
      if (!child.startsWith(ns.path) || child === ns.path) continue;
      const rel = child.slice(ns.path.length);
      if (rel.indexOf("/") !== rel.length - 1) continue;
      keys.push(rel);
      keyInfo[rel] = {
        id: Buffer.from(child).toString("base64url").slice(0, 5),
        path: child,
        custom_metadata: {},
      };
    }
    return keys.length === 0 ? errorReply(404) : dataReply({ keys: keys.sort(), key_info: keyInfo });
  }
  if (rest === "internal/ui/mounts" && req.method === "GET") {
    const secret: Record<string, unknown> = {};
    for (const [path, mount] of ns.mounts) {
      if (hasMountAccess(state.policies, token.policies, ns.path + path)) secret[path] = mountInfo(mount);
    }
    return dataReply({
      secret,
      auth: { "token/": { type: "token", description: "token based credentials", options: null } },
    });
  }
  if (rest.startsWith("internal/ui/mounts/") && req.method === "GET") {
    const asked = rest.slice("internal/ui/mounts/".length);
    const { namespace, rest: inNs } = state.resolveNamespace(ns.path, asked);
    const found = state.mountOf(namespace, inNs);
    if (!found || !hasMountAccess(state.policies, token.policies, namespace.path + found.mountPath)) {
      const first = `${asked.split("/")[0] ?? asked}/`;
      return errorReply(403, [
        `preflight capability check returned 403, please ensure client's policies grant access to path "${first}"`,
      ]);
    }
    // The path gains the namespace part below the request's namespace (research §4, §7).
    const path = namespace.path.slice(ns.path.length) + found.mountPath;
    return dataReply({ ...mountInfo(found.mount), path });
  }
  return undefined;
}
