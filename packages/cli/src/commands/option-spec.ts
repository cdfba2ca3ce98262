/**
 * Options of a subcommand declared once, as data: commander registers them (help, usage errors), and
 * {@link parseDeclaredOptions} reads an argument list with the same meaning without loading commander,
 * so the most frequent command, `enginekit lint <files>`, starts without it (docs/cli.md "Start-up").
 */
import { parseArgs } from "node:util";

/** One option as commander declares it. */
export interface OptionSpec {
  /** As commander writes them: `-f, --format <name[=file]>`, `--fix`, `--no-config`. */
  flags: string;
  /** The help text. */
  description: string;
  /** The values of every occurrence are collected in order; the default is `[]` (commander with `collect`). */
  repeatable?: true;
}

/** What {@link parseDeclaredOptions} reads from {@link OptionSpec.flags}. */
interface Flags {
  short: string | undefined;
  /** The long name without `--` (`no-config` for a negation). */
  long: string;
  takesValue: boolean;
  /** The key of the option in the parsed options (commander's attribute name: `--no-inline-suppressions` → `inlineSuppressions`). */
  key: string;
  negation: boolean;
}

const FLAGS = /^(?:-([A-Za-z]), )?--([a-z][a-z0-9-]*)(?: <[^>]+>)?$/;

function flagsOf(spec: OptionSpec): Flags {
  const m = FLAGS.exec(spec.flags);
  if (!m?.[2]) throw new Error(`option flags not understood: ${spec.flags}`);
  const long = m[2];
  const negation = long.startsWith("no-");
  const key = (negation ? long.slice(3) : long).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return { short: m[1], long, takesValue: spec.flags.includes("<"), key, negation };
}

/**
 * Reads `args` (after the subcommand's name) with the options `specs` declare, as commander would: the
 * positional arguments in order (also after `--`), and the options by commander's attribute names —
 * repeatable ones collected (default `[]`), a value option's last value, `true` for a flag, `false` for
 * its `--no-` form (last one wins), and `true` by default for a `--no-` option without a positive form.
 * Undefined for anything commander alone should answer: an option not declared (`--help` included), a
 * missing value, a value that looks like an option, a value given to a flag.
 */
export function parseDeclaredOptions(
  args: readonly string[],
  specs: readonly OptionSpec[],
): { positionals: string[]; options: Record<string, unknown> } | undefined {
  const flags = specs.map(flagsOf);
  const byLong = new Map(flags.map((f, i) => [f.long, { f, repeatable: specs[i]?.repeatable === true }]));
  const config: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const f of flags)
    config[f.long] = { type: f.takesValue ? "string" : "boolean", ...(f.short ? { short: f.short } : {}) };
  let tokens: ReturnType<typeof parseArgs>["tokens"];
  try {
    ({ tokens } = parseArgs({
      args: [...args],
      options: config,
      strict: true,
      allowPositionals: true,
      tokens: true,
    }));
  } catch {
    return undefined;
  }
  const options: Record<string, unknown> = {};
  for (const [long, { f, repeatable }] of byLong) {
    if (repeatable) options[f.key] = [];
    else if (f.negation && !byLong.has(long.slice(3))) options[f.key] = true;
  }
  const positionals: string[] = [];
  for (const token of tokens ?? []) {
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option") continue;
    const declared = byLong.get(token.name);
    if (!declared) return undefined;
    const { f, repeatable } = declared;
    if (repeatable) (options[f.key] as string[]).push(token.value ?? "");
    else options[f.key] = f.takesValue ? token.value : !f.negation;
  }
  return { positionals, options };
}
