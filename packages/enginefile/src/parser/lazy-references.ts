import type { Range } from "@enginekit/text";
import type { Argument, Instruction, InstructionBase, VariableReference } from "../ast/nodes.js";

/**
 * Nodes whose `variables` (variable references) are found on first read: the arguments of instructions
 * whose text the engine does not expand, and those instructions. `variables` is an own, enumerable
 * accessor, in the same place among the keys as the data property of the other nodes, so spreads,
 * `JSON.stringify`, `structuredClone` and deep equality see the same values. The accessor is one shared
 * descriptor and the state is in private fields: V8 keeps such objects in fast mode with one map per
 * shape (an accessor with its own closure, or one replacing a data property, turns an object into a
 * dictionary; measured at 1.5–2 µs per object against 0.3 µs).
 */
abstract class LazyReferences {
  #find: (() => VariableReference[]) | undefined;
  #found: VariableReference[] | undefined;

  constructor(find: () => VariableReference[]) {
    this.#find = find;
  }

  /** The references of `node`, found once. */
  static of(node: LazyReferences): VariableReference[] {
    if (node.#found === undefined) {
      node.#found = (node.#find as () => VariableReference[])();
      node.#find = undefined;
    }
    return node.#found;
  }

  /** Adds the `variables` accessor (call where the data property would be defined). */
  protected defineVariables(): void {
    Object.defineProperty(this, "variables", VARIABLES);
  }
}

const VARIABLES: PropertyDescriptor = {
  get(this: LazyReferences) {
    return LazyReferences.of(this);
  },
  enumerable: true,
  configurable: true,
};

class LazyArgument extends LazyReferences {
  readonly value: string;
  readonly range: Range;

  constructor(value: string, range: Range, find: () => VariableReference[]) {
    super(find);
    this.value = value;
    this.range = range;
    this.defineVariables();
  }
}

/** An {@link Argument} whose `variables` are `find()`, called on first read. */
export function lazyArgument(value: string, range: Range, find: () => VariableReference[]): Argument {
  return new LazyArgument(value, range, find) as unknown as Argument;
}

class LazyInstruction extends LazyReferences {
  kind: InstructionBase["kind"];
  keyword: string;
  keywordRange: Range;
  range: Range;
  flags: InstructionBase["flags"];
  args: Argument[];
  heredocs: InstructionBase["heredocs"];
  original: string;
  argumentsRange: Range;

  constructor(base: InstructionBase, fields: object, find: () => VariableReference[]) {
    super(find);
    this.kind = base.kind;
    this.keyword = base.keyword;
    this.keywordRange = base.keywordRange;
    this.range = base.range;
    this.flags = base.flags;
    this.args = base.args;
    this.heredocs = base.heredocs;
    this.original = base.original;
    this.argumentsRange = base.argumentsRange;
    this.defineVariables();
    Object.assign(this, fields);
  }
}

/**
 * The instruction `{ ...base, ...fields }` (keys in that order): with `references` a function, its
 * `variables` are `references()`, called on first read (`base.variables` is not used); else a plain
 * object whose `variables` are `base.variables`.
 */
export function instructionWith<T extends Instruction>(
  base: InstructionBase,
  fields: Omit<T, keyof InstructionBase> & Pick<T, "kind">,
  references: VariableReference[] | (() => VariableReference[]),
): T {
  if (typeof references !== "function") return { ...base, ...fields } as unknown as T;
  return new LazyInstruction(base, fields, references) as unknown as T;
}

/** True when `node`'s `variables` are found on first read (and not read yet or read: either). */
export function hasLazyReferences(node: Argument | Instruction): boolean {
  return node instanceof LazyReferences;
}
