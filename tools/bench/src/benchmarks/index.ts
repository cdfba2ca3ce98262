import type { Benchmark } from "../benchmark.js";
import { benchmark as buildContext } from "./build-context.js";
import { benchmark as engineClient } from "./engine-client.js";
import { benchmark as lint } from "./lint.js";
import { benchmark as lintFix } from "./lint-fix.js";
import { benchmark as lsp } from "./lsp.js";
import { benchmark as parser } from "./parser.js";
import { benchmark as secrets } from "./secrets.js";

/** Every benchmark, in the order `pnpm bench` runs them. Add new ones here. */
export const benchmarks: Benchmark[] = [parser, engineClient, secrets, buildContext, lint, lintFix, lsp];
