/**
 * The table of every bounded field of the engine's request bodies, generated for the `manifest/limit` rule
 * page from the api schemas' field documentation (`FieldDoc.bounds` beside the check in
 * `@enginekit/api` `limits.ts`): the bounds are written once, so the page cannot drift from the checks.
 */
import { documentedFields, ENGINE_KIND_SCHEMAS } from "@enginekit/manifests";
import { z } from "zod";

/** The JSON Schema keywords {@link checkedBounds} reads (zod's `toJSONSchema` output). */
interface NumberSchema {
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  anyOf?: NumberSchema[];
  type?: string;
}

/** The bounds of a safe integer that every integer field carries; not a bound of the field itself. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** One alternative of a numeric check in words: `0`, `10–1000`, `≥ 6291456`, `≤ 100`, `at most 63 characters`. */
function alternative(s: NumberSchema): string | undefined {
  if (s.const !== undefined) return JSON.stringify(s.const);
  const min = s.minimum !== undefined && s.minimum !== -SAFE ? s.minimum : undefined;
  const max = s.maximum !== undefined && s.maximum !== SAFE ? s.maximum : undefined;
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min}–${max}`;
  if (min !== undefined) return `≥ ${min}`;
  if (max !== undefined) return `≤ ${max}`;
  if (s.exclusiveMinimum !== undefined) return `> ${s.exclusiveMinimum}`;
  if (s.exclusiveMaximum !== undefined) return `< ${s.exclusiveMaximum}`;
  if (s.maxLength !== undefined) return `at most ${s.maxLength} characters`;
  return undefined;
}

/**
 * What the schema itself checks, read from its JSON Schema (so it cannot differ from the check): the
 * alternatives of an `anyOf` joined by "or", a `null` alternative left out. Empty when the bound is checked
 * across fields or by the manifest checks (`@enginekit/manifests` engine advisories) rather than by the
 * field's own schema; the documented bounds then say it.
 */
function checkedBounds(schema: z.ZodType): string {
  let json: NumberSchema;
  try {
    json = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as NumberSchema;
  } catch {
    return "";
  }
  const options = (json.anyOf ?? [json]).filter((o) => o.type !== "null");
  const parts: string[] = [];
  for (const option of options) {
    const own = alternative(option);
    const nested = option.anyOf?.map(alternative).filter((p) => p !== undefined) ?? [];
    if (nested.length > 0) parts.push(...nested);
    else if (own !== undefined) parts.push(own);
  }
  return parts.join(", or ");
}

/**
 * Markdown: one row per bounded field of each manifest kind — kind, field path, the bounds the schema
 * checks (from its JSON Schema), the bounds as documented beside the check, and the unit.
 */
export function renderEngineBoundsTable(): string {
  let out = "| Kind | Field | Checked | Documented | Unit |\n|---|---|---|---|---|\n";
  for (const [kind, { body }] of Object.entries(ENGINE_KIND_SCHEMAS)) {
    for (const { path, doc, schema } of documentedFields(body)) {
      if (doc.bounds === undefined) continue;
      const cell = (text: string) => text.replaceAll("|", "\\|");
      out += `| ${kind} | \`${path}\` | ${cell(checkedBounds(schema))} | ${cell(doc.bounds)} | ${doc.unit ?? ""} |\n`;
    }
  }
  return out;
}
