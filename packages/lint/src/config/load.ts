/**
 * Loading the linter's configuration: `loadConfigFile` and `parseConfig` read and validate a
 * `.enginekit.yaml` (or a translated `.hadolint.yaml`) with line and column in every error, `canonicalRules`
 * resolves peer rule names, and `findConfig` finds the nearest file upward (docs/lint.md "Configuration").
 */
import { dirname } from "node:path";
import { BoundedReadError, MAX_CONFIG_FILE_BYTES, readBoundedFile } from "@enginekit/node-io";
import { isAlias, isMap, isScalar, LineCounter, parseDocument, visit } from "yaml";
import type { RuleSeverity } from "../model/severity.js";
import { didYouMeanRule, resolveRuleIds } from "../rules/registry.js";
import { ConfigError } from "./config-error.js";
import { findConfigWith, isHadolintConfig, type LoadedConfig } from "./find-config.js";
import { fromHadolintConfig } from "./hadolint-config.js";
import { type LintConfig, LintConfigSchema } from "./schema.js";

/**
 * Reads and validates a `.enginekit.yaml` (or a `.hadolint.yaml`, translated: `hadolint-config.ts`). Throws {@link ConfigError} (with line and column) for YAML
 * errors, schema violations and unknown rule ids, and (at 1:1) for a file that is not a regular file or
 * is larger than {@link MAX_CONFIG_FILE_BYTES} (a link in a repository to `/dev/zero`: docs/security.md);
 * plain I/O errors propagate as thrown by `fs`.
 */
export function loadConfigFile(file: string): LoadedConfig {
  let text: string;
  try {
    text = readBoundedFile(file, {
      maxBytes: MAX_CONFIG_FILE_BYTES,
      what: "the configuration file",
    }).toString("utf8");
  } catch (error) {
    if (error instanceof BoundedReadError) throw new ConfigError(file, 1, 1, error.reason);
    throw error;
  }
  return { file, dir: dirname(file), config: parseConfig(text, file) };
}

/** Parses configuration text (see {@link loadConfigFile}); `file` is used in messages. */
export function parseConfig(text: string, file: string): LintConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number, message: string): ConfigError => {
    const p = lineCounter.linePos(offset);
    return new ConfigError(file, p.line, p.col, message);
  };
  const firstError = doc.errors[0];
  if (firstError) throw at(firstError.pos[0], firstError.message);
  const value: unknown = documentValue(doc, at);
  if (isHadolintConfig(file))
    return fromHadolintConfig(value, (path, message) => at(nodeAt(doc, path, false) ?? 0, message));
  const parsed = LintConfigSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const path = [...issue.path, ...keys.slice(0, 1)] as (string | number)[];
    // A record key that fails its own check (`build.secrets` ids) is reported at the key, with its message.
    const badKey = issue.code === "invalid_key";
    const node = nodeAt(doc, path, keys.length > 0 || badKey);
    const what =
      keys.length > 0
        ? `unknown setting "${keys.join('", "')}"`
        : badKey
          ? (issue.issues[0]?.message ?? issue.message)
          : issue.message;
    const hint = keys.some((k) => /token/i.test(k))
      ? " (never store a token here: use SVC_TOKEN or ~/.svc-token)"
      : "";
    throw at(node ?? 0, `${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${what}${hint}`);
  }
  const rules = doc.get("rules");
  if (isMap(rules)) {
    for (const pair of rules.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      if (resolveRuleIds(key).length === 0)
        throw at(
          isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0,
          `unknown rule "${key}"${didYouMeanRule(key)} (see enginekit lint --list-rules)`,
        );
    }
  }
  return { ...parsed.data, ...(parsed.data.rules ? { rules: canonicalRules(parsed.data.rules) } : {}) };
}

/**
 * The document's value. The `yaml` package refuses to expand aliases past its resource limit (a "billion
 * laughs" file: `a: &a [x,x…]`, `b: &b [*a,*a…]`…) by throwing a plain error without a position; that
 * becomes a {@link ConfigError} at the first alias, like every other YAML error of the file.
 */
function documentValue(
  doc: ReturnType<typeof parseDocument>,
  at: (offset: number, message: string) => ConfigError,
): unknown {
  try {
    return doc.toJS();
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    let offset = 0;
    visit(doc, {
      Alias(_, node) {
        if (!isAlias(node)) return undefined;
        offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    throw at(offset, "too many alias expansions (YAML aliases expanding into a huge document are refused)");
  }
}

/**
 * Severities keyed by rule id: peer names (`DL3020`, `StageNameCasing`) stand for the rules that name
 * them; a rule's own id, written anywhere in the map, wins over a peer name.
 */
export function canonicalRules(rules: Readonly<Record<string, RuleSeverity>>): Record<string, RuleSeverity> {
  const out: Record<string, RuleSeverity> = {};
  for (const [key, severity] of Object.entries(rules))
    for (const id of resolveRuleIds(key)) if (id === key || !Object.hasOwn(rules, id)) out[id] = severity;
  return out;
}

function nodeAt(
  doc: ReturnType<typeof parseDocument>,
  path: (string | number)[],
  key: boolean,
): number | undefined {
  if (key && path.length > 0) {
    const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path.at(-1));
      if (pair && isScalar(pair.key)) return pair.key.range?.[0];
    }
  }
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  return node?.range?.[0];
}

/**
 * Finds the configuration for a file's folder: the nearest `.enginekit.yaml` (or `.yml`) in `dir` or
 * an ancestor, loaded once per file and cached in `cache`. Undefined when there is none. Throws
 * {@link ConfigError} as {@link loadConfigFile} does.
 */
export function findConfig(
  dir: string,
  cache: Map<string, LoadedConfig | undefined> = new Map(),
): LoadedConfig | undefined {
  return findConfigWith(dir, loadConfigFile, cache);
}
