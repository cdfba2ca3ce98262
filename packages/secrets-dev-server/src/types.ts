/**
 * The request and reply model shared by the dev server's router, routes and engines. A request is
 * already decoded: method normalised (`PUT` → `POST`, `GET ?list=true` → `LIST`), namespace resolved,
 * path relative to that namespace without `/v1/`.
 */

/** Normalised methods the dev server routes (secrets §4; research secrets-anchors §1, §5). */
export type DevMethod = "GET" | "POST" | "DELETE" | "LIST" | "PATCH" | "HEAD";

/** One request after decoding. */
export interface DevRequest {
  method: DevMethod;
  /** Path relative to the resolved namespace, segments joined by `/` (trailing `/` kept). */
  path: string;
  /** Namespace path (`""` root, `team-a/`). */
  namespace: string;
  /** The namespace given in the header (what the request is relative to). */
  headerNamespace: string;
  query: URLSearchParams;
  body: unknown;
  token: string | undefined;
  contentType: string | undefined;
}

/** A reply: status, JSON body (undefined = no body) and extra headers. */
export interface DevReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The service's ACL denial text: multierror formatting, verbatim (research secrets-anchors §2). */
export const PERMISSION_DENIED = "1 error occurred:\n\t* permission denied\n\n";

/** `{errors}` reply (secrets §7). */
export function errorReply(
  status: number,
  errors: string[] = [],
  headers?: Record<string, string>,
): DevReply {
  return headers ? { status, body: { errors }, headers } : { status, body: { errors } };
}

/** The response envelope (research secrets-anchors §2) around `data`. */
export function envelope(
  data: unknown,
  extra: { lease_duration?: number; warnings?: string[] | null; auth?: unknown; mount_type?: string } = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    request_id: crypto.randomUUID(),
    lease_id: "",
    renewable: false,
    lease_duration: extra.lease_duration ?? 0,
    data,
    wrap_info: null,
    warnings: extra.warnings ?? null,
    auth: extra.auth ?? null,
  };
  if (extra.mount_type) body.mount_type = extra.mount_type;
  return body;
}

/** 200 with an envelope. */
export function dataReply(data: unknown, extra: Parameters<typeof envelope>[1] = {}): DevReply {
  return { status: 200, body: envelope(data, extra) };
}

/** 204 without a body. */
export const NO_CONTENT: DevReply = { status: 204 };

/** Lists the names directly inside `folder` (`""` or ending in `/`) among `keys`; folders end in `/` (research §2.4). */
export function listFolder(keys: Iterable<string>, folder: string): string[] {
  const names = new Set<string>();
  for (const key of keys) {
    if (!key.startsWith(folder)) continue;
    const rest = key.slice(folder.length);
    const slash = rest.indexOf("/");
    names.add(slash < 0 ? rest : rest.slice(0, slash + 1));
  }
  names.delete("");
  return [...names].sort();
}

/** The empty-listing answer: 404 `{errors: []}` (secrets §4 rule 4). */
export function listReply(keys: string[], mountType = "kv"): DevReply {
  return keys.length === 0 ? errorReply(404) : dataReply({ keys }, { mount_type: mountType });
}
