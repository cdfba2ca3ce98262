import type { Command } from "commander";
import type { CliIo } from "../io.js";

/** Registers `enginekit lint` (not implemented yet: see the open issue for it). */
export function registerLintCommand(_program: Command, _io: CliIo): void {}
