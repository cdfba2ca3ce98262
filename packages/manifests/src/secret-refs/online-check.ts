import type { LineIndex } from "@enginekit/text";
import { closestMatch } from "@enginekit/text";
import type { Finding, Fix } from "../findings.js";
import type { SecretReference } from "./find-references.js";
import { rangeInReference } from "./find-references.js";
import { SECRET_REFERENCE_PREFIX } from "./reference-syntax.js";

/**
 * The part of a secrets client the online checks use. `SecretsClient.kv` from `@enginekit/api` satisfies it;
 * tests may pass any object of this shape.
 */
export interface SecretsReader {
  /**
   * The KV mount holding `path` and its KV version (the CLI's preflight `GET sys/internal/ui/mounts/<path>`,
   * secrets-anchors §4). `path` is the mount path with a trailing `/` (`secret/`), or `""` when unknown.
   * Throws when the service cannot answer (403, network).
   */
  mount(path: string): Promise<{ path: string; version: 1 | 2 }>;
  /**
   * Reads a secret by its user path (without `data/`; the client inserts it on KV v2). Resolves to
   * `undefined` when nothing is stored there; `data` is `null` for a deleted KV v2 version. Only the field
   * names of `data` are looked at, never the values.
   */
  read(path: string): Promise<{ data: Record<string, unknown> | null; deleted?: boolean } | undefined>;
}

/** Options of {@link checkSecretReferences}. */
export interface OnlineCheckOptions {
  text: string;
  lines: LineIndex;
  /** Most reads in flight at once (default 4). */
  concurrency?: number;
}

/**
 * Whether the service answered 403 (`SecretsApiError.status`): permission denied, which a secrets service
 * also answers for paths that do not exist, since policies are checked before routing (secrets-anchors
 * §3, "403 ≠ missing"). The reference cannot be read with this token: a finding, not an outage.
 */
function isPermissionDenied(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 403;
}

/** A finding for a reference the service could not be asked about (`secret-ref/forbidden` or `unreachable`). */
function serviceFailure(base: Omit<Finding, "code" | "message">, what: string, error: unknown): Finding {
  return isPermissionDenied(error)
    ? {
        ...base,
        code: "secret-ref/forbidden",
        severity: "error",
        message: `The secrets service refused to ${what} (permission denied): nothing is stored there, or the token's policies do not allow reading it.`,
      }
    : {
        ...base,
        code: "secret-ref/unreachable",
        severity: "warning",
        message: `Could not ${what}: ${errorText(error)}`,
      };
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 300);
}

/**
 * Online checks of secret references against the secrets service (opt-in; the offline lint never calls it):
 * - `secret-ref/kv2-path` — on a KV version 2 mount the location lacks `data/` after the mount path
 *   (secrets §4 rule 5); the quick fix inserts it;
 * - `secret-ref/not-found` — nothing is stored at the path (or its latest version is deleted);
 * - `secret-ref/field-not-found` — the secret has no such field (with a did-you-mean among its field names);
 * - `secret-ref/forbidden` — the service answered 403 (permission denied, which it also answers for paths
 *   that do not exist): the reference cannot be read with this token;
 * - `secret-ref/unreachable` — the service did not answer (network, timeout, sealed, 5xx…), as a warning.
 * References with syntax problems are skipped. Each location is read once. Messages name paths and field
 * names only, never values. Never rejects: client errors become findings.
 */
export async function checkSecretReferences(
  references: readonly SecretReference[],
  reader: SecretsReader,
  options: OnlineCheckOptions,
): Promise<Finding[]> {
  const ctx = { text: options.text, lines: options.lines };
  const reads = new Map<string, Promise<Awaited<ReturnType<SecretsReader["read"]>> | Error>>();
  const readOnce = (path: string) => {
    let pending = reads.get(path);
    if (!pending) {
      pending = Promise.resolve()
        .then(() => reader.read(path))
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      reads.set(path, pending);
    }
    return pending;
  };

  const checkOne = async (reference: SecretReference): Promise<Finding[]> => {
    const base = { severity: "error" as const, path: reference.valuePath, document: reference.document };
    let mount: { path: string; version: 1 | 2 };
    try {
      mount = await reader.mount(reference.location);
    } catch (error) {
      return [
        serviceFailure(
          { ...base, range: reference.range },
          `look up the mount of "${reference.location}"`,
          error,
        ),
      ];
    }
    const findings: Finding[] = [];
    let userPath = reference.location;
    if (mount.version === 2 && mount.path !== "") {
      const mountPath = mount.path.replace(/\/?$/, "/");
      const rest = reference.location.startsWith(mountPath)
        ? reference.location.slice(mountPath.length)
        : undefined;
      if (rest?.startsWith("data/")) {
        userPath = mountPath + rest.slice("data/".length);
      } else if (rest !== undefined) {
        const at = SECRET_REFERENCE_PREFIX.length + mountPath.length;
        const { range: insertAt, exact } = rangeInReference(ctx, reference, at, at);
        const fix: Fix | undefined = exact
          ? {
              title: `Insert "data/" after the mount "${mountPath}"`,
              edits: [{ range: insertAt, newText: "data/" }],
            }
          : undefined;
        findings.push({
          ...base,
          code: "secret-ref/kv2-path",
          message: `"${mountPath}" is a KV version 2 mount: the reference must read ${SECRET_REFERENCE_PREFIX}${mountPath}data/${rest}#${reference.field}.`,
          range: reference.range,
          ...(fix ? { fix } : {}),
        });
      }
    }
    const secret = await readOnce(userPath);
    if (secret instanceof Error) {
      findings.push(
        serviceFailure(
          { ...base, range: reference.range },
          `read the secret at "${reference.location}"`,
          secret,
        ),
      );
    } else if (!secret || typeof secret.data !== "object" || secret.data === null || secret.deleted) {
      findings.push({
        ...base,
        code: "secret-ref/not-found",
        message: secret
          ? `The latest version of the secret at "${reference.location}" is deleted.`
          : `No secret is stored at "${reference.location}".`,
        range: reference.range,
      });
    } else if (!Object.hasOwn(secret.data, reference.field)) {
      const suggestion = closestMatch(reference.field, Object.keys(secret.data));
      const fieldStart = reference.text.indexOf("#") + 1;
      const { range: fieldRange, exact } = rangeInReference(
        ctx,
        reference,
        fieldStart,
        reference.text.length,
      );
      findings.push({
        ...base,
        code: "secret-ref/field-not-found",
        message: `The secret at "${reference.location}" has no field "${reference.field}".${suggestion ? ` Did you mean "${suggestion}"?` : ""}`,
        range: exact ? fieldRange : reference.range,
        ...(suggestion ? { suggestion } : {}),
        ...(suggestion && exact
          ? {
              fix: {
                title: `Use field "${suggestion}"`,
                edits: [{ range: fieldRange, newText: suggestion }],
              },
            }
          : {}),
      });
    }
    return findings;
  };

  const valid = references.filter((reference) => reference.valid);
  const results: Finding[][] = new Array(valid.length);
  let next = 0;
  const worker = async () => {
    while (next < valid.length) {
      const index = next++;
      results[index] = await checkOne(valid[index]!);
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, valid.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results.flat();
}
