import type { Command } from "commander";
import type { CliIo } from "../io.js";

/** Registers `enginekit engine` (not implemented yet: see the open issue for it). */
export function registerEngineCommand(_program: Command, _io: CliIo): void {}
