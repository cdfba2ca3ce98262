/**
 * `ENGINE_KIND_SCHEMAS`: the default schema per manifest kind, the `@enginekit/api` request schemas
 * (engine §2.1, §2.2, §4.5, §4.6, §4.9, §4.10), with a container's `Name` (engine §4.1, §8).
 */
import {
  ContainerCreateBody,
  ContainerName,
  NetworkCreateBody,
  ServiceSpec,
  SwarmInitBody,
  VolumeCreateBody,
} from "@enginekit/api";
import type { KindSchemas } from "./kind-schema.js";

/**
 * The default schema table: the request schemas of `@enginekit/api` (engine API v1.24). A container
 * manifest may also carry `Name`, the `name` query parameter of `POST /containers/create` (engine §4.1, §8),
 * checked with the api's `ContainerName`.
 */
export const ENGINE_KIND_SCHEMAS: KindSchemas = {
  container: { body: ContainerCreateBody, extraKeys: { Name: ContainerName } },
  service: { body: ServiceSpec },
  network: { body: NetworkCreateBody },
  volume: { body: VolumeCreateBody },
  swarm: { body: SwarmInitBody },
};
