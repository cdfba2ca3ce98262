/**
 * What every consistency check reads: the merged model's services and top-level resources, and a finding
 * builder that locates a finding at a node of the model (in the file that node came from).
 */
import type { PathSegment } from "@enginekit/manifests";
import {
  type ComposeNode,
  type ComposeObject,
  type ComposeProperty,
  propertyValue,
  scalarText,
} from "../../model/compose-node.js";
import type { ComposeFinding, ComposeFindingCode } from "../../model/findings.js";

/** One service of the model: its name, its mapping, and its property (for the key's range). */
export interface ServiceEntry {
  name: string;
  node: ComposeObject;
  property: ComposeProperty;
}

/** The input of a consistency check. */
export class CheckContext {
  readonly services: ServiceEntry[];

  constructor(readonly model: ComposeObject) {
    const services = propertyValue(model, "services");
    this.services =
      services?.kind === "object"
        ? services.properties.flatMap((property) =>
            property.value?.kind === "object" ? [{ name: property.key, node: property.value, property }] : [],
          )
        : [];
  }

  /** The names defined under a top-level section (`networks`, `volumes`, `secrets`, `configs`, `services`). */
  names(section: string): Set<string> {
    const node = propertyValue(this.model, section);
    return new Set(node?.kind === "object" ? node.properties.map((p) => p.key) : []);
  }

  /** A finding at `node`. */
  finding(
    code: ComposeFindingCode,
    message: string,
    node: ComposeNode | ComposeProperty,
    path: PathSegment[],
  ): ComposeFinding {
    const range = "kind" in node ? node.range : node.keyRange;
    return { code, message, severity: "error", file: node.file, range, path };
  }
}

/** The entries of a list or the keys of a mapping (`networks: [a]` / `networks: {a: …}`), with their nodes. */
export function namedEntries(
  node: ComposeNode | undefined,
): { name: string; node: ComposeNode | ComposeProperty }[] {
  if (node?.kind === "array")
    return node.items.flatMap((item) =>
      item.kind === "scalar" && item.value !== null ? [{ name: String(item.value), node: item }] : [],
    );
  if (node?.kind === "object") return node.properties.map((p) => ({ name: p.key, node: p }));
  return [];
}

/**
 * Findings for the entries of a `secrets`/`configs` list (short form: the name; long form: `source`) whose
 * name is not in `defined`: "service "web" refers to undefined secret x".
 */
export function undefinedReferences(
  context: CheckContext,
  list: ComposeNode | undefined,
  defined: Set<string>,
  code: ComposeFindingCode,
  what: string,
  service: string,
  path: PathSegment[],
): ComposeFinding[] {
  if (list?.kind !== "array") return [];
  return list.items.flatMap((item, index) => {
    const sourceNode = item.kind === "object" ? propertyValue(item, "source") : item;
    const source = scalarText(sourceNode);
    if (source === undefined || defined.has(source)) return [];
    return [
      context.finding(
        code,
        `service "${service}" refers to undefined ${what} ${source}`,
        sourceNode ?? item,
        [...path, index],
      ),
    ];
  });
}
