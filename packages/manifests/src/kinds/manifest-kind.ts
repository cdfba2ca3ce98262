/**
 * Manifest kinds (`container`, `service`, `network`, `volume`, `swarm`: the engine API request bodies a file
 * holds, engine §2.1, §4.5–§4.10) and how a file name, `$schema` value or `kind` value names one.
 */
import type { ManifestFormat } from "../tree/manifest-document.js";

/**
 * The kinds of manifest: which engine API request body a file holds (engine API v1.24).
 * - `container` — `POST /containers/create` body (§2.1, §2.2), plus an optional top-level `Name`;
 * - `service` — `POST /services/create` service spec (§4.10);
 * - `network` — `POST /networks/create` body (§4.6);
 * - `volume` — `POST /volumes/create` body (§4.5);
 * - `swarm` — `POST /swarm/init` body (§4.9).
 */
export type ManifestKind = "container" | "service" | "network" | "volume" | "swarm";

/** Every kind, in documentation order. */
export const MANIFEST_KINDS: readonly ManifestKind[] = ["container", "service", "network", "volume", "swarm"];

/** What each kind is, for messages and docs. */
export const KIND_DESCRIPTIONS: Record<ManifestKind, string> = {
  container: "container create body (POST /containers/create)",
  service: "service spec (POST /services/create)",
  network: "network create body (POST /networks/create)",
  volume: "volume create body (POST /volumes/create)",
  swarm: "swarm init body (POST /swarm/init)",
};

/**
 * File names of the JSON Schemas `@enginekit/api` exports for each kind (`$schema` values ending in one of
 * these select the kind). Several names are accepted where the request has two common names.
 */
export const SCHEMA_FILE_NAMES: Record<ManifestKind, readonly string[]> = {
  container: ["container-create.schema.json"],
  service: ["service-spec.schema.json", "service-create.schema.json"],
  network: ["network-create.schema.json"],
  volume: ["volume-create.schema.json"],
  swarm: ["swarm-init.schema.json"],
};

const FILE_NAME = /\.(container|service|network|volume|swarm)\.(ya?ml|json)$/i;

/** The base name of a path or URL (after the last `/` or `\`). */
function baseName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
}

/**
 * The kind a file name gives: `web.container.yaml` → `container`, `api.service.json` → `service`
 * (case-insensitive; extensions `.yaml`, `.yml`, `.json`). `undefined` for any other name.
 */
export function kindFromFileName(fileName: string): ManifestKind | undefined {
  const match = FILE_NAME.exec(baseName(fileName));
  return match ? (match[1]!.toLowerCase() as ManifestKind) : undefined;
}

/** The kind a `$schema` value selects (a path or URL whose file name is in {@link SCHEMA_FILE_NAMES}). */
export function kindFromSchemaReference(reference: string): ManifestKind | undefined {
  const name = baseName(reference.split(/[?#]/)[0] ?? "").toLowerCase();
  return MANIFEST_KINDS.find((kind) => SCHEMA_FILE_NAMES[kind].includes(name));
}

/** A `kind` value (`container`, `Service`, …; case-insensitive) as a {@link ManifestKind}. */
export function parseKind(value: string): ManifestKind | undefined {
  const lower = value.trim().toLowerCase();
  return MANIFEST_KINDS.find((kind) => kind === lower);
}

/**
 * The format of a file: `.json` → JSON, `.yaml`/`.yml` → YAML; otherwise JSON when the first non-blank
 * character is `{` or `[` (JSON is also YAML, but JSON's stricter reader gives better messages), else YAML.
 */
export function formatOf(fileName: string | undefined, text: string): ManifestFormat {
  const name = fileName ? baseName(fileName).toLowerCase() : "";
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".yaml") || name.endsWith(".yml")) return "yaml";
  return /^\s*[{[]/.test(text) ? "json" : "yaml";
}
