/**
 * The names a Compose project gives and uses: a service, network, volume, secret or config is defined by its
 * key under the top-level section of that name and referred to from service attributes (compose-go's
 * `loader/normalize.go` `inferImplicitDependencies` and `checkConsistency` say which); a container name is
 * defined by `container_name` and used by `container:NAME`. One occurrence is one place in one file where a
 * name is written, with the exact range of its characters.
 */
import type { Range } from "@enginekit/manifests";

/** What a name names. `container` is a `container_name`, which `container:NAME` references use. */
export type NameKind = "service" | "network" | "volume" | "secret" | "config" | "container";

/** The top-level section that defines each kind of name (`container` has none: `container_name` does). */
export const SECTION_OF_KIND = {
  service: "services",
  network: "networks",
  volume: "volumes",
  secret: "secrets",
  config: "configs",
} as const satisfies Partial<Record<NameKind, string>>;

/**
 * One place a name is written. `range` spans the name's own characters (inside quotes, after a `service:`
 * prefix, before a `:alias`); when they cannot be pointed at (the value comes from interpolation, or is written
 * with escapes or folding) it spans the whole value and `fixed` says why it cannot be edited in place.
 * `scopes` are where the name is looked up, in order: `""` is the project (its files, override files and
 * `include`d files), an absolute path is one file read only for `extends` (its services are not the
 * project's). A definition has exactly one scope.
 */
export interface NameOccurrence {
  kind: NameKind;
  name: string;
  file: string;
  range: Range;
  definition: boolean;
  /** The attribute the name is written in (`services`, `depends_on`, `network_mode`, `extends.service`…). */
  via: string;
  scopes: readonly string[];
  /** Why the name cannot be renamed here (absent when it can). */
  fixed?: string;
}
