/**
 * The schema types the EngineClient's methods are typed with. They come from `../schemas/` (the one source
 * of truth, ARCHITECTURE.md principle 1); until a schema lands there, a loose placeholder stands in here so
 * the client builds. Responses are not validated at run time unless the client's `validate` option is set.
 */

/** A JSON object with unknown fields (placeholder until the schema lands). */
export type JsonObject = { [key: string]: unknown };

export type SystemVersion = JsonObject & {
  ApiVersion?: string;
  MinAPIVersion?: string;
  Version?: string;
  Os?: string;
  Arch?: string;
};
export type SystemInfo = JsonObject;
export type ContainerCreateBody = JsonObject & { Image?: string };
export type ContainerCreateResponse = { Id: string; Warnings?: string[] | null };
export type ContainerSummary = JsonObject & { Id: string };
export type ContainerInspect = JsonObject & { Id: string };
export type ContainerWaitResponse = { StatusCode: number };
export type ImageSummary = JsonObject & { Id: string };
export type ImageInspect = JsonObject & { Id: string };
export type ImageHistoryItem = JsonObject;
export type Volume = JsonObject & { Name: string };
export type VolumeCreateBody = JsonObject;
export type VolumeListResponse = { Volumes?: Volume[] | null; Warnings?: string[] | null };
export type Network = JsonObject & { Id?: string; Name?: string };
export type NetworkCreateBody = JsonObject & { Name: string };
export type ExecCreateBody = JsonObject;
export type ExecInspect = JsonObject;
export type Swarm = JsonObject & { ID?: string; Version?: { Index?: number } };
export type SwarmInitBody = JsonObject;
export type Node = JsonObject & { ID?: string; Version?: { Index?: number } };
export type ServiceSpec = JsonObject;
export type Service = JsonObject & { ID?: string; Version?: { Index?: number } };
export type Task = JsonObject & { ID?: string };
export type EngineEvent = JsonObject;
