/**
 * `LocalImages`: the engine's local images (`GET /images/json`, engine §4.2) for `FROM` completion and the
 * image platforms for the online platform check, cached briefly, shared between concurrent lookups, bounded
 * in time, cancellable, and silent when no engine answers.
 */
import type { EngineClient } from "@enginekit/api";
import { type ImagePlatformReader, normalizePlatform } from "@enginekit/lint/files";
import type { CancellationToken } from "vscode-languageserver";
import type { ServerSettings } from "../config/settings.js";
import { LookupCache, LookupCancelled } from "../secrets/lookup-cache.js";

/** How long the engine's image list is reused, in milliseconds. */
const IMAGE_CACHE_TTL_MS = 10_000;

/** What the image lookups need from the server. */
export interface LocalImagesHost {
  settings(): ServerSettings;
  /** Environment for `ENGINE_HOST`, `ENGINE_TLS_VERIFY`, `ENGINE_CERT_PATH` (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The engine's local images for `FROM` completion (`GET /images/json` through `EngineClient`), live like
 * secret paths: the list is cached {@link IMAGE_CACHE_TTL_MS}, concurrent lookups share one request, each
 * is bounded by `images.timeoutMs` (default 500 ms) and aborted when the editor cancels. Silent when no
 * engine answers: no items, no message (an editor without an engine is the usual case). Off with the
 * setting `images.completion: false`. The client is imported and created on the first lookup.
 */
export class LocalImages {
  private client: Promise<EngineClient> | undefined;
  private readonly cache: LookupCache;

  constructor(private readonly host: LocalImagesHost) {
    this.cache = new LookupCache(IMAGE_CACHE_TTL_MS, host.settings().images.timeoutMs);
  }

  /** Lookups started so far (tests). */
  get fetches(): number {
    return this.cache.fetches;
  }

  /** Forgets the client and the list after a settings change. */
  settingsChanged(): void {
    const old = this.client;
    this.client = undefined;
    this.cache.clear();
    this.cache.timeoutMs = this.host.settings().images.timeoutMs;
    void old?.then((c) => c.close()).catch(() => undefined);
  }

  /** Closes the client. */
  dispose(): void {
    void this.client?.then((c) => c.close()).catch(() => undefined);
  }

  private async createClient(): Promise<EngineClient> {
    const { EngineClient } = (await import("./engine-client.js")).ENGINE_API;
    const timeoutMs = this.host.settings().images.timeoutMs;
    return new EngineClient({
      ...(this.host.env ? { env: this.host.env } : {}),
      timeoutMs,
      negotiate: false,
    });
  }

  /**
   * The reader of the online check invalid-base-image-platform (`enginekit.online`): each image's platform
   * (`GET /images/{name}/json`) and the engine's (`GET /version`), through the same client, cache and time
   * limit as the image list. An image the engine does not have, or no engine answering, is an unknown
   * platform (the check stays silent).
   */
  platforms(): ImagePlatformReader {
    const ask = async <T>(key: string, fetch: (client: EngineClient, signal: AbortSignal) => Promise<T>) => {
      try {
        this.client ??= this.createClient();
        const client = await this.client;
        return await this.cache.get(key, (signal) => fetch(client, signal));
      } catch {
        return undefined;
      }
    };
    return {
      imagePlatform: (reference) =>
        ask(`platform ${reference}`, async (client, signal) => {
          const image = await client.images.inspect(reference, { signal });
          const variant = (image as { Variant?: unknown }).Variant;
          return image.Os && image.Architecture
            ? normalizePlatform(image.Os, image.Architecture, typeof variant === "string" ? variant : "")
            : undefined;
        }),
      enginePlatform: () =>
        ask("version", async (client, signal) => {
          const v = await client.system.version({ signal });
          return v.Os && v.Arch ? normalizePlatform(v.Os, v.Arch) : undefined;
        }),
    };
  }

  /**
   * The `name:tag` references of the local images (untagged ones left out), sorted; `[]` when the setting
   * is off, no engine answers in time, or the request was cancelled.
   */
  async tags(token?: CancellationToken): Promise<string[]> {
    if (!this.host.settings().images.completion) return [];
    try {
      this.client ??= this.createClient();
      const client = await this.client;
      const images = await this.cache.get("images", (signal) => client.images.list({}, { signal }), token);
      const tags = new Set<string>();
      for (const image of images)
        for (const tag of image.RepoTags ?? []) if (tag !== "<none>:<none>") tags.add(tag);
      return [...tags].sort();
    } catch (error) {
      if (!(error instanceof LookupCancelled)) {
        // the next lookup starts over with a new client (the engine may have been restarted)
        const old = this.client;
        this.client = undefined;
        void old?.then((c) => c.close()).catch(() => undefined);
      }
      return [];
    }
  }
}
