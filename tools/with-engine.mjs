// Shared by tools/test-all.mjs and tools/demo.mjs: makes sure a real engine is reachable.
// When ENGINE_HOST is set it is used as is; otherwise @enginekit/engine-tools' startEngine() runs
// tools/engine/start.sh (installing Debian's docker.io first when missing, which needs root), and stop()
// stops only that engine. Needs tools/engine built: both callers build first, so the engine tools are
// imported when this is called, never when it is imported (a fresh clone has no dist/ at import time).

/**
 * Ensures `process.env.ENGINE_HOST` points at a running engine.
 * Resolves to `{ started, stop }`; `stop()` (async) stops the engine only when this call started it.
 * @param {{ required: boolean }} options  when required and the engine cannot be started, rejects.
 */
export async function ensureEngine({ required }) {
  if (process.env.ENGINE_HOST) return { started: false, async stop() {} };
  let engine;
  try {
    const { startEngine } = await import("./engine/dist/index.js");
    engine = await startEngine();
  } catch (error) {
    const message = `could not start the engine with tools/engine/start.sh (${error.message})`;
    if (required) throw new Error(message);
    console.error(`${message}; engine steps will be skipped`);
    return { started: false, async stop() {} };
  }
  process.env.ENGINE_HOST = engine.host;
  return {
    started: true,
    async stop() {
      try {
        await engine.stop();
      } catch (error) {
        console.error(`stopping the engine failed: ${error.message.split("\n")[0]}`);
      }
    },
  };
}
