import type { z } from "zod";
import { EVENT_TYPES } from "../events.js";
import { requestObject } from "../request-object.js";
import { filters, queryString } from "./query-fields.js";

const source = "engine §6";

/** `GET /events` query (engine §4.3, §6). */
export const EventsQuery = requestObject({
  since: queryString(
    "Show events created since this time (Unix seconds, RFC 3339 or a duration), then stream.",
    source,
  ),
  until: queryString("Stop streaming after this time.", source),
  filters: filters("GET /events", source, {
    container: { description: "Container ID or name." },
    event: { description: "Event action, e.g. start." },
    image: { description: "Image name or ID." },
    label: { description: "Image or container label, key or key=value." },
    type: { description: "Object type.", values: EVENT_TYPES },
    volume: { description: "Volume name." },
    network: { description: "Network name or ID." },
    daemon: { description: "Daemon name or ID." },
  }),
});
export type EventsQuery = z.infer<typeof EventsQuery>;
