/**
 * Every name one Compose file defines or uses, with exact ranges, read from the file's own tree (before any
 * merge, so an override file's and an `extends` file's occurrences are all found). What counts as a reference
 * follows compose-go: services are used by `depends_on` (list or mapping), `links` (`name[:alias]`),
 * `volumes_from` (`name[:mode]`, not `container:`), `network_mode`/`ipc`/`pid`/`uts`/`cgroup: service:NAME`
 * (`loader/normalize.go` `inferImplicitDependencies`), `extends` (`extends.go`) and `build.additional_contexts:
 * service:NAME` (compose `addBuildDependencies`); networks by a service's `networks`; named volumes by a
 * service volume's source (a short `name:/path` or a long `type: volume` mount; bind paths are not names, as in
 * `checkConsistency`); secrets by a service's and its build's `secrets`; configs by `configs`. Container names
 * are defined by `container_name` and used by `container:NAME` and `external_links`. Anchored values are
 * visited where the anchor is written (aliases keep the anchor's ranges; the project deduplicates).
 */
import { dirname, resolve } from "node:path";
import { namedVolumeSource } from "../check/consistency/undefined-volume.js";
import { substitute } from "../interpolate/template.js";
import { splitVolumeSpec } from "../load/merge.js";
import { type ComposeNode, propertyNamed, propertyValue, scalarText } from "../model/compose-node.js";
import {
  afterPrefix,
  beforeColon,
  type FileText,
  type LocatedName,
  type NameSpan,
  nameInValue,
  nameOfKey,
  wholeValue,
} from "./name-in-value.js";
import { type NameKind, type NameOccurrence, SECTION_OF_KIND } from "./name-occurrence.js";

/** Where one file's names are looked up (see {@link NameOccurrence.scopes}). */
export interface FileScopes {
  /** The scope of the file's own definitions: `""` for a project file, the file's path for an `extends` file. */
  definitions: string;
  /** Where its references look, in order. */
  references: readonly string[];
  /** The scope of the services of another file an `extends.file` names (absolute path). */
  ofExtendsFile(path: string): string;
}

const NAMESPACE_KEYS = ["network_mode", "ipc", "pid", "uts", "cgroup"] as const;

/** A short volume's source, when it names a volume (`data:/var/lib/data`; not `./data:/d` nor `/d`). */
const volumeSource: NameSpan = (value) => {
  const parts = splitVolumeSpec(value);
  const source = parts.length >= 2 ? namedVolumeSource(parts[0], undefined) : undefined;
  return source === undefined ? undefined : { start: 0, end: source.length };
};

/** A `volumes_from` entry's service (`web`, `web:ro`, `service:web`), not a `container:` one. */
const volumesFromService: NameSpan = (value) => {
  if (value.startsWith("container:")) return undefined;
  return value.startsWith("service:") ? afterPrefix("service:")(value) : beforeColon(value);
};

/** An `additional_contexts` list entry `name=service:web`. */
const additionalContextEntry: NameSpan = (value) => {
  const at = value.indexOf("=");
  const found = at < 0 ? undefined : afterPrefix("service:")(value.slice(at + 1));
  return found && { start: at + 1 + found.start, end: at + 1 + found.end };
};

/** Collects the occurrences of one file (see the module comment). Never throws. */
export function fileOccurrences(
  source: FileText,
  roots: readonly ComposeNode[],
  scopes: FileScopes,
): NameOccurrence[] {
  const out: NameOccurrence[] = [];
  const add = (
    kind: NameKind,
    found: LocatedName | undefined,
    via: string,
    definition = false,
    where: readonly string[] = definition ? [scopes.definitions] : scopes.references,
  ) => {
    if (!found) return;
    out.push({
      kind,
      name: found.name,
      file: source.file,
      range: found.range,
      definition,
      via,
      scopes: where,
      ...(found.fixed ? { fixed: found.fixed } : {}),
    });
  };
  const value = (kind: NameKind, node: ComposeNode | undefined, via: string, span: NameSpan = wholeValue) =>
    add(kind, nameInValue(node, source, span), via);
  /** A list of names or a mapping keyed by them (`depends_on`, service `networks`). */
  const listOrKeys = (kind: NameKind, node: ComposeNode | undefined, via: string) => {
    if (node?.kind === "array") for (const item of node.items) value(kind, item, via);
    else if (node?.kind === "object")
      for (const property of node.properties) add(kind, nameOfKey(property, source), via);
  };
  /** `secrets`/`configs` entries: a name, or a mapping whose `source` is the name. */
  const sources = (kind: NameKind, node: ComposeNode | undefined, via: string) => {
    if (node?.kind !== "array") return;
    for (const item of node.items)
      value(kind, item.kind === "object" ? propertyValue(item, "source") : item, via);
  };

  const service = (node: ComposeNode) => {
    if (node.kind !== "object") return;
    listOrKeys("service", propertyValue(node, "depends_on"), "depends_on");
    for (const item of arrayItems(propertyValue(node, "links"))) value("service", item, "links", beforeColon);
    for (const item of arrayItems(propertyValue(node, "external_links")))
      value("container", item, "external_links", beforeColon);
    for (const item of arrayItems(propertyValue(node, "volumes_from"))) {
      value("service", item, "volumes_from", volumesFromService);
      value("container", item, "volumes_from", afterPrefix("container:"));
    }
    for (const key of NAMESPACE_KEYS) {
      value("service", propertyValue(node, key), key, afterPrefix("service:"));
      value("container", propertyValue(node, key), key, afterPrefix("container:"));
    }
    add(
      "container",
      nameInValue(propertyValue(node, "container_name"), source, wholeValue),
      "container_name",
      true,
    );
    extendsReference(propertyNamed(node, "extends")?.value);
    const build = propertyValue(node, "build");
    const contexts = propertyValue(build, "additional_contexts");
    if (contexts?.kind === "object")
      for (const property of contexts.properties)
        value("service", property.value, "build.additional_contexts", afterPrefix("service:"));
    for (const item of arrayItems(contexts))
      value("service", item, "build.additional_contexts", additionalContextEntry);
    sources("secret", propertyValue(build, "secrets"), "build.secrets");
    listOrKeys("network", propertyValue(node, "networks"), "networks");
    for (const item of arrayItems(propertyValue(node, "volumes"))) {
      if (item.kind !== "object") value("volume", item, "volumes", volumeSource);
      else {
        const type = scalarText(propertyValue(item, "type"));
        if (type === undefined || type === "volume")
          value("volume", propertyValue(item, "source"), "volumes.source", volumeNameOnly);
      }
    }
    sources("secret", propertyValue(node, "secrets"), "secrets");
    sources("config", propertyValue(node, "configs"), "configs");
  };

  const extendsReference = (node: ComposeNode | undefined) => {
    if (node?.kind === "scalar") {
      add("service", nameInValue(node, source, wholeValue), "extends", false, [scopes.definitions]);
      return;
    }
    const file = scalarText(propertyValue(node, "file"));
    const where =
      file === undefined
        ? [scopes.definitions]
        : [scopes.ofExtendsFile(resolve(dirname(source.file), substitute(file, source.lookup).value))];
    add(
      "service",
      nameInValue(propertyValue(node, "service"), source, wholeValue),
      "extends.service",
      false,
      where,
    );
  };

  for (const root of roots) {
    for (const kind of ["service", "network", "volume", "secret", "config"] as const) {
      const section = propertyValue(root, SECTION_OF_KIND[kind]);
      if (section?.kind !== "object") continue;
      for (const property of section.properties) {
        add(kind, nameOfKey(property, source), SECTION_OF_KIND[kind], true);
        if (kind === "service" && property.value) service(property.value);
      }
    }
  }
  return out;
}

/** A long volume's `source` when it is a name (not a bind path). */
const volumeNameOnly: NameSpan = (value) =>
  namedVolumeSource(value, undefined) === undefined ? undefined : wholeValue(value);

function arrayItems(node: ComposeNode | undefined): readonly ComposeNode[] {
  return node?.kind === "array" ? node.items : [];
}
