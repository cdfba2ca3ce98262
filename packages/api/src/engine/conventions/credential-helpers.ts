/**
 * The engine CLI's credential-helper protocol (docker `docker-credential-helpers` `client`): the program
 * `docker-credential-<name>` found on `PATH` is run with one action argument; `get` reads the registry's
 * server URL on standard input and prints `{"ServerURL", "Username", "Secret"}` (a `Username` of
 * `<token>` means `Secret` is an identity token), exiting 1 with `credentials not found in native keychain`
 * when it has none; `list` prints `{"<server URL>": "<user name>"}`. Output is never copied into messages:
 * it holds secrets.
 */
import { spawn } from "node:child_process";
import type { AuthConfig } from "../schemas/index.js";

/** A helper that cannot be run, fails, or prints something that is not its protocol's JSON. */
export class CredentialHelperError extends Error {
  override name = "CredentialHelperError";
}

/** How a helper is run: its environment, where it was named (for messages) and its time limit. */
export interface CredentialHelperOptions {
  /** Environment of the helper (its `PATH` finds it); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where the helper was named, e.g. `credsStore in /home/u/.docker/config.json`. */
  source: string;
  /** Milliseconds the helper may run (default {@link CREDENTIAL_HELPER_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** Default time limit of one helper run, in milliseconds. */
export const CREDENTIAL_HELPER_TIMEOUT_MS = 30_000;

/**
 * Most bytes a helper may print (standard output and error together): 1 MiB. An answer is a few hundred
 * bytes (`list` of a large keychain a few KiB); a helper printing more is stopped.
 */
export const CREDENTIAL_HELPER_MAX_OUTPUT_BYTES = 1024 * 1024;

/**
 * How long the output of a helper that has exited is still read, in milliseconds: what it printed is in
 * the pipe already, but a child it left behind may hold the pipe open for ever (a daemon it started), so
 * the end of its output is not waited for.
 */
const AFTER_EXIT_MS = 200;

/** The helper's error text for "nothing stored for that server" (exit status 1). */
const NOT_FOUND = "credentials not found in native keychain";

/**
 * `docker-credential-<name> get` for `serverUrl`.
 * @returns the credentials, or `undefined` when the helper has none for that server.
 * @throws CredentialHelperError naming the program and its source when it is missing, fails, times out
 *   or prints anything but the expected JSON.
 */
export async function helperGet(
  name: string,
  serverUrl: string,
  options: CredentialHelperOptions,
): Promise<AuthConfig | undefined> {
  const result = await runHelper(name, "get", serverUrl, options);
  if (result.status !== 0) {
    if (result.stdout.trim() === NOT_FOUND || result.stderr.trim() === NOT_FOUND) return undefined;
    throw failed(name, "get", serverUrl, result.status, options);
  }
  const reply = parseReply(name, "get", result.stdout, options) as {
    Username?: unknown;
    Secret?: unknown;
  };
  if (typeof reply.Username !== "string" || typeof reply.Secret !== "string") {
    throw new CredentialHelperError(
      `credential helper ${program(name)} (${options.source}) answered get for ${serverUrl} without string Username and Secret`,
    );
  }
  if (reply.Secret === "") return undefined;
  if (reply.Username === "<token>") return { identitytoken: reply.Secret, serveraddress: serverUrl };
  return { username: reply.Username, password: reply.Secret, serveraddress: serverUrl };
}

/**
 * `docker-credential-<name> list`: the server URLs the helper stores credentials for.
 * @throws CredentialHelperError as {@link helperGet}.
 */
export async function helperList(name: string, options: CredentialHelperOptions): Promise<string[]> {
  const result = await runHelper(name, "list", "", options);
  if (result.status !== 0) throw failed(name, "list", undefined, result.status, options);
  const reply = parseReply(name, "list", result.stdout, options);
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) {
    throw new CredentialHelperError(
      `credential helper ${program(name)} (${options.source}) answered list with something other than a JSON object`,
    );
  }
  return Object.keys(reply);
}

function program(name: string): string {
  return `docker-credential-${name}`;
}

function failed(
  name: string,
  action: string,
  serverUrl: string | undefined,
  status: number,
  options: CredentialHelperOptions,
): CredentialHelperError {
  const target = serverUrl ? ` for ${serverUrl}` : "";
  return new CredentialHelperError(
    `credential helper ${program(name)} (${options.source}) failed: ${action}${target} exited with status ${status}`,
  );
}

function parseReply(name: string, action: string, stdout: string, options: CredentialHelperOptions): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    throw new CredentialHelperError(
      `credential helper ${program(name)} (${options.source}) printed something that is not JSON for ${action}`,
    );
  }
}

/**
 * Runs the helper with `input` on standard input; resolves to its status and output once it has exited
 * and its output is read — at most {@link AFTER_EXIT_MS} after the exit, so a child holding its output
 * open does not hold the build. Killed past the time limit or {@link CREDENTIAL_HELPER_MAX_OUTPUT_BYTES}.
 */
function runHelper(
  name: string,
  action: "get" | "list",
  input: string,
  options: CredentialHelperOptions,
): Promise<{ status: number; stdout: string; stderr: string }> {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    return Promise.reject(
      new CredentialHelperError(
        `credential helper name ${JSON.stringify(name)} (${options.source}) is not valid`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const child = spawn(program(name), [action], {
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      timeout: options.timeoutMs ?? CREDENTIAL_HELPER_TIMEOUT_MS,
      killSignal: "SIGKILL",
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let printed = 0;
    let tooMuch = false;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      printed += chunk.length;
      if (printed > CREDENTIAL_HELPER_MAX_OUTPUT_BYTES) {
        if (!tooMuch) child.kill("SIGKILL");
        tooMuch = true;
        return;
      }
      into.push(chunk);
    };
    child.stdout.on("data", collect(stdout));
    child.stderr.on("data", collect(stderr));
    child.stdin.on("error", () => {
      // a helper that exits without reading is reported by its status
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new CredentialHelperError(
          error.code === "ENOENT"
            ? `credential helper ${program(name)} (${options.source}) is not installed: not found on PATH`
            : `credential helper ${program(name)} (${options.source}) cannot run (${error.code ?? "error"})`,
        ),
      );
    });
    let open = 2;
    let exit: { status: number | null; signal: NodeJS.Signals | null } | undefined;
    let grace: NodeJS.Timeout | undefined;
    const settle = () => {
      if (!exit) return;
      clearTimeout(grace);
      // a child of the helper may still hold the pipes: stop reading them
      child.stdout.destroy();
      child.stderr.destroy();
      const { status, signal } = exit;
      exit = undefined;
      finish(status, signal);
    };
    const ended = () => {
      if (--open === 0) settle();
    };
    child.stdout.on("close", ended);
    child.stderr.on("close", ended);
    child.on("exit", (status, signal) => {
      exit = { status, signal };
      if (open === 0) settle();
      else grace = setTimeout(settle, AFTER_EXIT_MS);
    });
    const finish = (status: number | null, signal: NodeJS.Signals | null) => {
      if (tooMuch) {
        reject(
          new CredentialHelperError(
            `credential helper ${program(name)} (${options.source}) printed more than ${CREDENTIAL_HELPER_MAX_OUTPUT_BYTES / (1024 * 1024)} MiB for ${action}: stopped`,
          ),
        );
        return;
      }
      if (signal) {
        reject(
          new CredentialHelperError(
            `credential helper ${program(name)} (${options.source}) did not finish ${action} (${signal === "SIGKILL" ? "time limit reached" : signal})`,
          ),
        );
        return;
      }
      resolve({
        status: status ?? 1,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      });
    };
    child.stdin.end(input);
  });
}
