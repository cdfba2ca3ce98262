/**
 * A query parameter value: strings and numbers as is; booleans as `1`/`0` (engine §1 `bool`); arrays repeat
 * the key (`t=a&t=b`); plain objects are JSON-encoded (engine §1 `filters`, `buildargs`, `labels`);
 * `undefined`/`null` omit the key.
 */
export type QueryValue = string | number | boolean | readonly string[] | object | undefined | null;

/** A map of query parameters (see {@link QueryValue}). */
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * Encodes `params` as a query string with a leading `?`, or `""` when no key remains.
 * Filters (engine §1): `{ label: ["a=b"] }` is sent as `filters={"label":["a=b"]}` — pass the map of arrays.
 */
export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return "";
  let out = "";
  for (const key in params) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) out += `${out ? "&" : "?"}${key}=${encodeURIComponent(String(item))}`;
      continue;
    }
    out += `${out ? "&" : "?"}${key}=${encodeURIComponent(encodeScalar(value))}`;
  }
  return out;
}

function encodeScalar(value: Exclude<QueryValue, undefined | null | readonly string[]>): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      return String(value);
    case "boolean":
      return value ? "1" : "0";
    default:
      return JSON.stringify(value);
  }
}
