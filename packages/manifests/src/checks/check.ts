/**
 * The model of a body check (the project's own design, after ESLint's `meta` + `create`): one file
 * per check under `checks/`, named after its `meta.id`, with its metadata beside a pure function of the
 * body as the engine reads it. A check covers what the api schemas cannot say field by field: values the
 * real engine (Debian docker.io 20.10) accepts but ignores (`manifest/ignored-value` warnings) and rules
 * across fields it refuses (`manifest/limit`, `manifest/constraint` errors). Single-field bounds stay in
 * the api limits (`@enginekit/api` `limits.ts`), written once. `registry.ts` lists every check;
 * `engine-advisories.ts` runs them.
 */
import type { PathSegment } from "../tree/located-node.js";

/** A plain JSON object of the body. */
export type Plain = Record<string, unknown>;

/** The object `value` is, or undefined. */
export const asObject = (value: unknown): Plain | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Plain) : undefined;

/** The number `value` is, or undefined. */
export const asNumber = (value: unknown): number | undefined =>
  typeof value === "number" ? value : undefined;

/**
 * Whether a service's `Mode` runs tasks: omitted or null (one replica), `Replicated` with `Replicas` omitted or
 * above 0, or `Global`. A service scaled to 0 runs none, so nothing about its tasks is refused.
 */
export function runsTasks(mode: unknown): boolean {
  const m = asObject(mode);
  // a null reads as the key left out (Go's decoder): one replica
  if (m === undefined) return mode === undefined || mode === null;
  if ([m.Global, m.ReplicatedJob, m.GlobalJob].some((job) => job !== undefined && job !== null)) return true;
  const replicated = asObject(m.Replicated);
  if (replicated === undefined) return m.Replicated === undefined || m.Replicated === null;
  const replicas = replicated.Replicas;
  return replicas === undefined || replicas === null || (typeof replicas === "number" && replicas > 0);
}

/** The finding codes a check reports under (stable rule ids of the linter, docs/manifests.md "Findings"). */
export type CheckCode = "manifest/ignored-value" | "manifest/limit" | "manifest/constraint";

/** What a check is: shown on the rule pages and in docs/manifests.md, generated from this metadata. */
export interface BodyCheckMeta {
  /** The check's id: its file name without `.ts` (a test keeps them equal). */
  id: string;
  /** The manifest kinds whose bodies it reads. */
  kinds: readonly ("container" | "service")[];
  /** The finding code (and so the lint rule) it reports under. */
  code: CheckCode;
  /** `warning` for `manifest/ignored-value`, `error` for the others (a test keeps it so). */
  severity: "warning" | "error";
  /** Whether its findings carry a quick fix. */
  fix: "always" | "sometimes" | "never";
  /** One sentence: what it reports and what the engine does. */
  docs: string;
  /** Where the fact comes from: the engine's source, and the engine run that checked it. */
  peers: readonly string[];
}

/** One advisory: the path of the value, whether the range is the key (map keys), the message. */
export interface Advisory {
  path: PathSegment[];
  onKey?: boolean;
  message: string;
}

/** What a check may read beside the body: the body's kind and the API version the manifest targets. */
export interface CheckContext {
  kind: "container" | "service";
  apiVersion: string;
}

/** A check: its metadata and a pure function of the body (never throws on any JSON value). */
export interface BodyCheck {
  meta: BodyCheckMeta;
  check(body: Plain, context: CheckContext): Advisory[];
}
