#!/usr/bin/env node
/**
 * Build step of @enginekit/api: writes the published JSON Schemas (generated from the zod schemas with
 * z.toJSONSchema, see src/engine/schemas/json-schema.ts) into generated/ (every known field) and
 * generated/v<version>/ for each target version of JSON_SCHEMA_API_VERSIONS. Runs after tsc, on dist/.
 * Usage: node scripts/generate-json-schemas.js   (exit 1 with a message when dist/ is missing)
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(packageDir, "generated");

let schemas;
try {
  schemas = await import(join(packageDir, "dist", "engine", "schemas", "json-schema.js"));
} catch (error) {
  console.error(
    `generate-json-schemas: cannot load dist/ (run tsc -p tsconfig.build.json first): ${error.message}`,
  );
  process.exit(1);
}

// generated/<file>: every known field; generated/v<version>/<file>: what an engine at that version accepts.
for (const version of [undefined, ...schemas.JSON_SCHEMA_API_VERSIONS]) {
  const folder = version ? join(outDir, `v${version}`) : outDir;
  await mkdir(folder, { recursive: true });
  for (const file of Object.keys(schemas.PUBLISHED_JSON_SCHEMAS)) {
    const target = join(folder, file);
    const temporary = `${target}.tmp`;
    await writeFile(temporary, schemas.renderJsonSchema(file, version));
    await rename(temporary, target);
    console.log(`generate-json-schemas: wrote generated/${version ? `v${version}/` : ""}${file}`);
  }
}
