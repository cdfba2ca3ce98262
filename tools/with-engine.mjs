// Shared by tools/test-all.mjs and tools/demo.mjs: makes sure a real engine is reachable.
// When ENGINE_HOST is set it is used as is; otherwise tools/engine/start.sh starts a private one
// (installing Debian's docker.io first when missing, which needs root), and stop() stops only it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Ensures `process.env.ENGINE_HOST` points at a running engine.
 * Returns `{ started, stop }`; `stop()` stops the engine only when this call started it.
 * @param {{ required: boolean }} options  when required and the engine cannot be started, throws.
 */
export function ensureEngine({ required }) {
  if (process.env.ENGINE_HOST) return { started: false, stop() {} };
  const tools = join(import.meta.dirname, "engine");
  let out;
  try {
    out = execFileSync(join(tools, "start.sh"), [], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  } catch (error) {
    const message = `could not start the engine with tools/engine/start.sh (${error.message.split("\n")[0]})`;
    if (required) throw new Error(message);
    console.error(`${message}; engine tests will be skipped`);
    return { started: false, stop() {} };
  }
  const vars = Object.fromEntries(
    out
      .split("\n")
      .map((l) => /^([A-Z_]+)=(.*)$/.exec(l.trim()))
      .filter(Boolean)
      .map((m) => [m[1], m[2]]),
  );
  process.env.ENGINE_HOST = vars.ENGINE_HOST;
  const root = vars.ENGINE_ROOT;
  return {
    started: true,
    stop() {
      try {
        execFileSync(join(tools, "stop.sh"), [root], { stdio: "inherit" });
      } catch (error) {
        console.error(`stopping the engine failed: ${error.message.split("\n")[0]}`);
      }
    },
  };
}
