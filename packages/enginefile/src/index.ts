/** @enginekit/enginefile: Exact, fault-tolerant Enginefile (Dockerfile syntax) parser on chevrotain: AST with ranges, expansion, scoping, printer. */
export {};
