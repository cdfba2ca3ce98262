/**
 * Network schemas (engine §2.7, §4.6): IPAM, the create, connect and disconnect bodies, the create answer,
 * and a network as listed and inspected with its containers.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { labels, responseBoolean, responseString, responseStringMap, StringMap } from "./common.js";
import { EndpointIPAMConfig } from "./container-create.js";
import { requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

const source = "engine §2.7";

/** One IPAM pool (engine §2.7). */
export const IPAMPool = requestObject({
  Subnet: documented(z.string(), {
    description: "Subnet in CIDR form, e.g. 172.20.0.0/16.",
    source,
  }).optional(),
  IPRange: documented(z.string(), { description: "Range to allocate from, CIDR.", source }).optional(),
  Gateway: documented(z.string(), { description: "Gateway address.", source }).optional(),
  AuxiliaryAddresses: documented(StringMap.nullable(), {
    description: "Addresses reserved for other uses: map host name to IP.",
    source,
    decision:
      "The document calls it AuxAddress; the engine's JSON key is AuxiliaryAddresses (AuxAddress would be ignored), so we use the engine's key.",
  }).optional(),
});
export type IPAMPool = z.infer<typeof IPAMPool>;

/** IP address management of a network (engine §2.7, §4.6). */
export const IPAM = requestObject({
  Driver: documented(z.string(), { description: "IPAM driver.", default: "default", source }).optional(),
  Config: documented(z.array(IPAMPool).nullable(), { description: "Address pools.", source }).optional(),
  Options: documented(StringMap.nullable(), { description: "Driver options.", source }).optional(),
});
export type IPAM = z.infer<typeof IPAM>;

/** `POST /networks/create` body (engine §4.6). */
export const NetworkCreateBody = requestObject({
  Name: documented(z.string().min(1, { error: "Name must not be empty" }), {
    description: "Network name.",
    source: "engine §4.6",
  }),
  CheckDuplicate: documented(z.boolean(), {
    description: "Best-effort check for an existing network with the same name.",
    default: false,
    source: "engine §4.6",
  }).optional(),
  Driver: documented(z.string(), {
    description: "Network driver.",
    default: "bridge",
    source: "engine §4.6",
  }).optional(),
  Internal: documented(z.boolean(), {
    description: "Restrict external access to the network.",
    source: "engine §4.6",
  }).optional(),
  IPAM: documented(IPAM, { description: "IP address management.", source: "engine §4.6" }).optional(),
  EnableIPv6: documented(z.boolean(), { description: "Enable IPv6.", source: "engine §4.6" }).optional(),
  Options: documented(StringMap.nullable(), {
    description: "Driver options.",
    source: "engine §4.6",
  }).optional(),
  Labels: labels("engine §4.6"),
});
export type NetworkCreateBody = z.infer<typeof NetworkCreateBody>;

/** `POST /networks/create` 201 response (engine §4.6). */
export const NetworkCreateResponse = z.looseObject({
  Id: documented(z.string(), { description: "ID of the network.", source: "engine §4.6" }),
  Warning: responseString("Warning.", "engine §4.6"),
});
export type NetworkCreateResponse = z.infer<typeof NetworkCreateResponse>;

/** `POST /networks/(id)/connect` body (engine §4.6). */
export const NetworkConnectBody = requestObject({
  Container: documented(z.string().min(1), { description: "Container ID or name.", source: "engine §4.6" }),
  EndpointConfig: documented(
    requestObject({
      IPAMConfig: documented(EndpointIPAMConfig, {
        description: "Static addresses.",
        source: "engine §4.6",
      }).optional(),
      Links: documented(z.array(z.string()).nullable(), {
        description: "Links.",
        source: "engine §2.1",
      }).optional(),
      Aliases: documented(z.array(z.string()).nullable(), {
        description: "Aliases.",
        source: "engine §2.1",
      }).optional(),
    }),
    { description: "Endpoint settings.", source: "engine §4.6" },
  ).optional(),
});
export type NetworkConnectBody = z.infer<typeof NetworkConnectBody>;

/** `POST /networks/(id)/disconnect` body (engine §4.6). */
export const NetworkDisconnectBody = requestObject({
  Container: documented(z.string().min(1), { description: "Container ID or name.", source: "engine §4.6" }),
  Force: documented(z.boolean(), {
    description: "Force the disconnection.",
    source: "engine §4.6",
  }).optional(),
});
export type NetworkDisconnectBody = z.infer<typeof NetworkDisconnectBody>;

/** A container attached to a network (engine §2.7). */
export const NetworkContainer = z.looseObject({
  Name: responseString("Container name (inspect only).", source),
  EndpointID: responseString("Endpoint ID.", source),
  MacAddress: responseString("MAC address.", source),
  IPv4Address: responseString("IPv4 address, CIDR.", source),
  IPv6Address: responseString("IPv6 address, CIDR.", source),
});
export type NetworkContainer = z.infer<typeof NetworkContainer>;

/** A network as listed and inspected (engine §2.7). */
export const Network = z.looseObject({
  Name: responseString("Network name.", source),
  Id: responseString("Network ID.", source),
  Created: responseString("Creation time (RFC 3339).", "engine 20.10"),
  Scope: responseString("local, swarm or global.", source),
  Driver: responseString("Driver.", source),
  EnableIPv6: responseBoolean("IPv6 enabled.", source),
  Internal: responseBoolean("Internal network.", source),
  IPAM: documented(asResponse(IPAM), { description: "IP address management.", source }).optional(),
  Containers: documented(z.record(z.string(), NetworkContainer).nullable(), {
    description: "Attached containers: map container ID to endpoint.",
    source,
  }).optional(),
  Options: responseStringMap("Driver options.", source),
  Labels: responseStringMap("Labels.", source),
});
export type Network = z.infer<typeof Network>;
