/**
 * Volume schemas (engine §2.6, §4.5): a volume, the create body, and the `GET /volumes` answer.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { labels, responseList, responseString, responseStringMap, StringMap } from "./common.js";
import { VOLUME_NAME_PATTERN } from "./formats.js";
import { requestObject } from "./request-object.js";

const source = "engine §2.6";

/** A volume (engine §2.6); empty or unsupported fields may be omitted. */
export const Volume = z.looseObject({
  Name: documented(z.string(), { description: "Volume name.", source }),
  Driver: responseString("Driver used.", source),
  Mountpoint: responseString("Mount path on the host.", source),
  Status: responseStringMap("Driver-provided details; omitted if the driver does not support it.", source),
  Labels: responseStringMap("Labels.", source),
  Scope: responseString("global (cluster-wide) or local (machine level); default local.", source),
  CreatedAt: responseString("Creation time (RFC 3339).", "engine 20.10"),
  Options: responseStringMap("Driver options given at creation.", "engine 20.10"),
});
export type Volume = z.infer<typeof Volume>;

/** `POST /volumes/create` body (engine §4.5). */
export const VolumeCreateBody = requestObject({
  Name: documented(
    z.string().regex(VOLUME_NAME_PATTERN, { error: "Name must match [a-zA-Z0-9][a-zA-Z0-9_.-]+" }),
    {
      description: "Volume name; generated when omitted.",
      source: "engine §4.5",
      decision: "The name rule is the engine 20.10 local driver's (the document gives none).",
    },
  ).optional(),
  Driver: documented(z.string(), {
    description: "Volume driver.",
    default: "local",
    source: "engine §4.5",
  }).optional(),
  DriverOpts: documented(StringMap.nullable(), {
    description: "Options passed to the driver.",
    source: "engine §4.5",
  }).optional(),
  Labels: labels("engine §4.5"),
});
export type VolumeCreateBody = z.infer<typeof VolumeCreateBody>;

/** `GET /volumes` 200 response (engine §4.5). */
export const VolumeListResponse = z.looseObject({
  Volumes: responseList(Volume, "Volumes.", "engine §4.5"),
  Warnings: responseList(z.string(), "Warnings.", "engine §4.5"),
});
export type VolumeListResponse = z.infer<typeof VolumeListResponse>;
