/**
 * A request body built from a Compose service whose every value is located at the Compose text it came
 * from: the body is a located tree (the manifests' node types), so the manifest checks of
 * `@enginekit/manifests` run on it unchanged and their findings land on the Compose value, and each engine
 * field remembers the Compose key it was translated from (`HostConfig.BlkioWeight` ← `blkio_config.weight`)
 * for the messages.
 */
import type { PathSegment } from "@enginekit/manifests";
import type { ComposeNode, ComposeObject, ComposeProperty } from "../model/compose-node.js";

/** Where an engine field came from: the Compose node and its Compose name (`healthcheck.interval`). */
export interface FieldOrigin {
  node: ComposeNode;
  composeKey: string;
}

/** A plain JSON value. */
export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** Builds one located body; see the module comment. */
export class LocatedBody {
  readonly root: ComposeObject;
  readonly #origins = new Map<string, FieldOrigin>();

  constructor(anchor: ComposeNode) {
    this.root = { kind: "object", properties: [], range: anchor.range, file: anchor.file };
  }

  /** Sets `path` to `value`, located at `from`, translated from the Compose key `composeKey`. */
  set(path: readonly string[], value: Plain | undefined, from: ComposeNode, composeKey: string): void {
    if (value === undefined) return;
    let object = this.root;
    for (const segment of path.slice(0, -1)) {
      let property = object.properties.find((p) => p.key === segment);
      if (property?.value?.kind !== "object") {
        const child: ComposeObject = { kind: "object", properties: [], range: from.range, file: from.file };
        property = { key: segment, keyRange: from.range, value: child, range: from.range, file: from.file };
        replaceLast(object.properties, property);
      }
      object = property.value as ComposeObject;
    }
    const key = path[path.length - 1]!;
    const property: ComposeProperty = {
      key,
      keyRange: from.range,
      value: located(value, from),
      range: from.range,
      file: from.file,
    };
    replaceLast(object.properties, property);
    this.#origins.set(JSON.stringify(path), { node: from, composeKey });
  }

  /**
   * Sets `path` to a list whose every item is located at its own Compose node (a finding about one
   * placement constraint lands on that constraint), the list itself at `from`.
   */
  setItems(
    path: readonly string[],
    items: readonly { value: Plain; from: ComposeNode }[],
    from: ComposeNode,
    composeKey: string,
  ): void {
    this.set(path, [], from, composeKey);
    const list = this.#nodeAt(path);
    if (list?.kind !== "array") return;
    list.items = items.map((item) => located(item.value, item.from));
    items.forEach((item, index) => {
      this.#origins.set(JSON.stringify([...path, index]), { node: item.from, composeKey });
    });
  }

  #nodeAt(path: readonly string[]): ComposeNode | undefined {
    let node: ComposeNode | undefined = this.root;
    for (const segment of path)
      node = node?.kind === "object" ? node.properties.find((p) => p.key === segment)?.value : undefined;
    return node;
  }

  /** The origin of the engine field at `path` (or of its nearest recorded ancestor). */
  origin(path: readonly PathSegment[]): FieldOrigin | undefined {
    for (let length = path.length; length > 0; length--) {
      const found = this.#origins.get(JSON.stringify(path.slice(0, length)));
      if (found) return found;
    }
    return undefined;
  }
}

/**
 * Removes the property named as `property` from `properties` (this class's own arrays, at most one per
 * key) and appends `property`: a key set again moves last, as JSON objects are written.
 */
function replaceLast(properties: ComposeProperty[], property: ComposeProperty): void {
  const at = properties.findIndex((p) => p.key === property.key);
  if (at >= 0) properties.splice(at, 1);
  properties.push(property);
}

function located(value: Plain, from: ComposeNode): ComposeNode {
  const { range, file } = from;
  if (Array.isArray(value))
    return { kind: "array", items: value.map((item) => located(item, from)), range, file };
  if (value !== null && typeof value === "object")
    return {
      kind: "object",
      properties: Object.entries(value).map(([key, item]) => ({
        key,
        keyRange: range,
        value: located(item, from),
        range,
        file,
      })),
      range,
      file,
    };
  return { kind: "scalar", value, style: "plain", range, file };
}
