/**
 * `helpReply`: the dev server's `?help=1` answer, Markdown and an OpenAPI document relative to the queried
 * path (secrets §4).
 */
import type { KvMount } from "./state.js";
import type { DevReply } from "./types.js";

/** Routes of each engine relative to its mount, with a one-line description (secrets §2). */
const KV_V2_ROUTES: Record<string, string> = {
  config: "Configures settings for the KV store.",
  "data/{path}": "Write, Read, and Delete data in the Key-Value Store.",
  "metadata/{path}": "Configures settings for the KV store and lists keys.",
  "delete/{path}": "Marks one or more versions as deleted in the KV store.",
  "undelete/{path}": "Undeletes one or more versions from the KV store.",
  "destroy/{path}": "Permanently removes one or more versions in the KV store.",
};
const KV_V1_ROUTES: Record<string, string> = {
  "{path}":
    "Pass-through secret storage to the storage backend, allowing you to read/write arbitrary data into secret storage.",
};

/**
 * The path of `route` relative to `asked` (both relative to the mount), or undefined when `route` is
 * neither at nor below `asked`. `{path}` matches any remainder.
 */
function relativeRoute(route: string, asked: string): string | undefined {
  const r = route.split("/");
  const a = asked
    .replace(/\/$/, "")
    .split("/")
    .filter((s) => s !== "");
  for (let i = 0; i < a.length; i++) {
    const seg = r[i];
    if (seg === undefined) return undefined;
    if (seg === "{path}") return "";
    if (seg !== a[i]) return undefined;
  }
  return r.slice(a.length).join("/");
}

/**
 * The `?help=1` answer for `rest` inside `mount` at `mountPath`: markdown and an OpenAPI 3.0.2 document
 * whose paths are relative to the queried path (secrets §4; research secrets-anchors §8).
 */
export function helpReply(mountPath: string, mount: KvMount | undefined, rest: string): DevReply {
  const routes = mount ? (mount.version === 2 ? KV_V2_ROUTES : KV_V1_ROUTES) : {};
  const paths: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [route, description] of Object.entries(routes)) {
    const rel = relativeRoute(route, rest);
    if (rel === undefined) continue;
    paths[`/${rel}`] = {
      description,
      parameters: rel.includes("{path}")
        ? [{ name: "path", in: "path", required: true, schema: { type: "string" } }]
        : [],
    };
    lines.push(`    ${route}\n        ${description}`);
  }
  const title = mount ? `${mount.description} (KV version ${mount.version})` : "system backend";
  const help = `## DESCRIPTION\n\n${title} mounted at ${mountPath}.\n\n## PATHS\n\nThe following paths are supported by this backend:\n\n${lines.join("\n\n")}\n`;
  return {
    status: 200,
    body: {
      help,
      openapi: { openapi: "3.0.2", info: { title: "enginekit secrets dev server", version: "1" }, paths },
      see_also: null,
    },
  };
}
