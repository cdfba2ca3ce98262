/**
 * The generated rule documentation: `renderRuleDoc` writes one rule's Markdown page (`docs/rules/<id>.md`,
 * `enginekit lint --explain`) from its metadata with the findings of its examples computed now, and
 * `renderRuleIndex` the index `docs/rules/README.md` (the project's own design, checked by the
 * generated-files test).
 */
import { type FixAvailability, kindOfRule, type Rule, type RuleExample } from "../model/rule.js";
import { peerNamesOf, RULES } from "../rules/registry.js";
import { lintText } from "../runner/lint-document.js";
import { DEFAULT_SETTINGS } from "../runner/settings.js";
import { renderEngineBoundsTable } from "./bounds-table.js";
import { exampleContext } from "./example-context.js";
import { renderManifestChecksTable } from "./manifest-checks-table.js";

const EXAMPLE_FILE = {
  enginefile: "Enginefile",
  manifest: "example.container.yaml",
  ignorefile: ".engineignore",
  compose: "compose.yaml",
};
const APPLIES_TO = {
  any: "any file",
  enginefile: "Enginefiles",
  manifest: "manifests",
  ignorefile: "ignore files",
  compose: "Compose files",
};
const LANGUAGE = {
  any: "dockerfile",
  enginefile: "dockerfile",
  manifest: "yaml",
  ignorefile: "gitignore",
  compose: "yaml",
};

function exampleFindings(rule: Rule, example: RuleExample): string[] {
  const kind = kindOfRule(rule);
  const name = example.fileName ?? EXAMPLE_FILE[kind];
  const settings = {
    ...DEFAULT_SETTINGS,
    enginefile: { ...DEFAULT_SETTINGS.enginefile, ...exampleContext(example) },
  };
  return lintText(example.code, kind, name, settings)
    .filter((f) => f.ruleId === rule.meta.id)
    .map((f) => `${f.range.start.line + 1}:${f.range.start.character + 1}  ${f.severity}  ${f.message}`);
}

/**
 * Sections of a rule page generated from the single source of truth rather than written in the rule's
 * `docs`: the bounds of `manifest/limit` come from the api schemas' field documentation, beside each check;
 * the checks across fields of the manifest codes from the manifests package's checks (one file each).
 */
const GENERATED_SECTIONS: Readonly<Record<string, readonly { title: string; render: () => string }[]>> = {
  "manifest/limit": [
    { title: "Bounds checked", render: renderEngineBoundsTable },
    { title: "Checks across fields", render: () => renderManifestChecksTable("manifest/limit") },
  ],
  "manifest/constraint": [
    { title: "Checks across fields", render: () => renderManifestChecksTable("manifest/constraint") },
  ],
  "manifest/ignored-value": [
    { title: "Checks", render: () => renderManifestChecksTable("manifest/ignored-value") },
  ],
};

/** The quick-fix cell of a rule page (Ruff's fix availability). */
const FIX_TEXT: Record<FixAvailability, string> = {
  always: "always",
  sometimes: "sometimes",
  never: "no",
};

/**
 * The Markdown page of one rule (`docs/rules/<id>.md`, `enginekit lint --explain <id>`), generated from
 * its metadata; each invalid example is followed by what the linter reports on it, computed now, so the
 * page cannot drift from the rule.
 */
export function renderRuleDoc(rule: Rule): string {
  const m = rule.meta;
  const lang = LANGUAGE[m.appliesTo];
  let out = `# ${m.id}\n\n${m.name}. ${m.description}\n\n`;
  out += `| Default severity | Applies to | Quick fix |${m.online ? " Online |" : ""}\n|---|---|---|${m.online ? "---|" : ""}\n`;
  out += `| ${m.severity} | ${APPLIES_TO[m.appliesTo]} | ${FIX_TEXT[m.fix]} |${m.online ? " yes (`--online`) |" : ""}\n\n`;
  out += `${m.docs.trim()}\n`;
  for (const section of GENERATED_SECTIONS[m.id] ?? []) out += `\n## ${section.title}\n\n${section.render()}`;
  for (const ex of m.examples) {
    out += `\n## ${ex.kind === "invalid" ? "Reported" : "Not reported"}${ex.fileName ? ` (\`${ex.fileName}\`)` : ""}\n\n`;
    if (ex.engineignore !== undefined)
      out += `With this \`.engineignore\` beside the Enginefile:\n\n\`\`\`text\n${ex.engineignore.trimEnd()}\n\`\`\`\n\n`;
    out += `\`\`\`${lang}\n${ex.code.trimEnd()}\n\`\`\`\n`;
    if (ex.kind === "invalid") {
      const found = exampleFindings(rule, ex);
      if (found.length > 0) out += `\n\`\`\`text\n${found.join("\n")}\n\`\`\`\n`;
    }
  }
  if (m.peers && m.peers.length > 0)
    out += `\n## Same idea elsewhere\n\n${m.peers.map((p) => `- ${p}`).join("\n")}\n`;
  const aliases = peerNamesOf(rule).map((p) => `\`${p.name}\``);
  if (aliases.length > 0)
    out += `\n${aliases.join(", ")} ${aliases.length > 1 ? "are" : "is"} accepted wherever this rule's id is: ${whereAliasesWork(rule)}.\n`;
  out += `\n## Configuration\n\n\`\`\`yaml\n# .enginekit.yaml\nrules:\n  ${m.id}: off   # or error, warning, info, style\n\`\`\`\n`;
  out += `\nSuppress one occurrence with \`# enginekit-ignore ${m.id} -- reason\` on the line before.\n`;
  out +=
    "\n<!-- generated from the rule's metadata by packages/lint (test/generated-files.test.ts, UPDATE_GENERATED=1); do not edit -->\n";
  return out;
}

/** The index page `docs/rules/README.md`: every rule with its severity, target and fixability. */
export function renderRuleIndex(): string {
  let out =
    "# Rules\n\n`enginekit lint --list-rules` prints this table; `enginekit lint --explain <id>` prints a page.\n\n";
  out +=
    "| Rule | Applies to | Default | Fix | hadolint / BuildKit | Description |\n|---|---|---|---|---|---|\n";
  for (const r of RULES) {
    const m = r.meta;
    const peers = peerNamesOf(r)
      .map((p) => p.name)
      .join(", ");
    out += `| [${m.id}](${m.id}.md) | ${m.appliesTo} | ${m.severity} | ${m.fix === "never" ? "" : m.fix} | ${peers} | ${m.description.replaceAll("|", "\\|")} |\n`;
  }
  return `${out}\n<!-- generated from the rules' metadata by packages/lint (test/generated-files.test.ts, UPDATE_GENERATED=1); do not edit -->\n`;
}

/** The places a rule's peer names are accepted: Compose rules have no hadolint or BuildKit comments. */
function whereAliasesWork(rule: Rule): string {
  if (rule.meta.appliesTo === "compose")
    return "`--rule`, `--explain`, `.enginekit.yaml`, `# enginekit-ignore` and dclint's `# dclint disable…` comments";
  const buildkit = rule.meta.peers?.some((p) => p.startsWith("BuildKit "))
    ? " and BuildKit's `# check=skip=`"
    : "";
  return `\`--rule\`, \`--explain\`, \`.enginekit.yaml\`, \`.hadolint.yaml\`, \`# enginekit-ignore\`, \`# hadolint ignore=\`${buildkit}`;
}
