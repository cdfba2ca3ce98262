/**
 * The engine API version a manifest targets (docs/manifests.md "API versions"): the document's own
 * `x-enginekit: {apiVersion: "1.41"}` key, else the caller's (`.enginekit.yaml` `apiVersion`,
 * `enginekit lint --api-version`, the editor's setting), else {@link DEFAULT_MANIFEST_API_VERSION}.
 * The key is never sent to the engine and never reported as unknown.
 */
import type { Finding } from "../findings.js";
import type { LocatedNode } from "../tree/located-node.js";

/** The version manifests target when nothing says otherwise: the API document's (engine API v1.24). */
export const DEFAULT_MANIFEST_API_VERSION = "1.24";

/** The oldest and newest versions a target may name: the range Debian's docker.io 20.10 serves. */
export const MANIFEST_API_VERSIONS = { min: "1.12", max: "1.41" } as const;

/** The top-level key holding per-document enginekit settings. */
export const SETTINGS_KEY = "x-enginekit";

const VERSION = /^1\.(\d{1,2})$/;

/** True when `version` is `1.N` within {@link MANIFEST_API_VERSIONS}. */
export function isManifestApiVersion(version: string): boolean {
  const minor = Number(VERSION.exec(version)?.[1] ?? Number.NaN);
  return minor >= 12 && minor <= 41;
}

/**
 * The document's target version: `x-enginekit.apiVersion` when valid, else `fallback`. An invalid
 * `x-enginekit` value is a `manifest/invalid-value` finding at the value.
 */
export function targetVersion(
  root: LocatedNode,
  fallback: string,
  document: number,
): { apiVersion: string; findings: Finding[] } {
  if (root.kind !== "object") return { apiVersion: fallback, findings: [] };
  const settings = root.properties.filter((p) => p.key === SETTINGS_KEY).pop()?.value;
  if (!settings) return { apiVersion: fallback, findings: [] };
  const invalid = (node: LocatedNode, message: string) => ({
    apiVersion: fallback,
    findings: [
      {
        code: "manifest/invalid-value" as const,
        message,
        severity: "error" as const,
        range: node.range,
        path: [SETTINGS_KEY, ...(node === settings ? [] : ["apiVersion"])],
        document,
      },
    ],
  });
  if (settings.kind !== "object")
    return invalid(settings, `${SETTINGS_KEY} must be an object such as {apiVersion: "1.41"}.`);
  const version = settings.properties.filter((p) => p.key === "apiVersion").pop()?.value;
  if (!version) return { apiVersion: fallback, findings: [] };
  if (
    version.kind !== "scalar" ||
    typeof version.value !== "string" ||
    !isManifestApiVersion(version.value)
  ) {
    return invalid(
      version,
      `${SETTINGS_KEY}.apiVersion must be an engine API version between ${MANIFEST_API_VERSIONS.min} and ${MANIFEST_API_VERSIONS.max} written as a string, e.g. "1.41".`,
    );
  }
  return { apiVersion: version.value, findings: [] };
}
