import type { Command } from "commander";
import type { CliIo } from "../io.js";

/** Registers `enginekit secrets` (not implemented yet: see the open issue for it). */
export function registerSecretsCommand(_program: Command, _io: CliIo): void {}
