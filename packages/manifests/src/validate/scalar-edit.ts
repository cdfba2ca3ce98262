/**
 * `stringSource`: the source text of a string value replacing a scalar, in the scalar's own quoting.
 */
import type { LocatedScalar } from "../tree/located-node.js";

const PLAIN_SAFE = /^[A-Za-z0-9_./-][A-Za-z0-9_./ -]*$/;
const YAML_RESERVED =
  /^(?:true|false|null|yes|no|on|off|y|n|~|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?|0x[0-9a-f]+|0o[0-7]+|\.inf|\.nan)$/i;

/**
 * Source text for a string value replacing `scalar`: JSON keeps double quotes; YAML keeps the scalar's
 * quoting when it was quoted, and writes plain text when that reads back as the same string.
 */
export function stringSource(scalar: LocatedScalar, value: string): string {
  if (
    scalar.style === "plain" &&
    PLAIN_SAFE.test(value) &&
    !YAML_RESERVED.test(value) &&
    !value.endsWith(" ")
  ) {
    return value;
  }
  if (scalar.style === "single-quoted" && !value.includes("\n")) return `'${value.replaceAll("'", "''")}'`;
  return JSON.stringify(value);
}
