/**
 * The `json-form-malformed` rule: Malformed exec form.
 * Its metadata is its documentation (`docs/rules/json-form-malformed.md`, `enginekit lint --explain
 * json-form-malformed`).
 * Same check elsewhere: dockerfile-utils JSON_IN_SINGLE_QUOTES.
 */
import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "json-form-malformed",
    name: "Malformed exec form",
    description:
      "Arguments that look like a JSON array but are not valid JSON, so they run as a shell command.",
    severity: "error",
    fix: "sometimes",
    docs: `RUN, CMD, ENTRYPOINT, SHELL, COPY, ADD, VOLUME and HEALTHCHECK CMD take exec form only when the
arguments are a valid JSON array of strings. Anything else — single quotes, a trailing comma, a missing
quote — silently becomes shell form: \`CMD ['nginx']\` runs \`/bin/sh -c "['nginx']"\` and fails at run time.
The quick fix rewrites single quotes to double quotes when that makes valid JSON.`,
    peers: ["dockerfile-utils JSON_IN_SINGLE_QUOTES"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nCMD ['nginx', '-g', 'daemon off;']\n" },
      { kind: "valid", code: 'FROM alpine:3.20\nCMD ["nginx", "-g", "daemon off;"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      if (!("form" in ins) || ins.form !== "shell") continue;
      const range = ins.kind === "healthcheck" ? ins.command[0]?.range : ins.argumentsRange;
      // only arguments starting with "[" can look like exec form (checked before slicing the text)
      if (!range || file.text.charCodeAt(range.start.offset) !== 91) continue;
      const raw = file.text.slice(range.start.offset, ins.argumentsRange.end.offset).trimEnd();
      if (!raw.startsWith("[") || !raw.endsWith("]")) continue;
      const at = file.lines.range(range.start.offset, range.start.offset + raw.length);
      const doubled = raw.includes("'") && !raw.includes('"') ? raw.replaceAll("'", '"') : undefined;
      const fixable = doubled !== undefined && isStringArray(doubled);
      out.push({
        range: at,
        message: `This looks like exec form but is not a valid JSON array of strings${raw.includes("'") ? " (JSON needs double quotes)" : ""}; it runs as a shell command.`,
        ...(fixable && doubled
          ? { fix: { title: "Use double quotes", edits: [file.replace(at, doubled)] } }
          : {}),
      });
    }
    return out;
  },
);

function isStringArray(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === "string");
  } catch {
    return false;
  }
}
