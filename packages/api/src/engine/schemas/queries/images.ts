/**
 * Query schemas of the image endpoints (engine §4.2): list, build (`POST /build`), create, push, tag,
 * delete, search, get, load and commit.
 */
import { z } from "zod";
import { documented } from "../../../meta.js";
import { StringMap } from "../common.js";
import { imageReference } from "../formats.js";
import { cpuPeriod, cpuQuota, ENGINE_LIMITS, intAtLeast, intGreaterThan } from "../limits.js";
import { requestObject } from "../request-object.js";
import {
  BOOLEAN_FILTER_VALUES,
  filters,
  queryBoolean,
  queryString,
  requiredQueryString,
} from "./query-fields.js";

const source = "engine §4.2";

/** `GET /images/json` query (engine §4.2). */
export const ImageListQuery = requestObject({
  all: queryBoolean("Show all images, including intermediate ones.", source, { default: false }),
  filters: filters("GET /images/json", source, {
    dangling: { description: "Untagged images only (true).", values: BOOLEAN_FILTER_VALUES },
    label: { description: "key or key=value." },
    before: { description: "Image name[:tag], ID or image@digest." },
    since: { description: "Image name[:tag], ID or image@digest." },
    reference: {
      description: "Image name with optional tag (wildcards allowed).",
      decision: "Not in the document; the engine 20.10 supports it (it replaces `filter`).",
    },
  }),
  filter: queryString("Only images with this name.", source),
  digests: queryBoolean("Add RepoDigests to each item.", source, { default: false }),
});
export type ImageListQuery = z.infer<typeof ImageListQuery>;

const buildSource = "engine §4.2; engine 20.10 `POST /build` (moby `api/server/router/build`)";

/**
 * `POST /build` query: every parameter of engine §4.2 (research: build-context-anchors §5.1). Memory and
 * CPU limits follow the HostConfig rules; `memswap` must be -1 or at least `memory`.
 */
export const BuildQuery = requestObject({
  dockerfile: queryString("Path of the build file inside the build context, /-separated.", buildSource, {
    default: "Dockerfile",
    decision:
      "The document names this parameter `enginefile`; the engine only reads `dockerfile` (engine 20.10, moby `api/server/router/build`), so clients send dockerfile=Enginefile. `enginefile` is accepted as an alias below.",
  }),
  enginefile: queryString(
    "The document's name of `dockerfile` (ignored by the engine; send `dockerfile`).",
    source,
  ),
  t: documented(z.array(imageReference("t")), {
    description: "Names and tags (name:tag, tag default latest) for the image; repeatable.",
    source,
  }).optional(),
  remote: queryString(
    "Git or HTTP(S) URL of the build context; a single text file becomes the build file, a tarball is the context.",
    source,
  ),
  q: queryBoolean("Quiet: only the final image ID.", source, { default: false }),
  nocache: queryBoolean("Do not use the build cache.", source, { default: false }),
  pull: queryBoolean("Always pull newer base images.", source, { default: false }),
  rm: queryBoolean("Remove intermediate containers after a successful build.", source, { default: true }),
  forcerm: queryBoolean("Always remove intermediate containers.", source, { default: false }),
  memory: documented(intAtLeast("memory", 0), {
    description: "Memory limit of build containers.",
    unit: "bytes",
    source,
  }).optional(),
  memswap: documented(intAtLeast("memswap", -1, "-1 means unlimited swap"), {
    description: "Memory plus swap of build containers; -1 means unlimited swap.",
    unit: "bytes",
    source,
  }).optional(),
  cpushares: documented(intAtLeast("cpushares", 0), {
    description: "Relative CPU weight.",
    unit: "CPU shares",
    source,
  }).optional(),
  cpusetcpus: queryString('CPUs build containers may use, e.g. "0-3".', source),
  cpuperiod: documented(cpuPeriod("cpuperiod"), {
    description: "CPU CFS period.",
    unit: "microseconds",
    source,
  }).optional(),
  cpuquota: documented(cpuQuota("cpuquota"), {
    description: "CPU CFS quota.",
    unit: "microseconds",
    source,
  }).optional(),
  buildargs: documented(z.record(z.string(), z.string().nullable()), {
    description: "Build arguments (JSON map); null means mentioned but unset. Not for secrets.",
    source: buildSource,
  }).optional(),
  shmsize: documented(intGreaterThan("shmsize", 0, "bytes"), {
    description: "Size of /dev/shm of build containers.",
    unit: "bytes",
    bounds: "> 0",
    default: ENGINE_LIMITS.shmSizeDefaultBytes,
    source,
  }).optional(),
  labels: documented(StringMap, { description: "Labels for the image (JSON map).", source }).optional(),
}).superRefine((query, ctx) => {
  const swap = query.memswap ?? 0;
  if (swap > 0 && swap < (query.memory ?? 0)) {
    ctx.addIssue({
      code: "custom",
      path: ["memswap"],
      message: `memswap must be -1 or at least memory (${query.memory} bytes)`,
    });
  }
  if (
    query.dockerfile !== undefined &&
    query.enginefile !== undefined &&
    query.dockerfile !== query.enginefile
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["enginefile"],
      message: "enginefile and dockerfile name different build files",
    });
  }
});
export type BuildQuery = z.infer<typeof BuildQuery>;

/** `POST /images/create` query (engine §4.2): pull (`fromImage`) or import (`fromSrc`), not both. */
export const ImageCreateQuery = requestObject({
  fromImage: queryString("Image to pull: name with optional tag or digest.", source),
  fromSrc: queryString("Import source: a URL, or - for the request body.", source),
  repo: queryString("Repository for an import; may include a tag.", source),
  tag: queryString("Tag or digest; empty on pull pulls all tags.", source),
}).superRefine((query, ctx) => {
  if (query.fromImage !== undefined && query.fromSrc !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["fromSrc"],
      message: "fromImage (pull) and fromSrc (import) cannot be used together",
    });
  } else if (query.fromImage === undefined && query.fromSrc === undefined) {
    ctx.addIssue({
      code: "custom",
      path: [],
      message: "one of fromImage (pull) or fromSrc (import) is required",
    });
  }
});
export type ImageCreateQuery = z.infer<typeof ImageCreateQuery>;

/** `POST /images/(name)/push` query (engine §4.2). */
export const ImagePushQuery = requestObject({ tag: queryString("Tag to push.", source) });
export type ImagePushQuery = z.infer<typeof ImagePushQuery>;

/** `POST /images/(name)/tag` query (engine §4.2). */
export const ImageTagQuery = requestObject({
  repo: requiredQueryString("repo", "Repository to tag in, e.g. registry:5000/team/name.", source),
  tag: queryString("Tag.", source, { default: "latest" }),
});
export type ImageTagQuery = z.infer<typeof ImageTagQuery>;

/** `DELETE /images/(name)` query (engine §4.2). */
export const ImageDeleteQuery = requestObject({
  force: queryBoolean(
    "Remove even if in use by stopped containers or tagged in several repositories.",
    source,
    {
      default: false,
    },
  ),
  noprune: queryBoolean("Do not delete untagged parents.", source, { default: false }),
});
export type ImageDeleteQuery = z.infer<typeof ImageDeleteQuery>;

/** `GET /images/search` query (engine §4.2). */
export const ImageSearchQuery = requestObject({
  term: requiredQueryString("term", "Search term.", source),
  limit: documented(intAtLeast("limit", 1), {
    description: "Maximum results.",
    unit: "count",
    source,
  }).optional(),
  filters: filters("GET /images/search", source, {
    stars: { description: "Minimum stars (a number as a string)." },
    "is-automated": { description: "Automated builds only.", values: BOOLEAN_FILTER_VALUES },
    "is-official": { description: "Official images only.", values: BOOLEAN_FILTER_VALUES },
  }),
});
export type ImageSearchQuery = z.infer<typeof ImageSearchQuery>;

/** `GET /images/get` query (engine §4.2). */
export const ImagesGetQuery = requestObject({
  names: documented(z.array(z.string()).min(1, { error: "names must list at least one image" }), {
    description: "Images to export; repeatable.",
    source,
  }),
});
export type ImagesGetQuery = z.infer<typeof ImagesGetQuery>;

/** `POST /images/load` query (engine §4.2). */
export const ImageLoadQuery = requestObject({
  quiet: queryBoolean("Only the final confirmation, no progress.", source, { default: false }),
});
export type ImageLoadQuery = z.infer<typeof ImageLoadQuery>;

/** `POST /commit` query (engine §4.2). */
export const CommitQuery = requestObject({
  container: requiredQueryString("container", "Source container ID or name.", source),
  repo: queryString("Repository of the new image.", source),
  tag: queryString("Tag of the new image.", source),
  comment: queryString("Commit message.", source),
  author: queryString('Author, e.g. "Jane <jane@example.com>".', source),
  pause: queryBoolean("Pause the container before committing.", source),
  changes: queryString("Build-file instructions to apply (newline-separated).", source),
});
export type CommitQuery = z.infer<typeof CommitQuery>;
