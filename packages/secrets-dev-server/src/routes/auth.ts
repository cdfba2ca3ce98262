/**
 * The dev server's auth routes (secrets §5): userpass and approle logins, token lookup-self and create, with
 * the `auth` block Vault answers.
 */
import { capabilitiesOn } from "../acl.js";
import type { DevToken, ServiceState } from "../state.js";
import { type DevReply, type DevRequest, dataReply, envelope, errorReply } from "../types.js";

/** Lease of tokens issued by logins, in seconds (768 h, the service's default). */
const LOGIN_TTL = 2_764_800;

/** The `auth` block of a login answer (research secrets-anchors §9). */
function authReply(token: DevToken, metadata: Record<string, string> | null): DevReply {
  const named = token.policies.filter((p) => p !== "default");
  return {
    status: 200,
    body: envelope(null, {
      auth: {
        client_token: token.id,
        accessor: token.accessor,
        policies: ["default", ...named],
        token_policies: ["default", ...named],
        metadata,
        lease_duration: token.ttl,
        renewable: token.ttl > 0,
        entity_id: "",
        token_type: "service",
        orphan: true,
        mfa_requirement: null,
        num_uses: 0,
      },
    }),
  };
}

/** Unauthenticated login routes: `auth/userpass/login/<user>`, `auth/approle/login`. Undefined if not a login. */
export function loginRoute(state: ServiceState, req: DevRequest): DevReply | undefined {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const userpass = /^auth\/userpass\/login\/([^/]+)$/.exec(req.path);
  if (userpass && req.method === "POST") {
    const name = userpass[1] as string;
    const user = state.users.get(name);
    if (!user || typeof body.password !== "string" || body.password !== user.password)
      return errorReply(400, ["invalid username or password"]);
    const token = state.issueToken({
      policies: user.policies,
      displayName: `userpass-${name}`,
      path: req.path,
      ttl: LOGIN_TTL,
      meta: { username: name },
    });
    return authReply(token, { username: name });
  }
  if (req.path === "auth/approle/login" && req.method === "POST") {
    const role = [...state.roles.values()].find((r) => r.roleId === body.role_id);
    if (!role) return errorReply(400, ["invalid role or secret ID"]);
    if (role.secretId !== undefined && body.secret_id !== role.secretId)
      return errorReply(400, ["invalid role or secret ID"]);
    const token = state.issueToken({
      policies: role.policies,
      displayName: "approle",
      path: req.path,
      ttl: LOGIN_TTL,
      meta: { role_name: "" },
    });
    return authReply(token, null);
  }
  return undefined;
}

/** Authenticated token routes: `auth/token/lookup-self`, `auth/token/create`. */
export function tokenRoute(state: ServiceState, req: DevRequest, token: DevToken): DevReply | undefined {
  if (req.path === "auth/token/lookup-self" && req.method === "GET") {
    const expire = token.ttl > 0 ? new Date((token.createdAt + token.ttl) * 1000).toISOString() : null;
    return dataReply({
      accessor: token.accessor,
      creation_time: token.createdAt,
      creation_ttl: token.ttl,
      display_name: token.displayName,
      entity_id: "",
      expire_time: expire,
      explicit_max_ttl: 0,
      id: token.id,
      issue_time: new Date(token.createdAt * 1000).toISOString(),
      meta: token.meta,
      num_uses: 0,
      orphan: token.policies.includes("root"),
      path: token.path,
      policies: token.policies,
      renewable: token.ttl > 0,
      ttl: token.ttl > 0 ? Math.max(0, token.createdAt + token.ttl - Math.floor(Date.now() / 1000)) : 0,
      type: "service",
    });
  }
  if (req.path === "auth/token/create" && req.method === "POST") {
    if (capabilitiesOn(state.policies, token.policies, "auth/token/create").size === 0)
      return errorReply(403, ["permission denied"]);
    const b = (req.body ?? {}) as {
      policies?: unknown;
      ttl?: unknown;
      display_name?: unknown;
      meta?: unknown;
    };
    const policies = Array.isArray(b.policies) ? b.policies.map(String) : token.policies;
    if (!token.policies.includes("root") && policies.some((p) => !token.policies.includes(p))) {
      return errorReply(400, ["child policies must be subset of parent"]);
    }
    const ttl = typeof b.ttl === "string" ? parseDurationSeconds(b.ttl) : 0;
    if (ttl === undefined) return errorReply(400, [`invalid ttl "${String(b.ttl)}"`]);
    const child = state.issueToken({
      policies,
      displayName: `token${typeof b.display_name === "string" ? `-${b.display_name}` : ""}`,
      path: "auth/token/create",
      ttl,
      meta: (b.meta as Record<string, string>) ?? null,
    });
    return authReply(child, child.meta);
  }
  return undefined;
}

/** Parses `"90"`, `"90s"`, `"15m"`, `"1h"` into seconds; undefined when malformed. */
function parseDurationSeconds(text: string): number | undefined {
  const m = /^(\d+)(s|m|h)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === "h" ? n * 3600 : m[2] === "m" ? n * 60 : n;
}
