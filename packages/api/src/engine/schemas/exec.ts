/**
 * Exec schemas (engine §4.4, §2.9): the create body and answer, the start body, and exec inspect.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { responseBoolean, responseList, responseNumber, responseString } from "./common.js";
import { attachFields, commandLine } from "./container-create.js";
import { detachKeys, envEntry } from "./formats.js";
import { requestObject } from "./request-object.js";

const source = "engine §4.4";

/** `POST /containers/(id)/exec` body (engine §4.4). */
export const ExecCreateBody = requestObject({
  ...attachFields(source, { stdout: false, stderr: false }),
  DetachKeys: documented(detachKeys("DetachKeys"), {
    description: "Key sequence that detaches: one character or ctrl-<value>, comma-separated.",
    source: "engine §4.4, §4.1",
  }).optional(),
  Tty: documented(z.boolean(), { description: "Allocate a tty.", default: false, source }).optional(),
  Cmd: documented(commandLine("Cmd"), { description: "Command to run: a string or a list.", source }),
  Privileged: documented(z.boolean(), {
    description: "Run with extended privileges.",
    default: false,
    source,
  }).optional(),
  User: documented(z.string(), { description: "user, user:group, uid or uid:gid.", source }).optional(),
  Env: documented(z.array(envEntry("Env")).nullable(), {
    description: "Environment variables, VAR=value.",
    source: "engine 20.10",
    decision: "Not in the v1.24 document; the engine 20.10 accepts it (API ≥ 1.25).",
  }).optional(),
  WorkingDir: documented(z.string(), {
    description: "Working directory.",
    source: "engine 20.10",
    decision: "Not in the v1.24 document; the engine 20.10 accepts it (API ≥ 1.35).",
  }).optional(),
});
export type ExecCreateBody = z.infer<typeof ExecCreateBody>;

/** `POST /containers/(id)/exec` 201 response (engine §4.4). */
export const ExecCreateResponse = z.looseObject({
  Id: documented(z.string(), { description: "Exec instance ID.", source }),
  Warnings: responseList(z.string(), "Warnings.", source),
});
export type ExecCreateResponse = z.infer<typeof ExecCreateResponse>;

/** `POST /exec/(id)/start` body (engine §4.4). */
export const ExecStartBody = requestObject({
  Detach: documented(z.boolean(), {
    description: "Return right after starting.",
    default: false,
    source,
  }).optional(),
  Tty: documented(z.boolean(), { description: "Allocate a tty.", default: false, source }).optional(),
});
export type ExecStartBody = z.infer<typeof ExecStartBody>;

/** `GET /exec/(id)/json` (engine §2.9). */
export const ExecInspect = z.looseObject({
  ID: documented(z.string(), { description: "Exec instance ID.", source: "engine §2.9" }),
  Running: responseBoolean("Still running.", "engine §2.9"),
  ExitCode: documented(z.number().nullable(), {
    description: "Exit code; null while it has not run to completion.",
    source: "engine §2.9",
    decision: "The engine 20.10 sends null before the process exits.",
  }).optional(),
  ProcessConfig: documented(
    z.looseObject({
      arguments: z.array(z.string()).nullable().optional(),
      entrypoint: z.string().optional(),
      privileged: z.boolean().optional(),
      tty: z.boolean().optional(),
      user: z.string().optional(),
    }),
    { description: "The process: entrypoint, arguments, privileged, tty, user.", source: "engine §2.9" },
  ).optional(),
  OpenStdin: responseBoolean("stdin is open.", "engine §2.9"),
  OpenStderr: responseBoolean("stderr is open.", "engine §2.9"),
  OpenStdout: responseBoolean("stdout is open.", "engine §2.9"),
  CanRemove: responseBoolean("Can be removed.", "engine §2.9"),
  ContainerID: responseString("ID of the container.", "engine §2.9"),
  DetachKeys: responseString("Detach key sequence.", "engine §2.9"),
  Pid: responseNumber("Process ID on the host.", "engine 20.10"),
});
export type ExecInspect = z.infer<typeof ExecInspect>;
