/**
 * Variable scopes (`computeScopes`, `scopeAt`): the ENV and ARG bindings visible to each instruction,
 * global ARGs, build arguments and BuildKit's automatic platform ARGs, as the engine's build resolves them.
 */
import type { EnginefileDocument, Instruction } from "../ast/nodes.js";
import { type ExpansionResult, expandWord } from "./expand.js";
import type { VariableLookup } from "./shell-lexer.js";

/** How a variable got its value. */
export type BindingKind = "env" | "inherited-env" | "arg" | "global-arg" | "automatic-arg";

/**
 * A variable visible at some point of the file: its value (undefined for an ARG declared without
 * default and not given as a build argument), how it was bound, and the instruction that bound it.
 */
export interface VariableBinding {
  name: string;
  value: string | undefined;
  kind: BindingKind;
  instruction: Instruction | undefined;
}

/** Inputs of the scoping that the file does not contain. */
export interface ScopeOptions {
  /** Build arguments given to the build (`--build-arg NAME=value`): they override ARG defaults. */
  buildArgs?: Readonly<Record<string, string>>;
  /** Platforms for the automatic platform ARGs (`os/arch[/variant]`); default `linux/amd64`. */
  buildPlatform?: string;
  targetPlatform?: string;
}

/** The variables visible to one instruction. */
export interface Scope {
  /** The binding of `name` (ENV wins over ARG, as in the engine), or undefined when not declared. */
  get(name: string): VariableBinding | undefined;
  /** All visible bindings, ENV first. */
  bindings(): VariableBinding[];
  /** A lookup for {@link expandWord}: the value, or undefined when unset. */
  lookup: VariableLookup;
  /** Expands a word in this scope with the document's escape character. */
  expand(word: string): ExpansionResult;
}

/** The automatic ARGs of the default platforms (made on first use; never handed out). */
let defaultAutomaticArgs: Map<string, string> | undefined;

/** The automatic platform ARGs BuildKit defines in the global scope (a new map on each call). */
export function automaticArgs(options: ScopeOptions): Map<string, string> {
  const defaults = options.buildPlatform === undefined && options.targetPlatform === undefined;
  if (defaults && defaultAutomaticArgs) return new Map(defaultAutomaticArgs);
  const out = new Map<string, string>();
  for (const [prefix, platform] of [
    ["BUILD", options.buildPlatform ?? "linux/amd64"],
    ["TARGET", options.targetPlatform ?? options.buildPlatform ?? "linux/amd64"],
  ] as const) {
    const [os = "", arch = "", variant = ""] = platform.split("/");
    out.set(`${prefix}PLATFORM`, platform);
    out.set(`${prefix}OS`, os);
    out.set(`${prefix}ARCH`, arch);
    out.set(`${prefix}VARIANT`, variant);
  }
  if (defaults) defaultAutomaticArgs = new Map(out);
  return out;
}

/** The automatic bindings of the default platforms (made on first use). */
let defaultAutomaticBindings: Map<string, VariableBinding> | undefined;

/**
 * The global scope's automatic platform ARGs ({@link automaticArgs}) as bindings. The map of the
 * default platforms is shared by every document: it is never written (scopes copy a map before
 * adding to it).
 */
function automaticBindings(options: ScopeOptions): Map<string, VariableBinding> {
  const defaults = options.buildPlatform === undefined && options.targetPlatform === undefined;
  if (defaults && defaultAutomaticBindings) return defaultAutomaticBindings;
  const bindings = new Map<string, VariableBinding>();
  for (const [name, value] of automaticArgs(options))
    bindings.set(name, { name, value, kind: "automatic-arg", instruction: undefined });
  if (defaults) defaultAutomaticBindings = bindings;
  return bindings;
}

class MapScope implements Scope {
  constructor(
    readonly env: Map<string, VariableBinding>,
    readonly args: Map<string, VariableBinding>,
    private readonly escapeCharacter: "\\" | "`",
  ) {}
  get(name: string): VariableBinding | undefined {
    return this.env.get(name) ?? this.args.get(name);
  }
  bindings(): VariableBinding[] {
    const out = [...this.env.values()];
    for (const b of this.args.values()) if (!this.env.has(b.name)) out.push(b);
    return out;
  }
  /**
   * A new function on each read, not one kept on the scope: on Node 24 a closure stored on an
   * instance kept its scope's document alive through V8's young-generation collections (measured in
   * `@enginekit/lint`'s document-cache.ts).
   */
  get lookup(): VariableLookup {
    return (name) => this.get(name)?.value;
  }
  expand(word: string): ExpansionResult {
    return expandWord(word, this.lookup, { escapeCharacter: this.escapeCharacter });
  }
}

/**
 * Walks the file the way the engine's builder scopes variables and returns the scope each
 * instruction sees (BuildKit dispatch rules):
 * - ARGs before the first FROM are global: visible in FROM lines only, unless a stage re-declares
 *   them with `ARG NAME` (no default), which takes the global value.
 * - Inside a stage, `ARG NAME=default` binds the build argument if given, else the expanded default;
 *   ENV binds expanded values and wins over an ARG of the same name.
 * - A stage built `FROM` an earlier stage inherits that stage's ENV (not its ARGs).
 *
 * @returns a map from instruction to the scope before it runs; FROM gets the global scope.
 */
export function computeScopes(doc: EnginefileDocument, options: ScopeOptions = {}): Map<Instruction, Scope> {
  const out = new Map<Instruction, Scope>();
  const esc = doc.escapeCharacter;
  const buildArgs = options.buildArgs ?? {};
  const given = (name: string) => (Object.hasOwn(buildArgs, name) ? buildArgs[name] : undefined);
  // Maps are copied on write: a scope handed out keeps seeing the variables of its own moment.
  let globals = automaticBindings(options);
  const stageEnvs = new Map<string, Map<string, VariableBinding>>();
  let stageKeys: string[] = [];
  let env: Map<string, VariableBinding> | undefined;
  let args = new Map<string, VariableBinding>();
  let stageIndex = -1;
  const empty = new Map<string, VariableBinding>();
  let previous: MapScope | undefined;

  for (const ins of doc.instructions) {
    if (ins.kind === "from") {
      const globalScope = new MapScope(empty, globals, esc);
      out.set(ins, globalScope);
      stageIndex++;
      const base = ins.image ? globalScope.expand(ins.image.value).value.toLowerCase() : "";
      const parent = stageEnvs.get(base);
      env = new Map();
      if (parent) for (const [k, b] of parent) env.set(k, { ...b, kind: "inherited-env" });
      args = new Map();
      const name = ins.stageName?.value.toLowerCase();
      stageKeys = [String(stageIndex), ...(name !== undefined ? [name] : [])];
      for (const k of stageKeys) stageEnvs.set(k, env);
      continue;
    }
    const inStage = env !== undefined;
    // every value of one instruction is expanded against the variables before it (Docker docs:
    // `ENV abc=bye def=$abc` gives def the previous value of abc); instructions between two
    // declarations see the same variables and share one scope object (maps are copied on write)
    const visibleEnv = env ?? empty;
    const visibleArgs = inStage ? args : globals;
    const before =
      previous !== undefined && previous.env === visibleEnv && previous.args === visibleArgs
        ? previous
        : new MapScope(visibleEnv, visibleArgs, esc);
    previous = before;
    out.set(ins, before);
    if (ins.kind === "arg") {
      const next = new Map(inStage ? args : globals);
      for (const d of ins.declarations) {
        let value = given(d.name);
        let kind: BindingKind = "arg";
        if (value === undefined && d.defaultValue !== undefined) value = before.expand(d.defaultValue).value;
        if (value === undefined && inStage) {
          const g = globals.get(d.name);
          if (g) {
            value = g.value;
            kind = "global-arg";
          }
        }
        next.set(d.name, { name: d.name, value, kind: inStage ? kind : "global-arg", instruction: ins });
      }
      if (inStage) args = next;
      else globals = next;
    } else if (ins.kind === "env" && env) {
      const next = new Map(env);
      for (const p of ins.pairs) {
        const value = before.expand(p.value.value).value;
        next.set(p.key.value, { name: p.key.value, value, kind: "env", instruction: ins });
      }
      env = next;
      for (const k of stageKeys) stageEnvs.set(k, env);
    }
  }
  return out;
}

/** The scope visible to `instruction` (see {@link computeScopes}); undefined if it is not in `doc`. */
export function scopeAt(
  doc: EnginefileDocument,
  instruction: Instruction,
  options: ScopeOptions = {},
): Scope | undefined {
  return computeScopes(doc, options).get(instruction);
}
