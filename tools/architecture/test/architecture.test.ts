/**
 * The architecture's rules, checked on the sources so they stay true (docs/architecture.md "Dependency
 * rules", read from that table): which workspace package may import which (and, where the rule says so, only which light
 * entry), that every such import is a declared dependency, that `packages/` never reaches into `tools/`,
 * and that no package has an import cycle among its own modules (type-only imports aside).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { sourceFiles } from "./source-files.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const packagesDir = join(repo, "packages");

/** `"any"`: the whole package; a list: only these light entries (`@enginekit/<pkg>/<entry>`). */
type Allowance = "any" | readonly string[];

/**
 * The table of docs/architecture.md "Dependency rules", read from the document itself so the two cannot
 * drift: one row per package, `| \`pkg\` | may depend on |`. In the second cell every backticked package
 * name allows that package; a backticked `pkg/entry` restricts the package to the light entries named.
 */
function readRules(): Record<string, Record<string, Allowance>> {
  const doc = readFileSync(join(repo, "docs", "architecture.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Dependency rules"));
  const known = new Set(readdirSync(packagesDir));
  const rules: Record<string, Record<string, Allowance>> = {};
  for (const row of section.matchAll(/^\| `([a-z-]+)` \| (.*) \|$/gm)) {
    const allowed: Record<string, string[] | "any"> = {};
    for (const [, token] of row[2]!.matchAll(/`([^`]+)`/g)) {
      const [target, entry] = token!.split("/");
      if (!known.has(target!)) continue;
      if (entry === undefined) allowed[target!] ??= "any";
      else {
        const entries = allowed[target!];
        allowed[target!] = entries === undefined || entries === "any" ? [entry] : [...entries, entry];
      }
    }
    rules[row[1]!] = allowed;
  }
  return rules;
}

const RULES = readRules();

/**
 * Module specifiers of `import … from`, `export … from`, `import "…"` and `import(…)`, with whether the
 * import is type-only.
 */
function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const out: { specifier: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm)) {
    const clause = m[3] ?? "";
    const onlyTypeNames =
      /^\{[^}]*\}$/.test(clause) &&
      clause
        .slice(1, -1)
        .split(",")
        .every((n) => /^\s*(type\s|$)/.test(n));
    out.push({ specifier: m[4]!, typeOnly: m[2] !== undefined || onlyTypeNames });
  }
  for (const m of text.matchAll(/^\s*import\s*["']([^"']+)["']/gm))
    out.push({ specifier: m[1]!, typeOnly: false });
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g))
    out.push({ specifier: m[1]!, typeOnly: false });
  return out;
}

const packages = readdirSync(packagesDir).filter((p) => statSync(join(packagesDir, p, "src")).isDirectory());

test("every package is in the dependency table", () => {
  expect(packages.sort()).toEqual(Object.keys(RULES).sort());
});

describe.each(packages)("packages/%s", (pkg) => {
  const files = sourceFiles(join(packagesDir, pkg, "src"));
  const manifest = JSON.parse(readFileSync(join(packagesDir, pkg, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };

  test("imports only the workspace packages (and light entries) its rule allows, each a declared dependency", () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const { specifier } of importsOf(readFileSync(file, "utf8"))) {
        const where = `${relative(repo, file)}: ${specifier}`;
        if (
          specifier.includes("/tools/") ||
          /^@enginekit\/(engine-tools|bench|architecture|manifest-differential)\b/.test(specifier)
        ) {
          wrong.push(`${where} (packages never import tools/)`);
          continue;
        }
        const m = /^@enginekit\/([a-z-]+)(?:\/([a-z-]+))?$/.exec(specifier);
        if (!m) continue;
        const [, target, entry] = m;
        const allowance = RULES[pkg]?.[target!];
        if (allowance === undefined) wrong.push(`${where} (not allowed)`);
        else if (allowance !== "any" && !allowance.includes(entry ?? ""))
          wrong.push(`${where} (only ${allowance.join(", ")})`);
        if (!manifest.dependencies?.[`@enginekit/${target}`])
          wrong.push(`${where} (not in package.json dependencies)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("has no import cycle among its modules (type-only imports aside)", () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const edges = importsOf(readFileSync(file, "utf8"))
        .filter((i) => !i.typeOnly && i.specifier.startsWith("."))
        .map((i) => resolve(dirname(file), i.specifier).replace(/\.js$/, ".ts"))
        .filter((target) => target !== file);
      graph.set(file, edges);
    }
    // Tarjan's strongly connected components: any component of two or more modules is a cycle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next);
      next++;
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(relative(repo, w));
        } while (w !== v);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});
