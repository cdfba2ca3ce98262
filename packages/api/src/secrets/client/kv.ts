/**
 * `KvApi` (`client.kv`): the key/value engine operations of the secrets client (secrets §2, §4): read,
 * write, list, delete, undelete, destroy, and the version 2 metadata and config, each on the user path, with
 * the mount and its KV version found by the official CLI's preflight (`sys/internal/ui/mounts/<path>`).
 */
import { lazySchemas } from "../../lazy-schema.js";
import type {
  KvV2Config,
  KvV2MetadataReadResponse,
  KvV2MetadataWriteRequest,
  KvV2VersionMetadata,
  SecretData,
} from "../schemas/kv.js";
import { SecretsApiError, SecretsUsageError } from "./errors.js";
import { isInsideMount, type KvV2Segment, kvV2Path } from "./kv-paths.js";
import { listFolder } from "./list-folder.js";
import { parseBody } from "./parse.js";
import { normalizePath } from "./paths.js";
import type { SecretsCallOptions, SecretsTransport } from "./transport.js";

/** Answer schemas, each imported on the first call that parses it (start-up: see `lazy-schema.ts`). */
const kvSchemas = lazySchemas(
  () => import("../schemas/kv.js"),
  [
    "KvV1ReadResponse",
    "KvV2ReadResponse",
    "KvV2WriteResponse",
    "KvV2MetadataReadResponse",
    "KvV2ConfigResponse",
  ],
);
const sysSchemas = lazySchemas(() => import("../schemas/sys.js"), ["InternalUiMountResponse"]);

/** A KV mount and its version, as the preflight found it (research secrets-anchors §4). */
export interface KvMount {
  /** Mount path with trailing `/` (`secret/`), or `""` when a server without the preflight route answered 404. */
  path: string;
  /** KV version: 2 is versioned (`data/`, `metadata/` … inserted after the mount). */
  version: 1 | 2;
}

/** A secret as read: values, and for KV v2 the version's metadata. */
export interface KvSecret {
  /** The path as given (normalised). */
  path: string;
  kvVersion: 1 | 2;
  /** The key/value pairs; `null` for a deleted or destroyed KV v2 version. */
  data: SecretData | null;
  /** KV v2 only: metadata of the version read. */
  metadata: KvV2VersionMetadata | null;
  /** KV v2: the version was soft-deleted (`deletion_time` set) or destroyed; `data` is `null`. */
  deleted: boolean;
  warnings: string[];
}

/** Answers of `sys/internal/ui/mounts/<path>` that mean "no preflight route": assume KV v1 (research §4 step 3). */
const PREFLIGHT_LEGACY_STATUS = 404;

/**
 * The key/value engine operations of {@link SecretsClient} (`client.kv`). Every method takes the user
 * path (`secret/app/db`), resolves the mount and its KV version with the official CLI's preflight
 * (`GET sys/internal/ui/mounts/<path>`, cached per mount, concurrent lookups shared), and rewrites the
 * path for version 2. Throws `SecretsApiError` / `SecretsConnectionError` as the transport does.
 */
export class KvApi {
  readonly #transport: SecretsTransport;
  readonly #listMethod: "get" | "list";
  readonly #mounts = new Map<string, KvMount>();
  readonly #pending = new Map<string, Promise<KvMount>>();
  #legacy = false;

  constructor(transport: SecretsTransport, listMethod: "get" | "list", kvVersions: Record<string, 1 | 2>) {
    this.#transport = transport;
    this.#listMethod = listMethod;
    for (const [mount, version] of Object.entries(kvVersions))
      this.remember({ path: normalizeMount(mount), version });
  }

  /** Records a mount's version (used by the constructor's overrides and by `listMounts`). */
  remember(mount: KvMount): void {
    this.#mounts.set(mount.path, mount);
  }

  /** Forgets every cached mount (e.g. after mounts changed). */
  forgetMounts(): void {
    this.#mounts.clear();
    this.#legacy = false;
  }

  /**
   * The mount holding `path` and its KV version. Preflight answers: 200 → `data.path` and
   * `data.options.version` (`"2"` → 2, anything else → 1); 404 → version 1 for every path (old server);
   * 403 → throws `SecretsApiError` (kind `permission-denied`): the version is never guessed (research §4, §13).
   */
  mount(path: string, call: SecretsCallOptions = {}): Promise<KvMount> {
    return this.#mountOf(normalizePath(path), call);
  }

  /** {@link mount} for a path already normalised. */
  async #mountOf(p: string, call: SecretsCallOptions): Promise<KvMount> {
    const cached = this.#cached(p);
    if (cached) return cached;
    // Concurrent lookups under the same first segment share one preflight when it covers their path.
    const key = p.split("/")[0] ?? p;
    const shared = this.#pending.get(key);
    if (shared) {
      // Another caller's preflight may fail for its own reasons (its AbortSignal, its timeout): then
      // this caller runs its own.
      const m = await shared.catch(() => undefined);
      if (m && (m.path === "" || isInsideMount(m.path, p))) return m;
    }
    const own = this.#preflight(p, call).finally(() => {
      if (this.#pending.get(key) === own) this.#pending.delete(key);
    });
    this.#pending.set(key, own);
    return own;
  }

  #cached(path: string): KvMount | undefined {
    if (this.#legacy) return { path: "", version: 1 };
    let best: KvMount | undefined;
    for (const m of this.#mounts.values()) {
      if (isInsideMount(m.path, path) && (!best || m.path.length > best.path.length)) best = m;
    }
    return best;
  }

  async #preflight(path: string, call: SecretsCallOptions): Promise<KvMount> {
    const route = `sys/internal/ui/mounts/${path}`;
    let res: Awaited<ReturnType<SecretsTransport["send"]>>;
    try {
      res = await this.#transport.send({
        ...call,
        method: "GET",
        path: route,
        accept: [PREFLIGHT_LEGACY_STATUS],
      });
    } catch (error) {
      if (error instanceof SecretsApiError && error.status === 403) {
        throw new SecretsApiError({
          status: 403,
          errors: [
            ...error.errors,
            `KV version preflight for "${path}" was denied; grant access to the mount or set kvVersions for it`,
          ],
          method: error.method,
          path: error.path,
        });
      }
      throw error;
    }
    if (res.status === PREFLIGHT_LEGACY_STATUS) {
      this.#legacy = true;
      return { path: "", version: 1 };
    }
    const data = parseBody(await sysSchemas.InternalUiMountResponse(), res.body, "GET", route).data;
    const mount: KvMount = {
      path: normalizeMount(data.path),
      version: data.options?.version === "2" ? 2 : 1,
    };
    this.remember(mount);
    return mount;
  }

  /** The API path for `path` in its mount, with `segment` inserted for KV v2. */
  async #route(
    path: string,
    segment: KvV2Segment,
    call: SecretsCallOptions,
  ): Promise<{ mount: KvMount; route: string }> {
    const p = normalizePath(path);
    const mount = this.#cached(p) ?? (await this.#mountOf(p, call));
    return { mount, route: mount.version === 2 ? kvV2Path(mount.path, p, segment) : p };
  }

  /**
   * Reads a secret (KV v2: the latest version, or `version`). Resolves to `undefined` when nothing is
   * stored there (404 `{errors: []}`), and to a {@link KvSecret} with `deleted: true`, `data: null` for a
   * deleted or destroyed KV v2 version (404 with an envelope, research §2.2).
   */
  async read(
    path: string,
    options: SecretsCallOptions & { version?: number } = {},
  ): Promise<KvSecret | undefined> {
    const { mount, route } = await this.#route(path, "data", options);
    const query =
      options.version !== undefined && mount.version === 2 ? { version: String(options.version) } : undefined;
    const res = await this.#transport.send({ ...options, method: "GET", path: route, query, accept: [404] });
    const p = normalizePath(path);
    if (mount.version === 1) {
      if (res.status === 404) return undefined;
      const body = parseBody(await kvSchemas.KvV1ReadResponse(), res.body, "GET", route);
      return {
        path: p,
        kvVersion: 1,
        data: body.data,
        metadata: null,
        deleted: false,
        warnings: body.warnings ?? [],
      };
    }
    const readResponse = await kvSchemas.KvV2ReadResponse();
    const parsed = res.body === undefined ? undefined : readResponse.safeParse(res.body);
    if (res.status === 404 && !parsed?.success) return undefined;
    const body = parseBody(readResponse, res.body, "GET", route);
    const meta = body.data.metadata;
    return {
      path: p,
      kvVersion: 2,
      data: body.data.data,
      metadata: meta,
      deleted: body.data.data === null || meta.deletion_time !== "" || meta.destroyed,
      warnings: body.warnings ?? [],
    };
  }

  /**
   * Writes a secret. KV v1: the map replaces the secret (204, resolves `undefined`). KV v2: creates a new
   * version (`cas` = check-and-set) and resolves to its metadata (research §2.5).
   */
  async write(
    path: string,
    data: SecretData,
    options: SecretsCallOptions & { cas?: number } = {},
  ): Promise<KvV2VersionMetadata | undefined> {
    const { mount, route } = await this.#route(path, "data", options);
    if (mount.version === 1) {
      await this.#transport.send({ ...options, method: "POST", path: route, body: data });
      return undefined;
    }
    const body = options.cas === undefined ? { data } : { data, options: { cas: options.cas } };
    const res = await this.#transport.send({ ...options, method: "POST", path: route, body });
    return parseBody(await kvSchemas.KvV2WriteResponse(), res.body, "POST", route).data;
  }

  /**
   * Lists the keys in a folder (names relative to it; folders end in `/`). KV v2 lists under
   * `metadata/`. An empty or missing folder (404) is an empty list (secrets §4 rule 4; research §5).
   */
  async list(path: string, options: SecretsCallOptions = {}): Promise<string[]> {
    const folder = normalizePath(path);
    const { route } = await this.#route(
      folder.endsWith("/") || folder === "" ? folder : `${folder}/`,
      "metadata",
      options,
    );
    return listFolder(this.#transport, route, this.#listMethod, options);
  }

  /**
   * Deletes a secret. KV v1: removes it. KV v2: soft-deletes the latest version, or the given
   * `versions` (`POST delete/<path>`); undo with {@link undelete}.
   */
  async delete(path: string, options: SecretsCallOptions & { versions?: number[] } = {}): Promise<void> {
    if (options.versions) return this.#versions(path, "delete", options.versions, options);
    const { route } = await this.#route(path, "data", options);
    await this.#transport.send({ ...options, method: "DELETE", path: route });
  }

  /** KV v2: restores soft-deleted versions. Throws `SecretsUsageError` on a KV v1 mount. */
  undelete(path: string, versions: number[], options: SecretsCallOptions = {}): Promise<void> {
    return this.#versions(path, "undelete", versions, options);
  }

  /** KV v2: permanently destroys versions. Throws `SecretsUsageError` on a KV v1 mount. */
  destroy(path: string, versions: number[], options: SecretsCallOptions = {}): Promise<void> {
    return this.#versions(path, "destroy", versions, options);
  }

  async #versions(
    path: string,
    segment: "delete" | "undelete" | "destroy",
    versions: number[],
    options: SecretsCallOptions,
  ): Promise<void> {
    const { route } = await this.#v2Route(path, segment, options);
    await this.#transport.send({ ...options, method: "POST", path: route, body: { versions } });
  }

  async #v2Route(
    path: string,
    segment: KvV2Segment,
    options: SecretsCallOptions,
  ): Promise<{ mount: KvMount; route: string }> {
    const r = await this.#route(path, segment, options);
    if (r.mount.version !== 2)
      throw new SecretsUsageError(
        `${segment} on "${path}" needs a KV version 2 mount; "${r.mount.path}" is version 1`,
      );
    return r;
  }

  /** KV v2: metadata of a key and all its versions, or `undefined` when the key does not exist. */
  async readMetadata(
    path: string,
    options: SecretsCallOptions = {},
  ): Promise<KvV2MetadataReadResponse["data"] | undefined> {
    const { route } = await this.#v2Route(path, "metadata", options);
    const res = await this.#transport.send({ ...options, method: "GET", path: route, accept: [404] });
    if (res.status === 404) return undefined;
    return parseBody(await kvSchemas.KvV2MetadataReadResponse(), res.body, "GET", route).data;
  }

  /** KV v2: sets a key's metadata (max versions, check-and-set, custom metadata). */
  async writeMetadata(
    path: string,
    body: KvV2MetadataWriteRequest,
    options: SecretsCallOptions = {},
  ): Promise<void> {
    const { route } = await this.#v2Route(path, "metadata", options);
    await this.#transport.send({ ...options, method: "POST", path: route, body });
  }

  /** KV v2: deletes a key's metadata and every version. */
  async deleteMetadata(path: string, options: SecretsCallOptions = {}): Promise<void> {
    const { route } = await this.#v2Route(path, "metadata", options);
    await this.#transport.send({ ...options, method: "DELETE", path: route });
  }

  /** KV v2: the mount-wide settings (`<mount>/config`). */
  async readConfig(mountPath: string, options: SecretsCallOptions = {}): Promise<KvV2Config> {
    const { mount } = await this.#v2Route(mountPath, "metadata", options);
    const route = `${mount.path}config`;
    const res = await this.#transport.send({ ...options, method: "GET", path: route });
    return parseBody(await kvSchemas.KvV2ConfigResponse(), res.body, "GET", route).data;
  }

  /** KV v2: changes the mount-wide settings. */
  async writeConfig(
    mountPath: string,
    body: Partial<KvV2Config>,
    options: SecretsCallOptions = {},
  ): Promise<void> {
    const { mount } = await this.#v2Route(mountPath, "metadata", options);
    await this.#transport.send({ ...options, method: "POST", path: `${mount.path}config`, body });
  }
}

/** `secret` / `/secret/` → `secret/`. */
function normalizeMount(path: string): string {
  const p = normalizePath(path);
  return p.endsWith("/") || p === "" ? p : `${p}/`;
}
