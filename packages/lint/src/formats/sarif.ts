/**
 * The `sarif` output format: SARIF 2.1.0 (OASIS) as GitHub code scanning reads it, with the rules that have
 * results, their help and `helpUri`, exact UTF-16 regions and fixes as artifact replacements.
 */
import { ruleDocsUri } from "../docs/rule-uri.js";
import type { RuleMeta } from "../model/rule.js";
import type { Severity } from "../model/severity.js";
import { ruleById } from "../rules/registry.js";
import type { Formatter } from "./format.js";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = {
  error: "error",
  warning: "warning",
  info: "note",
  style: "note",
};

/** Relative paths as URIs relative to the run's base (`%SRCROOT%`), percent-encoded per segment. */
function uri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/**
 * A rule's `help` (SARIF §3.49.13; GitHub code scanning shows it beside each alert and its validator's
 * rule GH2012 asks for it): the title, the one-sentence description and the rule's Markdown docs, as
 * plain text and as Markdown, ending with a link to the rule's page when the pages' host is known
 * (`uri`); the help itself is the documentation otherwise, so no link leads nowhere.
 */
function ruleHelp(meta: RuleMeta, uri: string | undefined): { text: string; markdown: string } {
  const docs = meta.docs.trim();
  return {
    text: `${meta.name}. ${meta.description}\n\n${docs.replaceAll("`", "")}${uri ? `\n\nDocumentation: ${uri}` : ""}`,
    markdown: `**${meta.name}.** ${meta.description}\n\n${docs}${uri ? `\n\n[${meta.id} documentation](${uri})` : ""}`,
  };
}

/**
 * SARIF 2.1.0 (OASIS): one run, the tool's rules (only those with results) with their descriptions,
 * `help` (text and Markdown) and, with a documentation base (`--rule-docs`), `helpUri` (the rule's page,
 * see `docs/rule-uri.ts`) and default levels, results with exact regions (1-based lines and columns, `columnKind` UTF-16 code units)
 * and fixes as artifact replacements. `info` and `style` map to level `note`; the enginekit severity is
 * kept in `properties.severity`.
 */
export const formatSarif: Formatter = (results, context) => {
  const ids = [...new Set(results.flatMap((r) => r.findings.map((f) => f.ruleId)))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const rules = ids.map((id) => {
    const meta = ruleById(id)?.meta;
    const level = meta && meta.severity !== "off" ? LEVEL[meta.severity] : "warning";
    const helpUri = context.ruleDocsBase ? ruleDocsUri(id, context.ruleDocsBase) : undefined;
    return {
      id,
      name: meta?.name ?? id,
      shortDescription: { text: meta?.description ?? id },
      fullDescription: { text: meta?.docs ?? id },
      help: meta ? ruleHelp(meta, helpUri) : { text: helpUri ? `${id}: ${helpUri}` : id },
      ...(helpUri ? { helpUri } : {}),
      defaultConfiguration: { level },
      properties: { tags: [meta?.appliesTo ?? "any"] },
    };
  });
  const region = (r: {
    start: { line: number; character: number; offset: number };
    end: { line: number; character: number; offset: number };
  }) => ({
    startLine: r.start.line + 1,
    startColumn: r.start.character + 1,
    endLine: r.end.line + 1,
    endColumn: r.end.character + 1,
    charOffset: r.start.offset,
    charLength: r.end.offset - r.start.offset,
  });
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "enginekit",
            version: context.version,
            rules,
          },
        },
        originalUriBaseIds: { "%SRCROOT%": { description: { text: "The folder enginekit lint ran in." } } },
        columnKind: "utf16CodeUnits",
        artifacts: results.map((r) => ({ location: { uri: uri(r.path), uriBaseId: "%SRCROOT%" } })),
        results: results.flatMap((r, artifactIndex) =>
          r.findings.map((f) => ({
            ruleId: f.ruleId,
            ruleIndex: index.get(f.ruleId) ?? 0,
            level: LEVEL[f.severity],
            message: { text: f.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: uri(r.path), uriBaseId: "%SRCROOT%", index: artifactIndex },
                  region: region(f.range),
                },
              },
            ],
            properties: { severity: f.severity },
            ...(f.fix
              ? {
                  fixes: [
                    {
                      description: { text: f.fix.title },
                      artifactChanges: [
                        {
                          artifactLocation: {
                            uri: uri(r.path),
                            uriBaseId: "%SRCROOT%",
                            index: artifactIndex,
                          },
                          replacements: f.fix.edits.map((e) => ({
                            deletedRegion: region(e.range),
                            insertedContent: { text: e.newText },
                          })),
                        },
                      ],
                    },
                  ],
                }
              : {}),
          })),
        ),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
