/**
 * `route`: one dev-server request through the service's layers in its order — path checks, method, seal
 * state, namespace, token, ACL — then `sys/`, `auth/` and the mounted engines (secrets §1–§7).
 */
import type { IncomingHttpHeaders } from "node:http";
import { type Capability, capabilitiesOn } from "./acl.js";
import type { FaultQueue } from "./faults.js";
import { helpReply } from "./help.js";
import { loginRoute, tokenRoute } from "./routes/auth.js";
import { health, init, sealStatus, sysRoute, unseal } from "./routes/sys.js";
import type { ServiceState } from "./state.js";
import { type DevMethod, type DevReply, type DevRequest, errorReply, PERMISSION_DENIED } from "./types.js";

/** Methods the service accepts; anything else is 405 (research secrets-anchors §1). */
const METHODS: Record<string, DevMethod> = {
  GET: "GET",
  POST: "POST",
  PUT: "POST",
  DELETE: "DELETE",
  LIST: "LIST",
  PATCH: "PATCH",
  HEAD: "HEAD",
};

/** Capability an ACL rule needs for a method (POST accepts `create` or `update`). */
const NEEDS: Record<DevMethod, Capability[]> = {
  GET: ["read"],
  HEAD: ["read"],
  POST: ["create", "update"],
  PATCH: ["update"],
  DELETE: ["delete"],
  LIST: ["list"],
};

/** Routes answered in every seal state, without a token (research §10). */
const ALWAYS_OPEN = new Set(["sys/health", "sys/seal-status", "sys/init", "sys/unseal"]);

/** The raw request the HTTP layer hands over. */
export interface RawRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The header value as one string. */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** `ns1/ns2` → `ns1/ns2/`; `""` stays `""`. */
function normalizeNamespace(ns: string | undefined): string {
  const n = (ns ?? "")
    .split("/")
    .filter((s) => s !== "")
    .join("/");
  return n === "" ? "" : `${n}/`;
}

/**
 * Routes one request through the service's layers in the service's order: path checks, method, state
 * (501/503), namespace, token, ACL (before routing, so unknown paths are 403 for limited tokens), then
 * `sys/`, `auth/` and the mounted engines.
 */
export function route(state: ServiceState, faults: FaultQueue, raw: RawRequest): DevReply {
  const url = new URL(raw.url, "http://dev");
  if (!url.pathname.startsWith("/v1/")) return errorReply(404);
  const segments = url.pathname.slice(4).split("/");
  const decoded: string[] = [];
  for (const seg of segments) {
    let d: string;
    try {
      d = decodeURIComponent(seg);
    } catch {
      return errorReply(400, ["invalid path encoding"]);
    }
    // `%2F` is not a separator: such a name matches nothing (research §5).
    if (d.includes("/")) return errorReply(404);
    if (d.endsWith(".")) return errorReply(404, ["unsupported path"]);
    decoded.push(d);
  }
  const rawPath = decoded.filter((s, i) => s !== "" || i === decoded.length - 1).join("/");
  let method = METHODS[raw.method];
  if (!method) return errorReply(405, ["unsupported operation"]);
  const list = url.searchParams.get("list");
  if (list !== null) {
    const b = parseBool(list);
    if (b === undefined) return errorReply(400, [`error parsing list parameter: invalid syntax "${list}"`]);
    if (b && method === "GET") method = "LIST";
  }
  let body: unknown;
  if (raw.body.length > 0) {
    try {
      body = JSON.parse(raw.body.toString("utf8"));
    } catch (error) {
      return errorReply(400, [`failed to parse JSON input: ${(error as Error).message}`]);
    }
  }

  // The API document's `Svc` stands for the product's name; the clients people run say `Vault`, so both
  // spellings are accepted (docs/secrets.md decision 9), and a bearer token as well (secrets §5.2).
  const headerNamespace = normalizeNamespace(
    header(raw.headers, "x-svc-namespace") ?? header(raw.headers, "x-vault-namespace"),
  );
  const { namespace, rest } = state.resolveNamespace(headerNamespace, rawPath);
  const bearer = header(raw.headers, "authorization");
  const tokenId =
    header(raw.headers, "x-svc-token") ??
    header(raw.headers, "x-vault-token") ??
    (bearer?.startsWith("Bearer ") ? bearer.slice(7) : undefined);
  const req: DevRequest = {
    method,
    path: rest,
    namespace: namespace.path,
    headerNamespace,
    query: url.searchParams,
    body,
    token: tokenId,
    contentType: header(raw.headers, "content-type")?.split(";")[0]?.trim(),
  };

  if (ALWAYS_OPEN.has(rest) && namespace.path === "") {
    if (rest === "sys/health" && (method === "GET" || method === "HEAD")) return health(state, req);
    if (rest === "sys/seal-status" && method === "GET") return { status: 200, body: sealStatus(state) };
    if (rest === "sys/init" && method === "POST") return init(state);
    if (rest === "sys/unseal" && method === "POST") return unseal(state, req);
    return errorReply(405, ["unsupported operation"]);
  }
  if (state.seal === "uninitialized") return errorReply(501, ["service is not initialized"]);
  if (state.seal === "sealed") return errorReply(503, ["service is sealed"]);
  const fault = faults.take(rest);
  if (fault) return fault;

  const login = loginRoute(state, req);
  if (login) return login;
  const token = state.token(tokenId);
  if (!token)
    return errorReply(403, tokenId ? ["permission denied", "invalid token"] : ["permission denied"]);

  const help = url.searchParams.get("help");
  const isHelp = help !== null && parseBool(help) === true;
  if (rest.startsWith("auth/token/"))
    return tokenRoute(state, req, token) ?? errorReply(405, ["unsupported operation"]);
  if (rest.startsWith("sys/")) {
    if (isHelp) return helpReply("sys/", undefined, rest.slice(4));
    const sys = sysRoute(state, namespace, req, token, rest.slice(4));
    if (sys) return sys;
  }

  // ACL before routing: help is always allowed (research §8), everything else needs a capability.
  if (!isHelp) {
    const caps = capabilitiesOn(state.policies, token.policies, namespace.path + rest);
    if (!NEEDS[method].some((c) => caps.has(c))) return errorReply(403, [PERMISSION_DENIED]);
  }
  const found = state.mountOf(namespace, rest);
  if (!found) return errorReply(404, [`no handler for route "${rest}". route entry not found.`]);
  if (isHelp) return helpReply(found.mountPath, found.mount, found.rest);
  if (method === "HEAD") return errorReply(405, ["unsupported operation"]);
  return found.mount.store.handle(req, found.rest);
}

/** Go's `strconv.ParseBool` (research §5: `list` is parsed with it; bad value → 400). */
function parseBool(text: string): boolean | undefined {
  if (["1", "t", "T", "TRUE", "true", "True"].includes(text)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(text)) return false;
  return undefined;
}
