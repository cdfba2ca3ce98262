/**
 * @enginekit/enginefile: an exact, fault-tolerant Enginefile (Dockerfile syntax) parser on chevrotain.
 * `parse(text)` gives a typed AST with ranges and diagnostics; `dump()` prints the reference's dump;
 * the semantics helpers expand variables, scope build arguments, build the stage graph and read
 * durations and signals; the printer prints losslessly or formats canonically.
 */

export { goQuote } from "./ast/go-quote.js";
export * from "./ast/nodes.js";
export * from "./ast/position.js";
export { dump, dumpInstruction } from "./dump.js";
export { parse } from "./parser/parse.js";
