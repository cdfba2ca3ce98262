import { Volume, type VolumeCreateBody, type VolumeListQuery, VolumeListResponse } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** Volume endpoints (engine §4.5). */
export class VolumesApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /volumes`: `{ Volumes, Warnings }`. */
  list(query: VolumeListQuery = {}, options: CallOptions = {}): Promise<VolumeListResponse> {
    return this.http.json({ method: "GET", path: "/volumes", query, ...options }, VolumeListResponse);
  }

  /** `POST /volumes/create` (name generated when omitted; driver default `local`). */
  create(body: VolumeCreateBody = {}, options: CallOptions = {}): Promise<Volume> {
    return this.http.json({ method: "POST", path: "/volumes/create", json: body, ...options }, Volume);
  }

  /** `GET /volumes/(name)`. */
  inspect(name: string, options: CallOptions = {}): Promise<Volume> {
    return this.http.json({ method: "GET", path: `/volumes/${segment(name)}`, ...options }, Volume);
  }

  /** `DELETE /volumes/(name)`: 409 while a container uses it. */
  async remove(name: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/volumes/${segment(name)}`, ...options });
  }
}
