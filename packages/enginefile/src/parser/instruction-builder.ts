import type { Range } from "@enginekit/text";
import type {
  ArgDeclaration,
  Argument,
  CmdInstruction,
  EntrypointInstruction,
  Flag,
  HealthcheckInstruction,
  Heredoc,
  Instruction,
  InstructionBase,
  KeyValuePair,
  OnbuildInstruction,
  RunInstruction,
  ShellInstruction,
  VariableReference,
} from "../ast/nodes.js";
import { shellVariableReferences } from "../semantics/shell-lexer.js";
import { hasLazyReferences, instructionWith, lazyArgument } from "./lazy-references.js";
import { parseMount } from "./mounts.js";
import type { LogicalMapper } from "./positions.js";
import type { RefArg, RefNode } from "./reference-node.js";
import type { FlagWord } from "./split-command.js";

/** What the builder needs about the logical line an instruction came from. */
export interface BuildContext {
  text: string;
  mapper: LogicalMapper;
  escape: string;
  /** Range of the whole instruction (keyword to last line or heredoc terminator). */
  range: Range;
  heredocs: Heredoc[];
}

/**
 * The shared empty list used wherever a node has no flags, arguments or variables (the tree is
 * read-only; sharing keeps memory per instruction small). Frozen, so a mutation fails loudly.
 */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** True when `text[start, end)` contains the UTF-16 unit `code` (bounded scan). */
function contains(text: string, start: number, end: number, code: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return true;
  return false;
}

/** Variable references in `text[start, end)` by the reference's shell-word rules (none without `$`). */
function variablesIn(ctx: BuildContext, start: number, end: number): VariableReference[] {
  if (!contains(ctx.text, start, end, 36)) return NONE;
  const references = shellVariableReferences(ctx.text.slice(start, end), ctx.escape);
  if (references.length === 0) return NONE;
  return references.map((ref) => ({
    name: ref.name,
    operator: ref.operator,
    braced: ref.braced,
    range: ctx.mapper.range(start + ref.start, start + ref.end),
  }));
}

/**
 * Kinds whose arguments the engine does not expand (they carry a command): the references of their
 * arguments with `$`, and so the instruction's `variables`, are found on first read. The script of
 * a shell-form RUN is most of an Enginefile's text, while the linter needs only the references of
 * RUN's flags; the language server reads them all.
 */
const COMMAND_KINDS: ReadonlySet<string> = new Set(["run", "cmd", "entrypoint", "shell", "healthcheck"]);

function argument(ctx: BuildContext, a: RefArg, json: boolean, lazy: boolean): Argument {
  const range = ctx.mapper.range(a.start, a.end);
  if (a.end <= a.start) return { value: a.value, range, variables: NONE };
  let start = a.start;
  let end = a.end;
  if (json) {
    // a JSON element with an escape is decoded: its offsets no longer match the text, so no references
    if (contains(ctx.text, start, end, 92)) return { value: a.value, range, variables: NONE };
    start++;
    end--;
  }
  if (!lazy) return { value: a.value, range, variables: variablesIn(ctx, start, end) };
  if (!contains(ctx.text, start, end, 36)) return { value: a.value, range, variables: NONE };
  return lazyArgument(a.value, range, () => variablesIn(ctx, start, end));
}

function flag(ctx: BuildContext, w: FlagWord): Flag {
  const text = w.text;
  const eq = text.indexOf("=");
  const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
  const value = eq < 0 ? undefined : text.slice(eq + 1);
  const raw = ctx.text.slice(w.start, w.end);
  const rawEq = raw.indexOf("=");
  const nameEnd = rawEq < 0 ? w.end : w.start + rawEq;
  return {
    name,
    value,
    text,
    range: ctx.mapper.range(w.start, w.end),
    nameRange: ctx.mapper.range(Math.min(w.start + 2, nameEnd), nameEnd),
    valueRange: rawEq < 0 ? undefined : ctx.mapper.range(w.start + rawEq + 1, w.end),
  };
}

function findFlag(flags: Flag[], name: string): Flag | undefined {
  for (let i = flags.length - 1; i >= 0; i--) if (flags[i]?.name === name) return flags[i];
  return undefined;
}

function pairs(args: Argument[], legacy: boolean): KeyValuePair[] {
  const out: KeyValuePair[] = [];
  for (let i = 0; i + 1 < args.length; i += 3) {
    const key = args[i] as Argument;
    const value = args[i + 1] as Argument;
    const end = value.range.end.offset >= key.range.end.offset ? value.range.end : key.range.end;
    out.push({ key, value, legacy, range: { start: key.range.start, end } });
  }
  return out;
}

/** A sub-range of a single-line range `r`, `[s, e)` units from its start (clamped to `r`). */
function subRange(r: Range, s: number, e: number): Range {
  const len = r.end.offset - r.start.offset;
  if (r.start.line !== r.end.line) return r;
  const at = (k: number) => {
    const d = Math.min(Math.max(k, 0), len);
    return { line: r.start.line, character: r.start.character + d, offset: r.start.offset + d };
  };
  return { start: at(s), end: at(e) };
}

/** The range of the arguments text: the one argument's range when it covers exactly that text (shared). */
function argumentsRange(ctx: BuildContext, node: RefNode, args: Argument[]): Range {
  const only = node.args.length === 1 ? node.args[0] : undefined;
  if (only && only.start === node.restStart && only.end === node.restEnd && args[0]) return args[0].range;
  return ctx.mapper.range(node.restStart, node.restEnd);
}

/**
 * The references of several lists in order: the one non-empty list itself when there is only one
 * (the common case; the tree is read-only), else a new list.
 */
function joined(lists: readonly VariableReference[][]): VariableReference[] {
  let out: VariableReference[] = NONE;
  let own = false;
  for (const found of lists) {
    if (found.length === 0) continue;
    if (out === NONE) {
      out = found;
      continue;
    }
    if (!own) {
      out = [...out];
      own = true;
    }
    for (const v of found) out.push(v);
  }
  return out;
}

/**
 * Builds the typed instruction node of `node` (a reference node over the logical line of `ctx`).
 * `variables` gathers the references in flags and arguments (in the kinds of {@link COMMAND_KINDS},
 * and in ONBUILD of one of them, found on first read); kinds add their own fields.
 */
export function buildInstruction(node: RefNode, ctx: BuildContext): Instruction {
  const lower = node.lower;
  const lazy = COMMAND_KINDS.has(lower);
  const flags = node.flags.length === 0 ? NONE : node.flags.map((w) => flag(ctx, w));
  const args = node.args.length === 0 ? NONE : node.args.map((a) => argument(ctx, a, node.json, lazy));
  const deferred = lazy && args.some(hasLazyReferences);
  const references = deferred ? () => referencesOf(ctx, node, args) : referencesOf(ctx, node, args);
  return typedInstruction(node, ctx, lower, flags, args, references);
}

/** The references in the flags and then the arguments of an instruction. */
function referencesOf(ctx: BuildContext, node: RefNode, args: Argument[]): VariableReference[] {
  if (node.flags.length === 0) {
    if (args.length === 0) return NONE;
    if (args.length === 1) return (args[0] as Argument).variables;
  }
  const lists: VariableReference[][] = [];
  for (const w of node.flags) lists.push(variablesIn(ctx, w.start, w.end));
  for (const a of args) lists.push(a.variables);
  return joined(lists);
}

function typedInstruction(
  node: RefNode,
  ctx: BuildContext,
  lower: string,
  flags: Flag[],
  args: Argument[],
  references: VariableReference[] | (() => VariableReference[]),
): Instruction {
  const variables = typeof references === "function" ? NONE : references;
  const base: InstructionBase = {
    kind: "unknown",
    keyword: node.command,
    keywordRange: ctx.mapper.rangeFrom(ctx.range.start, node.commandStart, node.commandEnd),
    range: ctx.range,
    flags,
    args,
    heredocs: ctx.heredocs,
    original: ctx.text,
    argumentsRange: argumentsRange(ctx, node, args),
    variables,
  };
  const form = node.json ? ("exec" as const) : ("shell" as const);
  if (!node.known) return { ...base, kind: "unknown" };
  switch (lower) {
    case "from": {
      const hasAs = args.length >= 3 && args[1]?.value.toLowerCase() === "as";
      return {
        ...base,
        kind: "from",
        image: args[0],
        platform: findFlag(flags, "platform"),
        stageName: hasAs ? args[2] : undefined,
      };
    }
    case "run": {
      const mounts =
        flags.length === 0
          ? NONE
          : flags
              .filter((f) => f.name === "mount")
              .map((f) => parseMount(f, (s, e) => (f.valueRange ? subRange(f.valueRange, s, e) : f.range)));
      return instructionWith<RunInstruction>(
        base,
        {
          kind: "run",
          form,
          mounts,
          network: findFlag(flags, "network"),
          security: findFlag(flags, "security"),
        },
        references,
      );
    }
    case "cmd":
      return instructionWith<CmdInstruction>(base, { kind: "cmd", form }, references);
    case "entrypoint":
      return instructionWith<EntrypointInstruction>(base, { kind: "entrypoint", form }, references);
    case "shell":
      return instructionWith<ShellInstruction>(base, { kind: "shell", form }, references);
    case "env":
      return { ...base, kind: "env", pairs: pairs(args, node.legacy) };
    case "label":
      return { ...base, kind: "label", pairs: pairs(args, node.legacy) };
    case "arg": {
      const declarations: ArgDeclaration[] = args.map((a) => {
        const eq = a.value.indexOf("=");
        const name = eq < 0 ? a.value : a.value.slice(0, eq);
        return {
          name,
          defaultValue: eq < 0 ? undefined : a.value.slice(eq + 1),
          argument: a,
          nameRange: subRange(a.range, 0, name.length),
        };
      });
      return { ...base, kind: "arg", declarations };
    }
    case "copy":
    case "add": {
      const destination = args.length > 0 ? args[args.length - 1] : undefined;
      const sources = args.slice(0, Math.max(0, args.length - 1));
      if (lower === "copy")
        return { ...base, kind: "copy", form, sources, destination, from: findFlag(flags, "from") };
      return { ...base, kind: "add", form, sources, destination };
    }
    case "expose":
      return { ...base, kind: "expose", ports: args };
    case "volume":
      return { ...base, kind: "volume", form, paths: args };
    case "user":
      return { ...base, kind: "user", value: args[0] };
    case "workdir":
      return { ...base, kind: "workdir", value: args[0] };
    case "maintainer":
      return { ...base, kind: "maintainer", value: args[0] };
    case "stopsignal":
      return { ...base, kind: "stopsignal", value: args[0] };
    case "healthcheck": {
      const type = args[0];
      const t = type?.value.toLowerCase();
      return instructionWith<HealthcheckInstruction>(
        base,
        {
          kind: "healthcheck",
          type,
          mode: t === "none" ? "none" : t === "cmd" ? "cmd" : undefined,
          command: args.slice(1),
          form,
        },
        references,
      );
    }
    case "onbuild": {
      let trigger: Instruction | undefined;
      if (node.child) {
        const c = node.child;
        const start = ctx.mapper.range(c.commandStart, c.commandStart).start;
        trigger = buildInstruction(c, { ...ctx, range: { start, end: ctx.range.end } });
      }
      if (!trigger) return { ...base, kind: "onbuild", trigger };
      // ONBUILD's references are its own and then its trigger's
      const t = trigger;
      if (!hasLazyReferences(t))
        return { ...base, kind: "onbuild", trigger, variables: joined([variables, t.variables]) };
      return instructionWith<OnbuildInstruction>(base, { kind: "onbuild", trigger }, () =>
        joined([variables, t.variables]),
      );
    }
    default:
      return { ...base, kind: "unknown" };
  }
}
