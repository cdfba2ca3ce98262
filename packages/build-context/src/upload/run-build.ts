/**
 * Uploading a planned context to `POST /build` and following the build (research §5–6, engine §4.2):
 * the query is validated against the api schema before anything is sent; the archive is streamed with
 * backpressure, with `Content-Length` (its exact size is known from the plan) unless it is gzipped; an in-stream `error`/`errorDetail` becomes a {@link BuildFailedError}; aborting the
 * signal stops the upload and the build.
 */

import { Readable } from "node:stream";
import {
  BuildQuery,
  EngineError,
  EngineStreamError,
  type ImagesApi,
  type JsonMessage,
  type RegistryConfig,
} from "@enginekit/api";
import { ContextError } from "../pack/context-error.js";
import { type PackProgress, packContext } from "../pack/pack-stream.js";
import type { ContextPlan } from "../pack/plan-context.js";
import { imageIdOf } from "./build-stream.js";
import type { BuilderParameters } from "./buildkit/builder-parameters.js";

/**
 * The `POST /build` query. `dockerfile` is set from the plan when a context is uploaded; give it only
 * for a `remote` build (a path inside the remote context).
 */
export type BuildParameters = Omit<BuildQuery, "enginefile">;

/** A build query the engine would refuse, found before anything was sent. */
export class BuildQueryError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`invalid build options: ${issues.join("; ")}`);
    this.name = "BuildQueryError";
  }
}

/** The engine reported a failed build inside its 200 stream. `code` is `errorDetail.code` when sent. */
export class BuildFailedError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = "BuildFailedError";
  }
}

/**
 * Builds and validates the full query (`dockerfile` = the plan's Enginefile path).
 * @throws BuildQueryError listing every issue (parameter name and reason).
 */
export function buildQueryFor(
  plan: Pick<ContextPlan, "enginefile"> | undefined,
  parameters: BuildParameters,
): BuildQuery {
  const query = plan ? { ...parameters, dockerfile: plan.enginefile } : { ...parameters };
  if (!plan && query.remote === undefined) throw new BuildQueryError(["a build needs a context or remote"]);
  const parsed = BuildQuery.safeParse(query);
  if (!parsed.success) {
    throw new BuildQueryError(parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`));
  }
  return parsed.data;
}

/** Options of {@link runBuild}. */
export interface RunBuildOptions {
  /** The context to upload; undefined for a `remote` build (the engine fetches the context). */
  plan: ContextPlan | undefined;
  parameters: BuildParameters;
  /**
   * Parameters beyond the v1.24 document (`version=2` for BuildKit, `target`, `platform`, `session`…),
   * already checked against the engine by `checkFlagSupport`.
   */
  builderParameters?: BuilderParameters;
  /** Send the request at this API version (the engine's highest) instead of the negotiated one. */
  apiVersion?: string;
  /** The engine: an `EngineClient` (only `images.build` is used). */
  engine: { images: Pick<ImagesApi, "build"> };
  registryConfig?: RegistryConfig;
  /** gzip the upload (default false; worth it only for remote engines). */
  gzip?: boolean;
  signal?: AbortSignal;
  /** Upload progress (uncompressed archive bytes and entries). */
  onProgress?: (progress: PackProgress) => void;
  /** Every message of the build output, as it arrives. */
  onMessage?: (message: JsonMessage) => void;
}

/** The outcome of a successful build. */
export interface BuildResult {
  /** The image ID (`sha256:…` from `aux`, or the short ID of `Successfully built`), if reported. */
  imageId: string | undefined;
}

/**
 * Runs one build (see the module comment).
 * @throws BuildQueryError before sending; BuildFailedError for a failed build; the EngineClient's errors
 *   (EngineApiError for a refused request, EngineConnectionError…); ContextError when a file vanished
 *   during the upload; the signal's reason when aborted.
 */
export async function runBuild(options: RunBuildOptions): Promise<BuildResult> {
  const query = buildQueryFor(options.plan, options.parameters);
  const body = options.plan
    ? packContext(options.plan, {
        gzip: options.gzip ?? false,
        // The HTTP client writes each chunk to the socket before asking for more.
        recycleBuffers: true,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      })
    : Readable.from([]);
  let packError: unknown;
  body.once("error", (error) => {
    packError = error;
  });
  let imageId: string | undefined;
  try {
    const messages = await options.engine.images.build(
      body,
      { ...query, ...options.builderParameters },
      {
        ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
        // The archive's exact size is known: the engine reads a plain body instead of decoding chunks. A
        // body cut short (a file shrank) still fails the request, so the engine never builds from it.
        ...(options.plan && !options.gzip
          ? { headers: { "content-length": String(options.plan.totalBytes) } }
          : {}),
        ...(options.registryConfig ? { registryConfig: options.registryConfig } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    for await (const message of messages) {
      const id = imageIdOf(message);
      // A full `sha256:` ID (from `aux`) wins over the short one of `Successfully built`.
      if (id !== undefined && !(imageId?.startsWith("sha256:") && !id.startsWith("sha256:"))) imageId = id;
      options.onMessage?.(message);
    }
  } catch (error) {
    // The archive's own failure (a file vanished or changed) is the cause; an error the HTTP client pushed
    // into the body (the connection broke) is reported by the request's own error (reset, refused…).
    if (packError instanceof ContextError || (packError && !(error instanceof EngineError))) throw packError;
    if (error instanceof EngineStreamError) throw new BuildFailedError(error.engineMessage, error.code);
    throw error;
  } finally {
    body.destroy();
  }
  if (packError) throw packError;
  return { imageId };
}
