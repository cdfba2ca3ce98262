#!/usr/bin/env node
/**
 * Build step of @enginekit/api: writes the published JSON Schemas (generated from the zod schemas with
 * z.toJSONSchema, see src/engine/schemas/json-schema.ts) into generated/. Runs after tsc, on dist/.
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

await mkdir(outDir, { recursive: true });
for (const file of Object.keys(schemas.PUBLISHED_JSON_SCHEMAS)) {
  const target = join(outDir, file);
  const temporary = `${target}.tmp`;
  await writeFile(temporary, schemas.renderJsonSchema(file));
  await rename(temporary, target);
  console.log(`generate-json-schemas: wrote generated/${file}`);
}
