#!/usr/bin/env node
import * as nodeModule from "node:module";

// Node's on-disk compile cache (Node ≥ 22.1) saves re-parsing the command's code at every start; it
// only applies to modules loaded after this call, hence the dynamic imports below.
nodeModule.enableCompileCache?.();
const { processIo } = await import("./io.js");
const { runCli } = await import("./program.js");

const code = await runCli(process.argv.slice(2), processIo());
process.exitCode = code;
