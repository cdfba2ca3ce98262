/**
 * Small shapes shared by several resource areas (engine §2, §2.10).
 */
import { z } from "zod";
import { documented } from "../../meta.js";

/** Map string to string (labels, options, driver options, sysctls). */
export const StringMap = z.record(z.string(), z.string());
export type StringMap = z.infer<typeof StringMap>;

/**
 * Labels of an object (engine §2): map string to string. A `null` value is accepted: the engine's decoder
 * stores it as the empty string (the manifest check warns about it).
 */
export function labels(source: string, description = "User-defined key/value metadata.") {
  return documented(z.record(z.string(), z.string().nullable()).nullable(), {
    description,
    source,
    decision: "The engine 20.10 accepts null values and keeps them as empty strings.",
  }).optional();
}

/** Response side: a string field the engine may omit. */
export function responseString(description: string, source: string, extra?: { decision?: string }) {
  return documented(z.string(), { description, source, ...extra }).optional();
}

/** Response side: an integer-valued number the engine may omit (no safe-integer check: counters can exceed 2^53). */
export function responseNumber(
  description: string,
  source: string,
  extra?: { unit?: import("../../meta.js").FieldUnit; decision?: string },
) {
  return documented(z.number(), { description, source, ...extra }).optional();
}

/** Response side: a boolean the engine may omit. */
export function responseBoolean(description: string, source: string) {
  return documented(z.boolean(), { description, source }).optional();
}

/** Response side: a list the engine may omit or send as `null` (an empty Go slice). */
export function responseList<T extends z.ZodType>(item: T, description: string, source: string) {
  return documented(z.array(item).nullable(), { description, source }).optional();
}

/** Response side: a string map the engine may omit or send as `null`. */
export function responseStringMap(description: string, source: string) {
  return documented(z.record(z.string(), z.string()).nullable(), { description, source }).optional();
}

/** Version of a cluster object (engine §2.10): `{ Index }`, sent back as `version` on update. */
export const ObjectVersion = z.looseObject({
  Index: documented(z.number(), {
    description: "Version index of the object; pass it as the `version` query parameter of update.",
    source: "engine §2.10",
  }).optional(),
});
export type ObjectVersion = z.infer<typeof ObjectVersion>;

/** The envelope shared by node, service, task and swarm objects (engine §2.10). */
export const clusterEnvelope = {
  ID: documented(z.string(), { description: "Object ID.", source: "engine §2.10" }),
  Version: documented(ObjectVersion, { description: "Object version.", source: "engine §2.10" }).optional(),
  CreatedAt: responseString("Creation time (RFC 3339).", "engine §2.10"),
  UpdatedAt: responseString("Last update time (RFC 3339).", "engine §2.10"),
};
