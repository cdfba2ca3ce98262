/**
 * Event stream schemas (engine §6): the event types and actions, the actor, and one `GET /events` item.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { responseNumber, responseString } from "./common.js";

const source = "engine §6";

/** Event object types (engine §6). */
export const EVENT_TYPES = ["container", "image", "volume", "network", "daemon"] as const;

/** Actions per event type (engine §6). Newer engines send more (e.g. plugin, service, node). */
export const EVENT_ACTIONS = {
  container: [
    "attach",
    "commit",
    "copy",
    "create",
    "destroy",
    "detach",
    "die",
    "exec_create",
    "exec_detach",
    "exec_start",
    "export",
    "health_status",
    "kill",
    "oom",
    "pause",
    "rename",
    "resize",
    "restart",
    "start",
    "stop",
    "top",
    "unpause",
    "update",
  ],
  image: ["delete", "import", "load", "pull", "push", "save", "tag", "untag"],
  volume: ["create", "mount", "unmount", "destroy"],
  network: ["create", "connect", "disconnect", "destroy"],
  daemon: ["reload"],
} as const;

/** The actor of an event (engine §6). */
export const EventActor = z.looseObject({
  ID: responseString("ID of the object.", source),
  Attributes: documented(z.record(z.string(), z.string()).nullable(), {
    description:
      "Attributes: container events carry name, image and labels; die adds exitCode; resize adds height and width; network connect/disconnect carry container, name, type.",
    source,
  }).optional(),
});
export type EventActor = z.infer<typeof EventActor>;

/** One item of `GET /events` (engine §6). */
export const EngineEvent = z.looseObject({
  status: responseString("Status (container and image events; legacy).", source),
  id: responseString("ID (present with status).", source),
  from: responseString("Image name (container events).", source),
  Type: responseString("container, image, volume, network or daemon (newer engines add more).", source),
  Action: responseString("The action, e.g. create, start, die.", source),
  Actor: documented(EventActor, { description: "The object the event is about.", source }).optional(),
  scope: responseString("local or swarm.", "engine 20.10"),
  time: responseNumber("Time.", source, { unit: "Unix seconds" }),
  timeNano: responseNumber("Time in nanoseconds since the Unix epoch.", source),
});
export type EngineEvent = z.infer<typeof EngineEvent>;
