/**
 * `secretOnlineFindings`: the online checks of a manifest's secret references (those of
 * `enginekit lint --online`), read through the secrets service's cache.
 */
import type { SecretsClient } from "@enginekit/api";
import type { AnalyzedManifest } from "@enginekit/lint";
import {
  checkSecretReferences,
  type Finding as ManifestFinding,
  type SecretsReader,
} from "@enginekit/manifests";
import type { SecretsService } from "../../secrets/secrets-service.js";

/**
 * The online findings of a manifest's references (setting `online`, the checks of `enginekit lint
 * --online`: `secret-ref/not-found`, `field-not-found`, `kv2-path`, `forbidden`, `unreachable`). They
 * read through the service's cache (TTL, coalescing, timeout) and keep only field names and the deleted
 * flag; lookup errors reach the checker, which reports them as findings. Never rejects.
 */
export async function secretOnlineFindings(
  service: SecretsService,
  manifest: AnalyzedManifest,
): Promise<ManifestFinding[]> {
  const refs = manifest.check.documents.flatMap((d) => d.references);
  if (refs.length === 0) return [];
  let client: SecretsClient;
  try {
    client = await service.clientOrThrow();
  } catch (error) {
    service.report(error);
    return [];
  }
  const reader: SecretsReader = {
    mount: (path) => service.cached(`mount:${path}`, (signal) => client.kv.mount(path, { signal })),
    read: async (path) => {
      const shape = await service.cached(`shape:${path}`, (signal) => service.shapeOf(path, signal, client));
      if (shape === null) return undefined;
      return {
        data: shape.deleted ? null : Object.fromEntries(shape.fields.map((f) => [f, ""])),
        deleted: shape.deleted,
      };
    },
  };
  return checkSecretReferences(refs, reader, { text: manifest.text, lines: manifest.check.lines });
}
