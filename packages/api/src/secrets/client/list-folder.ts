/**
 * `listFolder`: the keys under a folder, by `LIST` or `GET ?list=true`, a 404 being an empty list
 * (secrets §4 rules 3–4).
 */
import { lazySchemas } from "../../lazy-schema.js";
import { parseBody } from "./parse.js";
import type { SecretsCallOptions, SecretsTransport } from "./transport.js";

/** The key-list schema, imported on the first listing (start-up: see `lazy-schema.ts`). */
const kvSchemas = lazySchemas(() => import("../schemas/kv.js"), ["KvListResponse"]);

/**
 * Lists the keys under the folder `route` (names relative to it; sub-folders end in `/`), sent as
 * `LIST <route>` (`method: "list"`) or `GET <route>?list=true` (`"get"`, which every proxy passes). A
 * missing or empty folder (404) is an empty list (secrets §4 rule 4; research §5). Throws what
 * `SecretsTransport.send` throws, and `SecretsProtocolError` for a body that is not a key list.
 */
export async function listFolder(
  transport: SecretsTransport,
  route: string,
  method: "get" | "list",
  options: SecretsCallOptions,
): Promise<string[]> {
  const res =
    method === "list"
      ? await transport.send({ ...options, method: "LIST", path: route, accept: [404] })
      : await transport.send({
          ...options,
          method: "GET",
          path: route,
          query: { list: "true" },
          accept: [404],
        });
  if (res.status === 404) return [];
  return parseBody(await kvSchemas.KvListResponse(), res.body, "LIST", route).data.keys;
}
