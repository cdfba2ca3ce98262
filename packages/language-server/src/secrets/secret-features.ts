import { readFileSync } from "node:fs";
import type { SecretsClient, SecretsMount } from "@enginekit/api";
import type { AnalyzedManifest } from "@enginekit/lint";
import type { Finding as ManifestFinding, SecretsReader } from "@enginekit/manifests";
import {
  type CancellationToken,
  type CompletionItem,
  CompletionItemKind,
  type Hover,
  MarkupKind,
  MessageType,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ServerSettings } from "../config/settings.js";
import { toLspRange } from "../diagnostics/to-lsp.js";
import { loadManifestStack } from "../manifest-stack/load-manifest-stack.js";
import type { SecretsStatus } from "../protocol/secrets-status.js";
import { LookupCache, LookupCancelled } from "./lookup-cache.js";
import type { SecretsApi } from "./secrets-client.js";
import { type ServiceProblem, serviceProblemOf } from "./service-errors.js";

/** How long listed folders, mounts and field names are reused, in milliseconds. */
export const SECRET_CACHE_TTL_MS = 5_000;

/** A problem of the same kind (unreachable, sealed, forbidden…) is shown again only after this many milliseconds. */
export const PROBLEM_MESSAGE_INTERVAL_MS = 300_000;

/** A secret without its values: field names and whether the current version is deleted. */
interface SecretShape {
  fields: string[];
  deleted: boolean;
}

/** What the secret features need from the server. */
export interface SecretFeaturesHost {
  settings(): ServerSettings;
  showMessage(type: MessageType, message: string): void;
  log(message: string): void;
  /** Told how each lookup went (`enginekit/secretsStatus`, src/protocol/secrets-status.ts). */
  status?(status: SecretsStatus): void;
  env?: NodeJS.ProcessEnv;
  homeDir?: string;
}

/** The secret reference being typed before the cursor: `svc:<location>[#<field>]`. */
const TYPED_REFERENCE = /(?:^|[^A-Za-z0-9_])svc:([A-Za-z0-9._/-]*)(?:#([A-Za-z0-9._-]*))?$/;

const RETRIGGER = { title: "Suggest", command: "editor.action.triggerSuggest" };

/** The user path of a written location: on KV v2 the `data/` after the mount is removed. */
export function userPath(mount: string, location: string, kvVersion: 1 | 2 | undefined): string | undefined {
  const rest = location.slice(mount.length);
  if (kvVersion !== 2) return location;
  if (!rest.startsWith("data/")) return undefined;
  return mount + rest.slice("data/".length);
}

/**
 * Live secret paths in manifests (task §2, the feature no peer has): completion of `svc:` references
 * segment by segment (mounts, then the folder typed so far — KV version from the client's preflight,
 * v2 listed under `metadata/` by the client, `data/` offered after a v2 mount — then field names after
 * `#`, never values), hover with metadata (version, created time, deleted/destroyed; never a value), and
 * the opt-in online diagnostics. Every lookup goes through a {@link LookupCache} (TTL, coalescing,
 * ≈500 ms timeout, abort on cancel). A service that is unreachable, sealed or forbidding gives no items
 * and one `window/showMessage` until it answers again.
 */
export class SecretFeatures {
  /** The client, created on the first lookup (its HTTP stack, ~60 ms to load, is not part of start-up). */
  private client: Promise<SecretsClient> | undefined;
  /** The client module (`SecretsClient` and its error classes), once the first lookup loaded it. */
  private api: SecretsApi | undefined;
  private readonly cache: LookupCache;
  /** When each kind of problem was last shown (ms since epoch): one message per kind per {@link PROBLEM_MESSAGE_INTERVAL_MS}. */
  private readonly shownProblems = new Map<ServiceProblem["kind"], number>();

  constructor(private readonly host: SecretFeaturesHost) {
    this.cache = new LookupCache(SECRET_CACHE_TTL_MS, host.settings().secrets.timeoutMs);
  }

  /** Lookups started so far (tests: caching and coalescing). */
  get fetches(): number {
    return this.cache.fetches;
  }

  /** Drops the client and the cache after a settings change. */
  settingsChanged(): void {
    const old = this.client;
    this.client = undefined;
    this.shownProblems.clear();
    this.cache.clear();
    this.cache.timeoutMs = this.host.settings().secrets.timeoutMs;
    void old?.then((c) => c.close()).catch(() => undefined);
  }

  /** Closes the client. */
  dispose(): void {
    void this.client?.then((c) => c.close()).catch(() => undefined);
  }

  private address(): string {
    return (
      this.host.settings().secrets.address ??
      (this.host.env ?? process.env).SVC_ADDR ??
      "https://127.0.0.1:8200"
    );
  }

  /**
   * The client for the current settings, created once (a configuration error is kept and rethrown until
   * the settings change). `SecretsClient` is imported here, on the first lookup, not at start-up.
   */
  private clientOrThrow(): Promise<SecretsClient> {
    this.client ??= this.createClient();
    return this.client;
  }

  private async createClient(): Promise<SecretsClient> {
    const s = this.host.settings().secrets;
    const token = s.tokenFile ? readFileSync(s.tokenFile, "utf8").trim() : undefined;
    const api = (await import("./secrets-client.js")).SECRETS_API;
    this.api = api;
    const { SecretsClient } = api;
    return new SecretsClient({
      ...(s.address ? { address: s.address } : {}),
      ...(s.namespace ? { namespace: s.namespace } : {}),
      ...(token ? { token } : {}),
      ...(this.host.env ? { env: this.host.env } : {}),
      ...(this.host.homeDir ? { homeDir: this.host.homeDir } : {}),
      timeoutMs: s.timeoutMs,
      retry: { maxRetries: 0 },
    });
  }

  /** Runs a lookup; on failure reports the problem once and returns undefined. Cancellation returns undefined silently. */
  private async lookup<T>(
    key: string,
    fetch: (client: SecretsClient, signal: AbortSignal) => Promise<T>,
    token?: CancellationToken,
  ): Promise<T | undefined> {
    try {
      const client = await this.clientOrThrow();
      // an answer of the service itself (not of the cache) tells the client it is connected
      const answered = (value: T): T => {
        this.host.status?.({ state: "connected", address: this.address() });
        return value;
      };
      return await this.cache.get(key, (signal) => fetch(client, signal).then(answered), token);
    } catch (error) {
      if (error instanceof LookupCancelled) return undefined;
      this.report(error);
      return undefined;
    }
  }

  /** Shows a problem once per kind and interval (task §2: one message, not one per keystroke); always logs it. */
  private report(error: unknown): void {
    const problem = serviceProblemOf(error, this.address(), this.api);
    this.host.status?.({ state: problem.kind, address: this.address(), message: problem.message });
    const now = Date.now();
    const last = this.shownProblems.get(problem.kind);
    if (last === undefined || now - last >= PROBLEM_MESSAGE_INTERVAL_MS) {
      this.shownProblems.set(problem.kind, now);
      this.host.showMessage(
        problem.kind === "failed" ? MessageType.Error : MessageType.Warning,
        problem.message,
      );
    }
    this.host.log(problem.message);
  }

  /**
   * What a secret looks like without its values: its field names and whether its current version is
   * deleted; `null` when nothing is stored at the user path. The values are dropped right after the read,
   * so they are never cached, returned or logged.
   */
  private shapeOf(path: string, signal: AbortSignal, client: SecretsClient): Promise<SecretShape | null> {
    return client.kv
      .read(path, { signal })
      .then((secret) =>
        secret ? { fields: secret.data ? Object.keys(secret.data) : [], deleted: secret.deleted } : null,
      );
  }

  /** The field names of the secret at a user path (`[]` when nothing is stored there). */
  private async fieldNames(path: string, token?: CancellationToken): Promise<string[] | undefined> {
    const shape = await this.lookup(`shape:${path}`, (c, signal) => this.shapeOf(path, signal, c), token);
    return shape === undefined ? undefined : (shape?.fields ?? []);
  }

  private mounts(token?: CancellationToken): Promise<SecretsMount[] | undefined> {
    return this.lookup("mounts", (c, signal) => c.listMounts({ signal }), token);
  }

  private async kvVersionOf(mount: string, token?: CancellationToken): Promise<1 | 2 | undefined> {
    const known = (await this.mounts(token))?.find((m) => m.path === mount)?.kvVersion;
    if (known) return known;
    const preflight = await this.lookup(
      `mount:${mount}`,
      (c, signal) => c.kv.mount(mount, { signal }),
      token,
    );
    return preflight?.version;
  }

  /** Completion items when the cursor is in a `svc:` reference of a manifest; undefined elsewhere. */
  async completion(
    document: TextDocument,
    offset: number,
    token?: CancellationToken,
  ): Promise<CompletionItem[] | undefined> {
    const position = document.positionAt(offset);
    const prefix = document.getText({ start: { line: position.line, character: 0 }, end: position });
    const m = TYPED_REFERENCE.exec(prefix);
    if (!m) return undefined;
    if (!this.host.settings().secrets.completion) return [];
    const location = m[1] ?? "";
    const field = m[2];
    const rangeFor = (typed: string) => ({
      start: document.positionAt(offset - typed.length),
      end: position,
    });
    if (field !== undefined) return this.fieldItems(location, field, rangeFor(field), token);
    const slash = location.indexOf("/");
    if (slash < 0) {
      const mounts = (await this.mounts(token)) ?? [];
      return mounts
        .filter((mt) => mt.type === "kv" && mt.path.startsWith(location))
        .map((mt) => ({
          label: mt.path,
          kind: CompletionItemKind.Folder,
          detail: `KV version ${mt.kvVersion ?? "?"} mount`,
          documentation: mt.description || undefined,
          textEdit: { range: rangeFor(location), newText: mt.path },
          command: RETRIGGER,
        }));
    }
    const mount = location.slice(0, slash + 1);
    const folder = location.slice(0, location.lastIndexOf("/") + 1);
    const leaf = location.slice(folder.length);
    const version = await this.kvVersionOf(mount, token);
    if (version === undefined) return [];
    if (version === 2 && folder === mount)
      return "data/".startsWith(leaf)
        ? [
            {
              label: "data/",
              kind: CompletionItemKind.Folder,
              detail: "KV version 2: secrets are read under data/",
              textEdit: { range: rangeFor(leaf), newText: "data/" },
              command: RETRIGGER,
            },
          ]
        : [];
    const logical = userPath(mount, folder, version);
    if (logical === undefined) return [];
    const keys =
      (await this.lookup(`list:${logical}`, (c, signal) => c.kv.list(logical, { signal }), token)) ?? [];
    return keys
      .filter((k) => k.startsWith(leaf))
      .map((k) => {
        const isFolder = k.endsWith("/");
        return {
          label: k,
          kind: isFolder ? CompletionItemKind.Folder : CompletionItemKind.Value,
          detail: isFolder ? "folder" : "secret",
          textEdit: { range: rangeFor(leaf), newText: isFolder ? k : `${k}#` },
          command: RETRIGGER,
        };
      });
  }

  private async fieldItems(
    location: string,
    typed: string,
    range: { start: { line: number; character: number }; end: { line: number; character: number } },
    token?: CancellationToken,
  ): Promise<CompletionItem[]> {
    const mount = location.slice(0, location.indexOf("/") + 1);
    if (!mount) return [];
    const version = await this.kvVersionOf(mount, token);
    const path = userPath(mount, location, version);
    if (path === undefined || path.endsWith("/")) return [];
    const fields = await this.fieldNames(path, token);
    return (fields ?? [])
      .filter((f) => f.startsWith(typed))
      .map((f) => ({
        label: f,
        kind: CompletionItemKind.Field,
        detail: "field",
        textEdit: { range, newText: f },
      }));
  }

  /** Hover on a `svc:` reference: KV version, current version, created time, deleted/destroyed. Never a value. */
  async hover(manifest: AnalyzedManifest, offset: number, token?: CancellationToken): Promise<Hover | null> {
    const ref = manifest.check.documents
      .flatMap((d) => d.references)
      .find((r) => r.range.start.offset <= offset && offset <= r.range.end.offset);
    if (!ref) return null;
    const lines = [`**Secret reference** \`${ref.location}\`${ref.field ? ` field \`${ref.field}\`` : ""}`];
    if (ref.valid && this.host.settings().secrets.completion) {
      const mount = `${ref.mount}/`;
      const version = await this.kvVersionOf(mount, token);
      const path = userPath(mount, ref.location, version);
      if (version === 2 && path) {
        const meta = await this.lookup(
          `metadata:${path}`,
          async (c, signal) => (await c.kv.readMetadata(path, { signal })) ?? null,
          token,
        );
        if (meta) {
          const current = meta.versions[String(meta.current_version)];
          lines.push(
            "",
            `KV version 2 · version ${meta.current_version} of ${Object.keys(meta.versions).length}`,
            `Created: ${meta.created_time}`,
          );
          if (current?.destroyed) lines.push("**The current version is destroyed.**");
          else if (current?.deletion_time)
            lines.push(`**The current version was deleted at ${current.deletion_time}.**`);
        } else if (meta === null) lines.push("", "Nothing is stored at this path.");
      } else if (version === 2)
        lines.push("", `KV version 2 mount: the path needs \`data/\` after \`${mount}\`.`);
      else if (version === 1 && path) {
        const exists = await this.fieldNames(path, token);
        if (exists)
          lines.push(
            "",
            exists.length > 0
              ? `KV version 1 · fields: ${exists.map((f) => `\`${f}\``).join(", ")}`
              : "KV version 1 · nothing is stored at this path.",
          );
      }
    }
    return { contents: { kind: MarkupKind.Markdown, value: lines.join("\n") }, range: toLspRange(ref.range) };
  }

  /** Online findings for the manifest's references (opt-in setting `online`). Never rejects. */
  async onlineFindings(manifest: AnalyzedManifest): Promise<ManifestFinding[]> {
    const refs = manifest.check.documents.flatMap((d) => d.references);
    if (refs.length === 0) return [];
    let client: SecretsClient;
    try {
      client = await this.clientOrThrow();
    } catch (error) {
      this.report(error);
      return [];
    }
    // The online checks read through the same cache (TTL, coalescing, timeout); errors reach the checker,
    // which reports them as secret-ref/unreachable findings.
    const reader: SecretsReader = {
      mount: (path) => this.cache.get(`mount:${path}`, (signal) => client.kv.mount(path, { signal })),
      read: async (path) => {
        const shape = await this.cache.get(`shape:${path}`, (signal) => this.shapeOf(path, signal, client));
        if (shape === null) return undefined;
        return {
          data: shape.deleted ? null : Object.fromEntries(shape.fields.map((f) => [f, ""])),
          deleted: shape.deleted,
        };
      },
    };
    const { checkSecretReferences } = await loadManifestStack();
    return checkSecretReferences(refs, reader, { text: manifest.text, lines: manifest.check.lines });
  }
}
