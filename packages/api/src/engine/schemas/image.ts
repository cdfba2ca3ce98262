/**
 * Image schemas (engine §2.5, §4.2): list item, inspect and its config, history, search result, delete
 * item, the `POST /commit` body, and the repositories file and layer version of an image tarball.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import {
  responseBoolean,
  responseList,
  responseNumber,
  responseString,
  responseStringMap,
} from "./common.js";
import { containerConfigShape } from "./container-create.js";
import { requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

const source = "engine §2.5";

/** Item of `GET /images/json` (engine §2.5). */
export const ImageSummary = z.looseObject({
  Id: documented(z.string(), { description: "Image ID (sha256:...).", source }),
  ParentId: responseString("ID of the parent image; may be absent or empty.", source),
  RepoTags: responseList(z.string(), "Tags (name:tag) referring to the image.", source),
  RepoDigests: responseList(
    z.string(),
    "Digests (name@sha256:...) referring to the image; with `digests`.",
    source,
  ),
  Created: responseNumber("Creation time.", source, { unit: "Unix seconds" }),
  Size: responseNumber("Size of the image.", source, { unit: "bytes" }),
  VirtualSize: responseNumber("Size including shared layers.", source, { unit: "bytes" }),
  SharedSize: responseNumber("Size shared with other images (-1 when not computed).", "engine 20.10", {
    unit: "bytes",
  }),
  Containers: responseNumber("Containers using the image (-1 when not computed).", "engine 20.10"),
  Labels: responseStringMap("Labels.", source),
});
export type ImageSummary = z.infer<typeof ImageSummary>;

/** Image `Config` / `ContainerConfig`: container configuration (engine §2.1) plus `PublishService`, `OnBuild`. */
export const ImageConfig = asResponse(requestObject(containerConfigShape)).extend({
  OnBuild: responseList(z.string(), "ONBUILD instructions.", source),
  PublishService: responseString("Service to publish (legacy).", source),
});
export type ImageConfig = z.infer<typeof ImageConfig>;

/** `GET /images/(name)/json` (engine §2.5). */
export const ImageInspect = z.looseObject({
  Id: documented(z.string(), { description: "Image ID (sha256:...).", source }),
  RepoTags: responseList(z.string(), "Tags referring to the image.", source),
  RepoDigests: responseList(z.string(), "Digests referring to the image.", source),
  Parent: responseString("ID of the parent image, or empty.", source),
  Comment: responseString("Commit comment.", source),
  Created: responseString("Creation time (RFC 3339).", source),
  Container: responseString("ID of the container the image was committed from.", source),
  ContainerConfig: documented(ImageConfig, {
    description: "Configuration of that container.",
    source,
  }).optional(),
  DockerVersion: responseString("Engine version that built the image.", source),
  Author: responseString("Author.", source),
  Config: documented(ImageConfig, {
    description: "Default configuration of containers made from the image.",
    source,
  }).optional(),
  Architecture: responseString("CPU architecture.", source),
  Os: responseString("Operating system.", source),
  Size: responseNumber("Size.", source, { unit: "bytes" }),
  VirtualSize: responseNumber("Size including parent layers.", source, { unit: "bytes" }),
  GraphDriver: documented(
    z.looseObject({
      Name: z.string().optional(),
      Data: z.record(z.string(), z.string()).nullable().optional(),
    }),
    { description: "Storage driver name and its data.", source },
  ).optional(),
  RootFS: documented(
    z.looseObject({ Type: z.string().optional(), Layers: z.array(z.string()).nullable().optional() }),
    { description: "Root filesystem: Type (layers) and the list of layer digests.", source },
  ).optional(),
});
export type ImageInspect = z.infer<typeof ImageInspect>;

/** Item of `GET /images/(name)/history` (engine §2.5). */
export const ImageHistoryItem = z.looseObject({
  Id: documented(z.string(), { description: "Layer's image ID, or <missing>.", source }),
  Created: responseNumber("Creation time.", source, { unit: "Unix seconds" }),
  CreatedBy: responseString("Instruction that created the layer.", source),
  Tags: responseList(z.string(), "Tags of the image (list or null).", source),
  Size: responseNumber("Size of the layer.", source, { unit: "bytes" }),
  Comment: responseString("Comment.", source),
});
export type ImageHistoryItem = z.infer<typeof ImageHistoryItem>;

/** Item of `GET /images/search` (engine §2.5; keys follow the registry, see §9). */
export const ImageSearchResult = z.looseObject({
  description: responseString("Description.", source),
  is_official: responseBoolean("Official image.", source),
  is_automated: responseBoolean("Automated build.", source),
  name: documented(z.string(), { description: "Repository name.", source }),
  star_count: responseNumber("Stars.", source),
});
export type ImageSearchResult = z.infer<typeof ImageSearchResult>;

/** Item of `DELETE /images/(name)`: `{ Untagged }` or `{ Deleted }` (engine §4.2). */
export const ImageDeleteItem = z.looseObject({
  Untagged: responseString("A reference that was removed.", "engine §4.2"),
  Deleted: responseString("An image ID that was deleted.", "engine §4.2"),
});
export type ImageDeleteItem = z.infer<typeof ImageDeleteItem>;

/** One mount of a `POST /commit` body (engine §4.2). */
export const CommitMount = requestObject({
  Source: documented(z.string(), { description: "Source.", source: "engine §4.2" }).optional(),
  Destination: documented(z.string(), { description: "Destination.", source: "engine §4.2" }).optional(),
  Mode: documented(z.string(), { description: "Mode.", source: "engine §4.2" }).optional(),
  RW: documented(z.boolean(), { description: "Writable.", source: "engine §4.2" }).optional(),
});

/** `POST /commit` body: container configuration fields (engine §2.1) plus `Mounts` (engine §4.2). */
export const CommitBody = requestObject({
  ...containerConfigShape,
  Mounts: documented(z.array(CommitMount).nullable(), {
    description: "Mounts.",
    source: "engine §4.2",
  }).optional(),
});
export type CommitBody = z.infer<typeof CommitBody>;

/**
 * The `repositories` file at the root of an image tarball (`GET /images/(name)/get`, `POST /images/load`;
 * engine §2.5): map repository name to map tag to layer ID. Absent when exporting by image ID.
 */
export const ImageTarballRepositories = documented(z.record(z.string(), z.record(z.string(), z.string())), {
  description: "Repository name → tag → layer ID, from the image tarball's `repositories` file.",
  source,
});
export type ImageTarballRepositories = z.infer<typeof ImageTarballRepositories>;

/** Content of each layer directory's `VERSION` file in an image tarball (engine §2.5). */
export const IMAGE_TARBALL_LAYER_VERSION = "1.0";
