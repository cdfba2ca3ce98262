/**
 * Plugin schemas (experimental; engine §2.8, §4.7): a plugin with its manifest, mounts, devices and
 * environment, and the privileges a plugin asks for on pull.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { responseBoolean, responseList, responseString } from "./common.js";

const source = "engine §2.8";

const settable = {
  Name: responseString("Name.", source),
  Description: responseString("Description.", source),
  Settable: responseList(z.string(), "Settable parts.", source),
};

/** A mount a plugin declares (engine §2.8). */
export const PluginMount = z.looseObject({
  ...settable,
  Source: responseString("Source.", source),
  Destination: responseString("Destination.", source),
  Type: responseString("Mount type (e.g. bind, tmpfs).", source),
  Options: responseList(z.string(), "Options.", source),
});

/** A device a plugin declares (engine §2.8). */
export const PluginDevice = z.looseObject({ ...settable, Path: responseString("Device path.", source) });

/** An environment variable a plugin declares (engine §2.8). */
export const PluginEnv = z.looseObject({ ...settable, Value: responseString("Value.", source) });

/** The plugin's manifest (engine §2.8). */
export const PluginManifest = z.looseObject({
  ManifestVersion: responseString("Manifest version.", source),
  Description: responseString("Description.", source),
  Documentation: responseString("Documentation URL.", source),
  Interface: documented(
    z.looseObject({ Types: z.array(z.unknown()).nullable().optional(), Socket: z.string().optional() }),
    { description: "Plugin interface: Types and Socket.", source },
  ).optional(),
  Entrypoint: responseList(z.string(), "Entry point.", source),
  Workdir: responseString("Working directory.", source),
  User: documented(z.looseObject({}), { description: "User (object).", source }).optional(),
  Network: documented(z.looseObject({ Type: z.string().optional() }), {
    description: "Network Type.",
    source,
  }).optional(),
  Capabilities: responseList(z.string(), "Capabilities.", source),
  Mounts: responseList(PluginMount, "Mounts.", source),
  Devices: responseList(PluginDevice, "Devices.", source),
  Env: responseList(PluginEnv, "Environment.", source),
  Args: documented(z.looseObject({ ...settable, Value: z.array(z.string()).nullable().optional() }), {
    description: "Arguments: Name, Description, Settable, Value list.",
    source,
  }).optional(),
});

/** A plugin (experimental; engine §2.8). */
export const Plugin = z.looseObject({
  Id: responseString("Plugin ID.", source),
  Name: documented(z.string(), { description: "Plugin name.", source }),
  Tag: responseString("Tag (default latest).", source),
  Active: responseBoolean("Enabled.", "engine §2.8, §3.2"),
  Config: documented(
    z.looseObject({
      Mounts: z.array(PluginMount).nullable().optional(),
      Env: z.array(z.string()).nullable().optional(),
      Args: z.array(z.string()).nullable().optional(),
      Devices: z.array(PluginDevice).nullable().optional(),
    }),
    { description: "Current settings: Mounts, Env, Args, Devices.", source },
  ).optional(),
  Manifest: documented(PluginManifest, { description: "Manifest.", source }).optional(),
});
export type Plugin = z.infer<typeof Plugin>;

/** A privilege a plugin asks for on `POST /plugins/pull` (engine §4.7). */
export const PluginPrivilege = z.looseObject({
  Name: responseString("Privilege name (network, mount, device ...).", "engine §4.7"),
  Description: responseString("Description.", "engine §4.7"),
  Value: responseList(z.string(), "Values.", "engine §4.7"),
});
export type PluginPrivilege = z.infer<typeof PluginPrivilege>;
