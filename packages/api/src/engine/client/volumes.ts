/**
 * `VolumesApi`: the volume endpoints of the engine API (engine §4.5). The model for a client call
 * (docs/architecture.md): one class per endpoint group, response schemas loaded lazily.
 */
import { lazySchemas } from "../../lazy-schema.js";
import type { Volume, VolumeCreateBody, VolumeListQuery, VolumeListResponse } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const volumeSchemas = lazySchemas(() => import("../schemas/volume.js"), ["Volume", "VolumeListResponse"]);

/** Volume endpoints (engine §4.5). */
export class VolumesApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /volumes`: `{ Volumes, Warnings }`. */
  list(query: VolumeListQuery = {}, options: CallOptions = {}): Promise<VolumeListResponse> {
    return this.http.json(
      { method: "GET", path: "/volumes", query, ...options },
      volumeSchemas.VolumeListResponse,
    );
  }

  /** `POST /volumes/create` (name generated when omitted; driver default `local`). */
  create(body: VolumeCreateBody = {}, options: CallOptions = {}): Promise<Volume> {
    return this.http.json(
      { method: "POST", path: "/volumes/create", json: body, ...options },
      volumeSchemas.Volume,
    );
  }

  /** `GET /volumes/(name)`. */
  inspect(name: string, options: CallOptions = {}): Promise<Volume> {
    return this.http.json(
      { method: "GET", path: `/volumes/${segment(name)}`, ...options },
      volumeSchemas.Volume,
    );
  }

  /** `DELETE /volumes/(name)`: 409 while a container uses it. */
  async remove(name: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/volumes/${segment(name)}`, ...options });
  }
}
