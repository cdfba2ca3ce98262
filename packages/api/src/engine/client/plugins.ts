/**
 * `PluginsApi`: the plugin endpoints of the engine API (engine §4.7, experimental).
 */
import { lazySchemas } from "../../lazy-schema.js";
import type { AuthConfig, Plugin, PluginPrivilege } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { reference } from "./engine-http.js";
import { encodeRegistryAuth } from "./registry-auth.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const pluginSchemas = lazySchemas(() => import("../schemas/plugin.js"), ["Plugin", "PluginPrivilege"]);

/** Plugin endpoints (engine §4.7, experimental). `name` may carry a tag (default `latest`). */
export class PluginsApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /plugins`. */
  list(options: CallOptions = {}): Promise<Plugin[]> {
    return this.http.jsonList({ method: "GET", path: "/plugins", ...options }, pluginSchemas.Plugin);
  }

  /** `POST /plugins/pull?name=`: installs a plugin (inactive); resolves to the privileges it requested. */
  pull(name: string, options: CallOptions & { auth?: AuthConfig } = {}): Promise<PluginPrivilege[]> {
    const { auth, ...call } = options;
    const headers: Record<string, string> = {};
    if (auth) headers["x-registry-auth"] = encodeRegistryAuth(auth);
    return this.http.jsonList(
      {
        method: "POST",
        path: "/plugins/pull",
        query: { name },
        headers,
        long: true,
        ...call,
      },
      pluginSchemas.PluginPrivilege,
    );
  }

  /**
   * `GET /plugins/(name)/json`. The document names `GET /plugins/(name)`, which real engines answer with
   * 404 `page not found` (verified on docker.io 20.10); they serve inspect at `/plugins/(name)/json`.
   */
  inspect(name: string, options: CallOptions = {}): Promise<Plugin> {
    return this.http.json(
      { method: "GET", path: `/plugins/${reference(name)}/json`, ...options },
      pluginSchemas.Plugin,
    );
  }

  /** `POST /plugins/(name)/enable`: 500 when already enabled. */
  async enable(name: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "POST", path: `/plugins/${reference(name)}/enable`, ...options });
  }

  /** `POST /plugins/(name)/disable`: 500 when already disabled. */
  async disable(name: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "POST", path: `/plugins/${reference(name)}/disable`, ...options });
  }

  /** `DELETE /plugins/(name)`: 500 while active. */
  async remove(name: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/plugins/${reference(name)}`, ...options });
  }
}
