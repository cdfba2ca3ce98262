import type { Command } from "commander";
import type { CliIo } from "../io.js";

/** Registers `enginekit build` (not implemented yet: see the open issue for it). */
export function registerBuildCommand(_program: Command, _io: CliIo): void {}
