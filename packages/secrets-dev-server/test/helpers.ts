import type { DevServer } from "../src/index.js";

/** One raw call to the dev server over real HTTP: status, parsed JSON body (undefined if empty), headers. */
export async function call(
  server: DevServer,
  method: string,
  path: string,
  init: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers field by field.
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { "X-Svc-Request": "true", ...init.headers };
  const token = init.token === undefined ? server.rootToken : init.token;
  if (token !== null) headers["X-Svc-Token"] = token;
  const res = await fetch(`${server.address}/v1/${path}`, {
    method,
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === "string"
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}
