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
