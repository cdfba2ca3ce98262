/**
 * The `GET /events` query schema (engine §4.3, §6): `since`, `until` and the event filters.
 */
import { z } from "zod";
import { documented } from "../../../meta.js";
import { EVENT_TYPES } from "../events.js";
import { requestObject } from "../request-object.js";
import { filters } from "./query-fields.js";

const source = "engine §6";

/**
 * A time of the events query: Unix seconds (fraction allowed), a date or RFC 3339 time, or a Go duration
 * counted back from now (`10m`, `1h30m`), the forms the engine 20.10 accepts.
 */
const EVENT_TIME =
  /^(\d+(\.\d+)?|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?|((\d+(\.\d+)?)(ns|us|µs|ms|s|m|h))+)$/;

const eventTime = (field: string, description: string) =>
  documented(
    z.string().regex(EVENT_TIME, {
      error: `${field} must be Unix seconds, an RFC 3339 time or a duration such as "10m"`,
    }),
    { description, source },
  ).optional();

/** `GET /events` query (engine §4.3, §6). */
export const EventsQuery = requestObject({
  since: eventTime(
    "since",
    "Show events created since this time (Unix seconds, RFC 3339, or a duration ago), then stream.",
  ),
  until: eventTime("until", "Stop streaming after this time."),
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
