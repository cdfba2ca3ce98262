/**
 * Secret references (ARCHITECTURE.md "Names"): `svc:<mount>/<path>#<field>` names field `<field>` of the
 * secret at `<mount>/<path>` on the secrets service. The mount is the first segment of the location as
 * written; on a KV version 2 mount the location must include `data/` after the mount path (secrets §4
 * rule 5; secrets-anchors §2.2, §4), e.g. `svc:secret/data/app/db#password`.
 */
export const SECRET_REFERENCE_PREFIX = "svc:";

/** Characters allowed in a location segment and in a field name. */
const NAME_CHAR = /[A-Za-z0-9._-]/;
/** Characters that end a reference inside a longer string (besides whitespace). */
const TERMINATORS = new Set(['"', "'", "`", ",", ";", ")", "]", "}", ">", "<", "|", "&"]);

/** A syntax problem of one reference, with its span in the reference text (`svc:` is at 0). */
interface ReferenceProblem {
  message: string;
  start: number;
  end: number;
}

/** A reference as parsed from a string, with offsets into that string. */
export interface ParsedReference {
  /** The whole reference text, `svc:` included. */
  text: string;
  /** Offset of `svc:` in the string. */
  start: number;
  /** Offset just after the reference. */
  end: number;
  /** Everything between `svc:` and `#` (mount and path), e.g. `secret/data/app/db`. */
  location: string;
  /** The first segment of the location, e.g. `secret`. */
  mount: string;
  /** The location after the mount, e.g. `data/app/db`. */
  path: string;
  /** The field after `#`; empty when missing. */
  field: string;
  problems: ReferenceProblem[];
}

function isBoundary(char: string | undefined): boolean {
  return char === undefined || !/[A-Za-z0-9_-]/.test(char);
}

/**
 * Finds and parses every secret reference in a string value: `svc:` at the start of the string or after a
 * character that cannot be part of a word (so `KEY=svc:…` and `--password=svc:…` work, `mysvc:` does not),
 * up to whitespace, a quote or one of `,;)]}<>|&`. Syntax problems (empty path, missing `#field`, bad
 * characters, a segment ending in `.` — which the service answers with 404, secrets §4) are listed with
 * their spans. Pure; never throws.
 */
export function parseSecretReferences(value: string): ParsedReference[] {
  const references: ParsedReference[] = [];
  let from = 0;
  for (;;) {
    const start = value.indexOf(SECRET_REFERENCE_PREFIX, from);
    if (start < 0) break;
    from = start + SECRET_REFERENCE_PREFIX.length;
    if (!isBoundary(value[start - 1])) continue;
    let end = from;
    while (end < value.length && !/\s/.test(value[end]!) && !TERMINATORS.has(value[end]!)) end++;
    references.push(parseOne(value.slice(start, end), start));
    from = end;
  }
  return references;
}

function parseOne(text: string, start: number): ParsedReference {
  const body = SECRET_REFERENCE_PREFIX.length;
  const hash = text.indexOf("#");
  const location = text.slice(body, hash < 0 ? text.length : hash);
  const field = hash < 0 ? "" : text.slice(hash + 1);
  const slash = location.indexOf("/");
  const mount = slash < 0 ? location : location.slice(0, slash);
  const path = slash < 0 ? "" : location.slice(slash + 1);
  const problems: ReferenceProblem[] = [];
  const whole = { start: 0, end: text.length };
  if (location.length === 0) {
    problems.push({
      message: "Secret reference has no mount and path (svc:<mount>/<path>#<field>).",
      ...whole,
    });
  } else if (location.startsWith("/")) {
    problems.push({
      message: "Secret reference must not start with '/': write svc:<mount>/<path>.",
      start: body,
      end: body + 1,
    });
  } else if (path.replace(/\/+$/, "").length === 0) {
    problems.push({
      message: `Secret reference names the mount "${mount}" but no path after it (svc:<mount>/<path>#<field>).`,
      start: body,
      end: body + location.length,
    });
  }
  let offset = body;
  for (const segment of location.split("/")) {
    if (segment.length === 0 && offset !== body && offset < body + location.length) {
      problems.push({
        message: "Secret reference has an empty path segment ('//').",
        start: offset - 1,
        end: offset,
      });
    }
    if (segment.endsWith(".")) {
      problems.push({
        message: `Path segment "${segment}" ends in '.', which the secrets service rejects (secrets API §4).`,
        start: offset,
        end: offset + segment.length,
      });
    }
    offset += segment.length + 1;
  }
  for (let i = 0; i < location.length; i++) {
    const char = location[i]!;
    if (char !== "/" && !NAME_CHAR.test(char)) {
      problems.push({
        message: `Character ${JSON.stringify(char)} is not allowed in a secret path.`,
        start: body + i,
        end: body + i + 1,
      });
    }
  }
  if (hash < 0) {
    problems.push({
      message: "Secret reference has no field: add #<field> (svc:<mount>/<path>#<field>).",
      ...whole,
    });
  } else if (field.length === 0) {
    problems.push({ message: "Secret reference has an empty field after '#'.", start: hash, end: hash + 1 });
  } else {
    for (let i = 0; i < field.length; i++) {
      const char = field[i]!;
      if (!NAME_CHAR.test(char)) {
        problems.push({
          message: `Character ${JSON.stringify(char)} is not allowed in a field name.`,
          start: hash + 1 + i,
          end: hash + 2 + i,
        });
      }
    }
  }
  return { text, start, end: start + text.length, location, mount, path, field, problems };
}
