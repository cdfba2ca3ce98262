/**
 * `EngineClient`: the typed client of the engine API, wiring one endpoint group per section of engine §4
 * (`containers`, `images`, `system`, `exec`, `volumes`, … `tasks`) over one `EngineHttp` core, with the
 * pinned API version from `ENGINE_API_VERSION`/`DOCKER_API_VERSION` (engine §9). The groups are wired here
 * only.
 */
import { engineTimeoutSettings, pinnedApiVersion } from "../conventions/environment.js";
import type { NegotiatedVersion } from "./api-version.js";
import { type EngineConnectionOptions, resolveEngineConfig } from "./config.js";
import { ContainersApi } from "./containers.js";
import { type CallOptions, EngineHttp, type EngineHttpOptions } from "./engine-http.js";
import { ExecApi } from "./exec.js";
import { ImagesApi } from "./images.js";
import { NetworksApi } from "./networks.js";
import { NodesApi } from "./nodes.js";
import { PluginsApi } from "./plugins.js";
import { ServicesApi } from "./services.js";
import { SwarmApi } from "./swarm.js";
import { SystemApi } from "./system.js";
import { TasksApi } from "./tasks.js";
import { VolumesApi } from "./volumes.js";

/**
 * `ENGINE_API_VERSION`, else `DOCKER_API_VERSION`, pins the API version and turns negotiation off, unless the
 * options set `apiVersion` or `negotiate` themselves.
 * @throws EngineConfigError naming the variable when it is not `<major>.<minor>`.
 */
function pinnedVersion(options: EngineClientOptions): Pick<EngineClientOptions, "apiVersion" | "negotiate"> {
  if (options.apiVersion !== undefined || options.negotiate !== undefined) return {};
  const pinned = pinnedApiVersion(options.env ?? process.env);
  return pinned ? { apiVersion: pinned.version, negotiate: false } : {};
}

/** Options of {@link EngineClient}: where the engine is, and how to talk to it. */
export interface EngineClientOptions extends EngineConnectionOptions, EngineHttpOptions {}

/**
 * A typed client of the engine API v1.24 over undici, grouped like the document (engine §4):
 * `client.containers`, `images`, `system`, `exec`, `volumes`, `networks`, `plugins`, `nodes`, `swarm`,
 * `services`, `tasks`. Every method takes `{ signal, timeoutMs }` last.
 *
 * ```ts
 * const client = new EngineClient(); // ENGINE_HOST, DOCKER_HOST, a context, else /var/run/engine.sock or /var/run/docker.sock
 * const { Id } = await client.containers.create({ Image: "enginekit/busybox:latest", Cmd: ["true"] });
 * ```
 *
 * The address is parsed at construction: @throws EngineAddressError for a malformed address,
 * EngineConfigError for unreadable TLS files. Calls reject with EngineApiError (engine error status),
 * EngineConnectionError, EngineTimeoutError, EngineVersionError or EngineStreamError (see `errors.ts`).
 */
export class EngineClient {
  /** The address in use, as shown to users (e.g. `unix:///var/run/engine.sock`, `tcp://h:2376 (TLS)`). */
  readonly address: string;
  /** Where the address came from: `--host`, `ENGINE_HOST`, `DOCKER_HOST`, `context "x" (…)` or `default`. */
  readonly addressSource: string;
  /** The HTTP core, for requests the groups do not cover. */
  readonly http: EngineHttp;
  readonly containers: ContainersApi;
  readonly images: ImagesApi;
  readonly system: SystemApi;
  readonly exec: ExecApi;
  readonly volumes: VolumesApi;
  readonly networks: NetworksApi;
  readonly plugins: PluginsApi;
  readonly nodes: NodesApi;
  readonly swarm: SwarmApi;
  readonly services: ServicesApi;
  readonly tasks: TasksApi;

  constructor(options: EngineClientOptions = {}) {
    const merged = { ...engineTimeoutSettings(options.env ?? process.env), ...definedOnly(options) };
    const config = resolveEngineConfig(merged);
    this.http = new EngineHttp(config, { ...merged, ...pinnedVersion(options) });
    this.address = config.display;
    this.addressSource = config.source;
    this.containers = new ContainersApi(this.http);
    this.images = new ImagesApi(this.http);
    this.system = new SystemApi(this.http);
    this.exec = new ExecApi(this.http);
    this.volumes = new VolumesApi(this.http);
    this.networks = new NetworksApi(this.http);
    this.plugins = new PluginsApi(this.http);
    this.nodes = new NodesApi(this.http);
    this.swarm = new SwarmApi(this.http);
    this.services = new ServicesApi(this.http);
    this.tasks = new TasksApi(this.http);
  }

  /** The API version in use, negotiating it on first use (see `EngineHttpOptions.negotiate`). */
  apiVersion(options: CallOptions = {}): Promise<NegotiatedVersion> {
    return this.http.version(options);
  }

  /** Closes the client's connections; open streams end with an error. */
  close(): Promise<void> {
    return this.http.close();
  }
}

/** The options without keys set to `undefined`, so they do not hide environment settings. */
function definedOnly(options: EngineClientOptions): EngineClientOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
