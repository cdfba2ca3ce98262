/**
 * `KindRegistry`: the language services of each document kind, created once per server when the first
 * document of the kind is opened (its module imported through src/kinds/kind-table.ts, the one lazy seam).
 */
import type { DocumentKind } from "../documents/document-kind.js";
import type { ServerServices } from "../lsp/server-services.js";
import { KIND_TABLE } from "./kind-table.js";
import type { SomeLanguageServices } from "./language-services.js";

/**
 * Each kind's {@link SomeLanguageServices}, created on first use over the server's shared services (Langium's
 * service registry): `services(kind)` imports the kind's module the first time (one import per process,
 * Node's module cache) and calls its `createServices` once per server. A module that cannot be loaded (a
 * broken install) rejects that call; a later one tries again.
 */
export class KindRegistry {
  private readonly pending = new Map<DocumentKind, Promise<SomeLanguageServices>>();
  private readonly created = new Map<DocumentKind, SomeLanguageServices>();

  constructor(private readonly shared: () => ServerServices) {}

  /** The services of `kind`, its module loaded and its services created on the first call. */
  services(kind: DocumentKind): Promise<SomeLanguageServices> {
    let pending = this.pending.get(kind);
    if (!pending) {
      pending = KIND_TABLE[kind].load().then(
        (module) => {
          const services = module.createServices(this.shared());
          this.created.set(kind, services);
          return services;
        },
        (error: unknown) => {
          this.pending.delete(kind);
          throw error;
        },
      );
      this.pending.set(kind, pending);
    }
    return pending;
  }

  /** The services created so far (for life-cycle events: focus, files changed on disk, shutdown). */
  loaded(): SomeLanguageServices[] {
    return [...this.created.values()];
  }

  /** The services of `kind` when they were created already, else undefined (never loads). */
  loadedServices(kind: DocumentKind): SomeLanguageServices | undefined {
    return this.created.get(kind);
  }
}
