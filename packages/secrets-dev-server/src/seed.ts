/**
 * Seed data of the dev server (`DevSeed`): a JSON or YAML file validated with file:line:column errors and
 * applied to the state — namespaces, policies, users, roles, tokens, secrets (the project's own format).
 */
import { readFileSync } from "node:fs";
import { LineCounter, parseDocument } from "yaml";
import type { Capability, PolicyRule } from "./acl.js";
import type { ServiceState } from "./state.js";

/**
 * Seed data of the dev server (a JSON or YAML file, or an object):
 * ```yaml
 * namespaces: [team-a/]                       # extra namespaces, each with secret/ (KV v2) and kv/ (KV v1)
 * secrets:                                    # <namespace/><mount>/<path>: {key: value}
 *   secret/app/db: {username: app, password: s3cr3t}
 *   kv/legacy/api: {token: abc}
 * policies:                                   # name → rules; a path ending in * is a prefix
 *   app-read: [{path: "secret/data/app/*", capabilities: [read]}]
 * users: {alice: {password: pw, policies: [app-read]}}                  # userpass
 * approles: {ci: {role_id: r, secret_id: s, policies: [ci-read]}}      # approle
 * tokens: [{id: "hvs.fixed", policies: [app-read]}]                     # tokens with fixed ids
 * ```
 */
export interface DevSeed {
  namespaces?: string[];
  secrets?: Record<string, Record<string, unknown>>;
  policies?: Record<string, PolicyRule[]>;
  users?: Record<string, { password: string; policies?: string[] }>;
  approles?: Record<string, { role_id: string; secret_id?: string; policies?: string[] }>;
  tokens?: { id: string; policies?: string[] }[];
}

/** A seed file that cannot be used; the message names the file, line and column. */
export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SeedError";
  }
}

const CAPABILITIES = new Set<Capability>(["create", "read", "update", "delete", "list", "sudo", "deny"]);

type Where = (path: (string | number)[]) => string;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === "string");

/** Checks the shape of a seed; `where` turns a key path into `file:line:col` for messages. */
export function validateSeed(value: unknown, where: Where = (p) => p.join(".")): DevSeed {
  const fail: (path: (string | number)[], message: string) => never = (path, message) => {
    throw new SeedError(`${where(path)}: ${message}`);
  };
  if (!isObject(value))
    return fail([], "the seed must be a mapping with secrets, policies, users, approles, tokens, namespaces");
  const known = new Set(["namespaces", "secrets", "policies", "users", "approles", "tokens"]);
  for (const key of Object.keys(value)) if (!known.has(key)) fail([key], `unknown seed section "${key}"`);
  if (value.namespaces !== undefined && !isStringArray(value.namespaces))
    fail(["namespaces"], "namespaces must be a list of strings");
  if (value.secrets !== undefined) {
    if (!isObject(value.secrets)) fail(["secrets"], "secrets must map paths to key/value mappings");
    for (const [path, data] of Object.entries(value.secrets as object))
      if (!isObject(data)) fail(["secrets", path], "a secret must be a key/value mapping");
  }
  if (value.policies !== undefined) {
    if (!isObject(value.policies)) fail(["policies"], "policies must map names to rule lists");
    for (const [name, rules] of Object.entries(value.policies as object)) {
      if (!Array.isArray(rules)) fail(["policies", name], "a policy must be a list of {path, capabilities}");
      for (const [i, rule] of (rules as unknown[]).entries()) {
        if (!isObject(rule) || typeof rule.path !== "string")
          fail(["policies", name, i], "a rule needs a string path");
        const caps = (rule as Record<string, unknown>).capabilities;
        if (!isStringArray(caps)) fail(["policies", name, i], "a rule needs a capabilities list");
        for (const c of caps)
          if (!CAPABILITIES.has(c as Capability))
            fail(["policies", name, i, "capabilities"], `unknown capability "${c}"`);
      }
    }
  }
  for (const section of ["users", "approles"] as const) {
    const v = value[section];
    if (v === undefined) continue;
    if (!isObject(v)) fail([section], `${section} must be a mapping`);
    for (const [name, entry] of Object.entries(v as object)) {
      const secretField = section === "users" ? "password" : "role_id";
      if (!isObject(entry) || typeof entry[secretField] !== "string")
        fail([section, name], `needs a string ${secretField}`);
      if (
        (entry as Record<string, unknown>).policies !== undefined &&
        !isStringArray((entry as Record<string, unknown>).policies)
      ) {
        fail([section, name, "policies"], "policies must be a list of strings");
      }
    }
  }
  if (value.tokens !== undefined) {
    if (!Array.isArray(value.tokens)) fail(["tokens"], "tokens must be a list");
    (value.tokens as unknown[]).forEach((t, i) => {
      if (!isObject(t) || typeof t.id !== "string") fail(["tokens", i], "a token needs a string id");
    });
  }
  return value as DevSeed;
}

/** Reads and validates a JSON or YAML seed file. Throws {@link SeedError} naming file, line and column. */
export function loadSeedFile(file: string): DevSeed {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new SeedError(`${file}: cannot read the seed file: ${(error as Error).message}`);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  const first = doc.errors[0];
  if (first) throw new SeedError(`${at(first.pos[0])}: ${first.message.split("\n")[0]}`);
  const where: Where = (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return at(node.range[0]);
    }
    return `${file}:1:1`;
  };
  return validateSeed(doc.toJS(), where);
}

/** Applies a seed to the state: namespaces, policies, users, roles, tokens, then secrets (KV v2 version 1). */
export function applySeed(state: ServiceState, seed: DevSeed): void {
  for (const ns of seed.namespaces ?? []) state.addNamespace(ns.replace(/^\/+|\/+$/g, "") + "/");
  for (const [name, rules] of Object.entries(seed.policies ?? {})) state.policies.set(name, rules);
  for (const [name, u] of Object.entries(seed.users ?? {}))
    state.users.set(name, { password: u.password, policies: u.policies ?? [] });
  for (const [name, r] of Object.entries(seed.approles ?? {})) {
    state.roles.set(name, { roleId: r.role_id, secretId: r.secret_id, policies: r.policies ?? [] });
  }
  for (const t of seed.tokens ?? [])
    state.issueToken({
      id: t.id,
      policies: t.policies ?? [],
      displayName: "token",
      path: "auth/token/create",
    });
  for (const [path, data] of Object.entries(seed.secrets ?? {})) {
    const { namespace, rest } = state.resolveNamespace("", path.replace(/^\/+/, ""));
    const found = state.mountOf(namespace, rest);
    if (!found || found.rest === "")
      throw new SeedError(`seed secret "${path}" is not inside a mount (secret/ or kv/)`);
    if (found.mount.version === 2) found.mount.store.put(found.rest, data);
    else found.mount.store.secrets.set(found.rest, data);
  }
}
