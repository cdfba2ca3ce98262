import { z } from "zod";
import { ContainerCreateBody } from "./container-create.js";
import { NetworkCreateBody } from "./network.js";
import { ServiceSpec } from "./service.js";
import { SwarmInitBody } from "./swarm.js";
import { VolumeCreateBody } from "./volume.js";

/**
 * The JSON Schemas published with the package (`@enginekit/api/schemas/<file>`), generated from the zod
 * schemas with zod's own `z.toJSONSchema` (draft 2020-12, input side). Field documentation appears as
 * `description` and, in full, under `x-enginekit`. Refinements that JSON Schema cannot express (cross-field
 * rules, bind specifications, signals ...) are only in the zod schemas; the JSON Schema checks types, enums,
 * patterns, numeric bounds and unknown keys.
 */
export const PUBLISHED_JSON_SCHEMAS = {
  "container-create.schema.json": {
    schema: ContainerCreateBody,
    title: "Engine API v1.24 container create body",
  },
  "service-create.schema.json": {
    schema: ServiceSpec,
    title: "Engine API v1.24 service create body (ServiceSpec)",
  },
  "network-create.schema.json": { schema: NetworkCreateBody, title: "Engine API v1.24 network create body" },
  "volume-create.schema.json": { schema: VolumeCreateBody, title: "Engine API v1.24 volume create body" },
  "swarm-init.schema.json": { schema: SwarmInitBody, title: "Engine API v1.24 swarm init body" },
} as const;

/** File name of a published JSON Schema. */
export type PublishedJsonSchemaFile = keyof typeof PUBLISHED_JSON_SCHEMAS;

/** Builds one published JSON Schema (a plain JSON object). */
export function buildJsonSchema(file: PublishedJsonSchemaFile): Record<string, unknown> {
  const { schema, title } = PUBLISHED_JSON_SCHEMAS[file];
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  return { ...json, $id: `https://enginekit.dev/schemas/${file}`, title };
}

/** Serialises a published JSON Schema exactly as the build writes it (2-space indent, trailing newline). */
export function renderJsonSchema(file: PublishedJsonSchemaFile): string {
  return `${JSON.stringify(buildJsonSchema(file), null, 2)}\n`;
}
