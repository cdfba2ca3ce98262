/**
 * The published JSON Schemas (`@enginekit/api/schemas/<file>`): which files are published, and
 * `buildJsonSchema`/`renderJsonSchema` turning the zod request schemas into JSON Schema (draft 2020-12) with
 * field documentation, also pruned to the API versions 1.24 and 1.41 (engine §9).
 */
import { z } from "zod";
import { FIELD_DOC_KEY, type FieldDoc } from "../../meta.js";
import { compareApiVersions } from "../client/api-version.js";
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
    "x-enginekit": {
      type: "object",
      description:
        'enginekit settings of this manifest (manifest-only key), e.g. {apiVersion: "1.41"}: the engine API version the manifest targets.',
      properties: { apiVersion: { type: "string", pattern: "^1\\.(1[2-9]|[23]\\d|4[01])$" } },
      additionalProperties: false,
    },
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

/**
 * The target versions JSON Schemas are also published for (`generated/v<version>/<file>`): the API
 * document's (1.24) and the newest the engine 20.10 serves (1.41). The unversioned files know every field.
 */
export const JSON_SCHEMA_API_VERSIONS = ["1.24", "1.41"] as const;

type Json = Record<string, unknown>;

/** The {@link FieldDoc} of a property's JSON Schema (top level or one `anyOf` level down). */
function docOf(property: Json): FieldDoc | undefined {
  const own = property[FIELD_DOC_KEY] as FieldDoc | undefined;
  if (own) return own;
  for (const alternative of (property.anyOf as Json[] | undefined) ?? []) {
    const doc = alternative[FIELD_DOC_KEY] as FieldDoc | undefined;
    if (doc) return doc;
  }
  return undefined;
}

/** Removes the values of `enum`s (top level or in `anyOf`) that `doc.valuesSince` dates after `version`. */
function pruneValues(property: Json, doc: FieldDoc, version: string): void {
  const later = Object.entries(doc.valuesSince ?? {})
    .filter(([, since]) => compareApiVersions(since, version) > 0)
    .map(([value]) => value);
  if (later.length === 0) return;
  for (const node of [property, ...((property.anyOf as Json[] | undefined) ?? [])]) {
    if (Array.isArray(node.enum)) node.enum = node.enum.filter((value) => !later.includes(value as string));
  }
}

/** Drops, everywhere in a JSON Schema, the properties and enum values added after `version`. */
function pruneToVersion(node: unknown, version: string): void {
  if (Array.isArray(node)) {
    for (const item of node) pruneToVersion(item, version);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const json = node as Json;
  const properties = json.properties as Record<string, Json> | undefined;
  if (properties && typeof properties === "object") {
    for (const [key, property] of Object.entries(properties)) {
      const doc = docOf(property);
      if (doc?.since && compareApiVersions(doc.since, version) > 0) delete properties[key];
      else if (doc) pruneValues(property, doc, version);
    }
  }
  for (const [key, value] of Object.entries(json)) if (key !== FIELD_DOC_KEY) pruneToVersion(value, version);
}

/**
 * Builds one published JSON Schema (a plain JSON object): the request body plus the manifest-only keys.
 * With `apiVersion`, the fields and values a later API version added (`FieldDoc.since`, `valuesSince`)
 * are left out, so an editor validating against it reports them as unknown.
 */
export function buildJsonSchema(file: PublishedJsonSchemaFile, apiVersion?: string): Record<string, unknown> {
  const { schema, title } = PUBLISHED_JSON_SCHEMAS[file];
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  const properties = { ...manifestKeys(file), ...((json.properties as Record<string, unknown>) ?? {}) };
  const built = {
    ...json,
    properties,
    $id: `https://enginekit.dev/schemas/${apiVersion ? `v${apiVersion}/` : ""}${file}`,
    title: apiVersion ? title.replace("v1.24", `v${apiVersion}`) : title.replace("v1.24", "v1.24–v1.41"),
  };
  if (apiVersion) pruneToVersion(built, apiVersion);
  return built;
}

/** Serialises a published JSON Schema exactly as the build writes it (2-space indent, trailing newline). */
export function renderJsonSchema(file: PublishedJsonSchemaFile, apiVersion?: string): string {
  return `${JSON.stringify(buildJsonSchema(file, apiVersion), null, 2)}\n`;
}
