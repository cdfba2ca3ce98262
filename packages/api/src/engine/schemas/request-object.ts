/**
 * Request-side object schemas that report unknown keys (`requestObject`), with a did-you-mean suggestion
 * for the field name, and `toFieldIssues`, which points every zod issue at the offending field with a
 * message naming it (the project's own design, for manifest findings).
 */
import { editDistance } from "@enginekit/text";
import { z } from "zod";

/**
 * Builds a request-side object schema: unknown keys are reported (`z.strictObject`) so a typo in a
 * manifest becomes a finding. The `unrecognized_keys` issue keeps zod's shape (path of the parent object,
 * `keys` listing the unknown keys) and gets the message `Unknown field "Key"` (with a suggestion when a
 * known field is one or two edits away); {@link toFieldIssues} splits it into one issue per key.
 */
export function requestObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? unknownFieldMessage(issue.keys, known) : undefined,
  });
}

/**
 * True when `key` of a parsed request object is present with the value `undefined`: a field the manifest
 * validator set aside as invalid to reach the object's cross-field rules (its extra passes,
 * `@enginekit/manifests` validate-document.ts). A JSON or YAML document cannot hold `undefined`, so this never
 * holds for a body as written. A refinement that gives an absent field a default meaning (no log driver is
 * the daemon's default) must not apply that default to a field that was given but invalid.
 */
export function isSetAside(object: object, key: string): boolean {
  return Object.hasOwn(object, key) && (object as Record<string, unknown>)[key] === undefined;
}

/** `Unknown field "Imagee" (did you mean "Image"?)`; several keys are listed comma-separated. */
export function unknownFieldMessage(keys: readonly string[], known: readonly string[]): string {
  return keys
    .map((key) => {
      const suggestion = closestField(key, known);
      return `Unknown field "${key}"` + (suggestion ? ` (did you mean "${suggestion}"?)` : "");
    })
    .join("; ");
}

/**
 * The known field nearest to `key`: same name in another case, a known name that starts or ends with a key
 * of four or more characters (`Attempts` → `MaxAttempts`), or at most two edits away (optimal string
 * alignment: swapped neighbours count as one edit, `@enginekit/text`).
 * Returns undefined when nothing is close.
 */
export function closestField(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const sameCase = known.find((name) => name.toLowerCase() === lower);
  if (sameCase) return sameCase;
  if (lower.length >= 4) {
    const affix = known.find((name) => {
      const candidate = name.toLowerCase();
      return candidate.endsWith(lower) || candidate.startsWith(lower);
    });
    if (affix) return affix;
  }
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** One validation problem located at the offending field (see {@link toFieldIssues}). */
export interface FieldIssue {
  /** Path from the validated document's root to the offending field (an unknown key's own path). */
  path: (string | number)[];
  /** The message, naming the field, the bound and the unit where there is one. */
  message: string;
  /** zod's issue code (`unrecognized_keys`, `too_small`, `custom`, ...). */
  code: string;
}

/**
 * Flattens zod issues so that every path points at the offending field: an `unrecognized_keys` issue
 * (reported by zod on the parent object) becomes one issue per unknown key with the key appended to the
 * path; an `invalid_key` issue (a record key that fails its schema, e.g. a port key) takes the key schema's
 * message; zod's default type messages are rewritten to name the field (`Tty must be a boolean, not a
 * string`); other issues are kept as they are.
 */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment));
    if (issue.code === "unrecognized_keys" && issue.keys.length > 0) {
      const messages = issue.message.split("; ");
      issue.keys.forEach((key, index) => {
        const message = messages.length === issue.keys.length ? messages[index]! : `Unknown field "${key}"`;
        out.push({ path: [...path, key], message, code: issue.code });
      });
    } else if (issue.code === "invalid_key" && issue.issues[0]) {
      out.push({ path, message: issue.issues[0].message, code: issue.code });
    } else if (issue.code === "invalid_type") {
      out.push({ path, message: typeMessage(path, issue.expected, issue.message), code: issue.code });
    } else {
      out.push({ path, message: issue.message, code: issue.code });
    }
  }
  return out;
}

/**
 * zod's default type message (`Invalid input: expected boolean, received string`) rewritten to name the
 * field: `Tty must be a boolean, not a string`. Custom messages (already naming the field) are kept.
 */
function typeMessage(path: readonly (string | number)[], expected: string, message: string): string {
  const match = /^Invalid input: expected \w+, received (\w+)$/.exec(message);
  if (!match) return message;
  const field = [...path].reverse().find((segment) => typeof segment === "string") ?? "Value";
  if (match[1] === "undefined") return `${field} is required (${withArticle(expected)})`;
  return `${field} must be ${withArticle(expected)}, not ${withArticle(match[1]!)}`;
}

function withArticle(type: string): string {
  if (type === "null" || type === "undefined") return type;
  const nouns: Record<string, string> = { array: "list", record: "map", object: "map", int: "integer" };
  const noun = nouns[type] ?? type;
  return `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
}
