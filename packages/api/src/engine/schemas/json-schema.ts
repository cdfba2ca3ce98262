import { z } from "zod";
import { ContainerCreateBody, ContainerName } from "./container-create.js";
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
    kind: "container",
  },
  "service-create.schema.json": {
    schema: ServiceSpec,
    title: "Engine API v1.24 service create body (ServiceSpec)",
    kind: "service",
  },
  "network-create.schema.json": {
    schema: NetworkCreateBody,
    title: "Engine API v1.24 network create body",
    kind: "network",
  },
  "volume-create.schema.json": {
    schema: VolumeCreateBody,
    title: "Engine API v1.24 volume create body",
    kind: "volume",
  },
  "swarm-init.schema.json": {
    schema: SwarmInitBody,
    title: "Engine API v1.24 swarm init body",
    kind: "swarm",
  },
} as const;

/** File name of a published JSON Schema. */
export type PublishedJsonSchemaFile = keyof typeof PUBLISHED_JSON_SCHEMAS;

/**
 * Keys a manifest file may carry beside the request body (docs/manifests.md): `$schema` (this schema's
 * address, for editors), `kind` (overrides the kind taken from the file name) and, for containers, `Name`
 * (the `name` query parameter of create). The published schemas accept them so that an editor validating
 * by `$schema` agrees with `enginekit lint`; they are not part of the request body the engine receives.
 */
function manifestKeys(file: PublishedJsonSchemaFile): Record<string, unknown> {
  const { kind } = PUBLISHED_JSON_SCHEMAS[file];
  const keys: Record<string, unknown> = {
    $schema: { type: "string", description: "Address of this JSON Schema, for editors (manifest-only key)." },
    kind: { const: kind, description: `Manifest kind override (manifest-only key): "${kind}".` },
  };
  if (kind === "container") {
    keys.Name = z.toJSONSchema(ContainerName, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
    });
    delete (keys.Name as Record<string, unknown>).$schema;
  }
  return keys;
}

/** Builds one published JSON Schema (a plain JSON object): the request body plus the manifest-only keys. */
export function buildJsonSchema(file: PublishedJsonSchemaFile): Record<string, unknown> {
  const { schema, title } = PUBLISHED_JSON_SCHEMAS[file];
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  const properties = { ...manifestKeys(file), ...((json.properties as Record<string, unknown>) ?? {}) };
  return { ...json, properties, $id: `https://enginekit.dev/schemas/${file}`, title };
}

/** Serialises a published JSON Schema exactly as the build writes it (2-space indent, trailing newline). */
export function renderJsonSchema(file: PublishedJsonSchemaFile): string {
  return `${JSON.stringify(buildJsonSchema(file), null, 2)}\n`;
}
