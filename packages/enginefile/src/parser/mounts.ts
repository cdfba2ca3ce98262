import type { Range } from "@enginekit/text";
import type { Flag, Mount, MountOption } from "../ast/nodes.js";

/**
 * Splits a `--mount` value into comma-separated options the way BuildKit's CSV reader does (double
 * quotes group commas) and reads `type` (default `bind`). `rangeOf(start, end)` maps offsets in the
 * value to a source range.
 */
export function parseMount(flag: Flag, rangeOf: (start: number, end: number) => Range): Mount {
  const value = flag.value ?? "";
  const options: MountOption[] = [];
  let start = 0;
  let inQuote = false;
  let field = "";
  for (let i = 0; i <= value.length; i++) {
    const c = value[i];
    if (i === value.length || (c === "," && !inQuote)) {
      if (field.length > 0 || i > start) {
        const eq = field.indexOf("=");
        options.push({
          key: (eq < 0 ? field : field.slice(0, eq)).trim().toLowerCase(),
          value: eq < 0 ? undefined : field.slice(eq + 1),
          range: rangeOf(start, i),
        });
      }
      field = "";
      start = i + 1;
      continue;
    }
    if (c === '"') {
      inQuote = !inQuote;
      continue;
    }
    field += c;
  }
  const type = options.find((o) => o.key === "type")?.value ?? "bind";
  return { type, options, flag };
}
