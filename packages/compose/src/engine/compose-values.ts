/**
 * Reading Compose values as compose-go's types read them, shared by both translations (a service into the
 * container create body `docker compose up` sends, and into the swarm service spec `docker stack deploy`
 * sends): scalars as text, integers and booleans, Go durations (`types.Duration`: a number is nanoseconds),
 * lists of strings, commands (a string is split into shell words, as `types.ShellCommand`), and ports
 * (`types.ParsePortConfig`, short and long syntax). Each returns undefined for a value Compose would refuse
 * to convert (the schema layer reports it). Pure.
 */
import { parseDuration } from "@enginekit/text";
import { type ComposeNode, propertyValue, scalarText } from "../model/compose-node.js";
import { splitPortSpec } from "../model/port-spec.js";
import { splitShellWords } from "./shell-words.js";

/** The scalar's text (numbers and booleans as written), or undefined. */
export function text(node: ComposeNode | undefined): string | undefined {
  return scalarText(node);
}

/** A whole number (a number, or a string of one), or undefined. */
export function integer(node: ComposeNode | undefined): number | undefined {
  if (node?.kind !== "scalar" || node.value === null || node.value === "") return undefined;
  const number = typeof node.value === "number" ? node.value : Number(node.value);
  return Number.isFinite(number) ? number : undefined;
}

/** A boolean (`true`/`false`, or the strings), or undefined. */
export function boolean(node: ComposeNode | undefined): boolean | undefined {
  if (node?.kind !== "scalar") return undefined;
  if (typeof node.value === "boolean") return node.value;
  if (node.value === "true") return true;
  if (node.value === "false") return false;
  return undefined;
}

/** Nanoseconds of a Go duration (`30s`, `1m30s`); a number is nanoseconds, as compose-go's `types.Duration`. */
export function nanoseconds(node: ComposeNode | undefined): number | undefined {
  if (node?.kind !== "scalar" || node.value === null) return undefined;
  if (typeof node.value === "number") return node.value;
  const parsed = parseDuration(String(node.value));
  return parsed.ok ? Number(parsed.nanoseconds) : undefined;
}

/** A string, or a list of scalars, as a list of strings; undefined otherwise. */
export function strings(node: ComposeNode | undefined): string[] | undefined {
  if (node === undefined) return undefined;
  if (node.kind === "scalar") return node.value === null ? undefined : [String(node.value)];
  if (node.kind === "array")
    return node.items.flatMap((item) => (scalarText(item) === undefined ? [] : [scalarText(item)!]));
  return undefined;
}

/** A command: a string split into shell words, or a list. */
export function command(node: ComposeNode | undefined): string[] | undefined {
  if (node?.kind === "scalar") return node.value === null ? undefined : splitShellWords(String(node.value));
  return strings(node);
}

/** A port spec's parts (compose-go `types.ParsePortConfig`, short syntax `[[ip:]published:]target[/proto]`). */
export function portsOf(
  node: ComposeNode,
): { target: string; protocol: string; published?: string; hostIp?: string }[] {
  if (node.kind === "object") {
    const target = text(propertyValue(node, "target"));
    if (!target) return [];
    const published = text(propertyValue(node, "published"));
    const hostIp = text(propertyValue(node, "host_ip"));
    return [
      {
        target,
        protocol: text(propertyValue(node, "protocol")) ?? "tcp",
        ...(published ? { published } : {}),
        ...(hostIp ? { hostIp } : {}),
      },
    ];
  }
  const spec = text(node);
  if (!spec) return [];
  const { target, protocol, published, hostIp } = splitPortSpec(spec);
  const expand = (range: string) => {
    const [from, to] = range.split("-");
    const a = Number(from);
    const b = to === undefined ? a : Number(to);
    if (!Number.isInteger(a) || !Number.isInteger(b) || b < a || b - a > 1000) return [range];
    return Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
  };
  const targets = expand(target);
  const publishedList = published ? expand(published) : [];
  return targets.map((t, i) => ({
    target: t,
    protocol,
    ...(published
      ? { published: publishedList.length === targets.length ? publishedList[i]! : published }
      : {}),
    ...(hostIp ? { hostIp } : {}),
  }));
}
