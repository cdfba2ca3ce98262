import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { LintConfigSchema } from "../src/config/schema.js";
import { renderFindingCodesTable } from "../src/docs/manifest-checks-table.js";
import { renderRuleDoc, renderRuleIndex } from "../src/docs/rule-doc.js";
import { RULES } from "../src/rules/registry.js";

/**
 * Generated files are committed and must be current. Regenerate with
 * `UPDATE_GENERATED=1 ../../node_modules/.bin/vitest run test/generated-files.test.ts` (package script `generate`).
 */
const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const docsDir = join(packageDir, "..", "..", "docs", "rules");
const update = process.env.UPDATE_GENERATED === "1";

function check(path: string, expected: string): void {
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, expected);
  }
  expect(existsSync(path), `${path} is missing: run the generate script`).toBe(true);
  expect(readFileSync(path, "utf8"), `${path} is stale: run the generate script`).toBe(expected);
}

describe("generated rule documentation (docs/rules)", () => {
  test("one page per rule, current with the metadata and the examples' findings", () => {
    for (const rule of RULES) check(join(docsDir, `${rule.meta.id}.md`), renderRuleDoc(rule));
    check(join(docsDir, "README.md"), renderRuleIndex());
  });

  test("every page shows a reported example with its findings, but for rules only configuration triggers", () => {
    // internal-error reports the linter's own failures; two act only on settings an example cannot state
    // (`--no-inline-suppressions`, `--trusted-registry`); online rules need a secrets service.
    const online = RULES.filter((r) => r.meta.online).map((r) => r.meta.id);
    const configurationOnly = [
      "healthcheck-missing", // off by default, as in hadolint
      // Compose rules off by default (a policy, not a fault; see each page)
      "compose/build-and-image",
      "compose/cap-drop-all",
      "compose/image-digest",
      "compose/no-new-privileges",
      "compose/project-name",
      "compose/quoted-volume",
      "compose/read-only",
      "compose/resource-limits",
      "ignore-pattern-unmatched", // needs a build context to list
      "label-empty", // the label rules act only with a labelSchema
      "label-required",
      "label-superfluous",
      "label-value-format",
      "shellcheck", // needs the shellcheck executable
      "internal-error",
      "suppression-forbidden",
      "trusted-registry",
      "unconfigured-build-secret", // acts only with build.secrets
      ...online,
    ].sort();
    const withoutReported = RULES.filter(
      (r) => !/\n## Reported[^\n]*\n[\s\S]*?\n```text\n\d+:\d+ /.test(renderRuleDoc(r)),
    );
    expect(withoutReported.map((r) => r.meta.id).sort()).toEqual(configurationOnly);
  });

  test("no page for a rule that no longer exists", () => {
    const pages = (dir: string, prefix = ""): string[] =>
      readdirSync(join(docsDir, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? pages(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
      );
    const expected = new Set([...RULES.map((r) => `${r.meta.id}.md`), "README.md"]);
    expect(pages("").filter((p) => !expected.has(p))).toEqual([]);
  });
});

test("docs/manifests.md's findings table is generated from FINDING_CODES and BODY_CHECKS", () => {
  const path = join(packageDir, "..", "..", "docs", "manifests.md");
  const text = readFileSync(path, "utf8");
  const begin =
    "<!-- generated from FINDING_CODES and BODY_CHECKS by packages/lint/test/generated-files.test.ts -->\n";
  const end = "<!-- end generated -->";
  const from = text.indexOf(begin);
  const to = text.indexOf(end, from);
  expect(from >= 0 && to > from, `${path} lacks the generated findings table's markers`).toBe(true);
  check(path, `${text.slice(0, from + begin.length)}${renderFindingCodesTable()}${text.slice(to)}`);
});

test("schemas/enginekit-config.schema.json is generated from the zod schema", () => {
  const schema = z.toJSONSchema(LintConfigSchema, { target: "draft-2020-12" }) as unknown as {
    properties: { rules: { propertyNames?: unknown } };
  };
  // editors complete rule ids: the schema lists them (the loader checks them too, with a location)
  schema.properties.rules.propertyNames = { enum: RULES.map((r) => r.meta.id) };
  check(
    join(packageDir, "schemas", "enginekit-config.schema.json"),
    `${JSON.stringify({ ...schema, title: ".enginekit.yaml" }, null, 2)}\n`,
  );
});
