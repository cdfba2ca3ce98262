/**
 * The caches the rules share for one parsed document (its line index and scopes, its instruction
 * and command indexes …), kept on the document itself under one symbol-keyed property, so they live
 * exactly as long as the document.
 *
 * Not `WeakMap`s keyed by the document, measured on Node 24 (V8 13.6): V8's young-generation
 * collector behaves as if the value of an entry with a young key were reachable, so an entry whose
 * value reaches its key (the products of a document hold the document) keeps the whole document
 * alive until the next full collection. A property on the document is an ordinary edge: the caches die
 * with it at the first scavenge.
 *
 * The same collector also kept alive objects holding a closure in a public property (`this.f = () =>
 * …` per instance; private `#` fields and object literals were not affected). That was measured, not
 * explained, so per-instance closures are not kept in properties: the analysis uses prototype
 * methods, the RUN walker passes callbacks without storing them. Both fixed, the bytes surviving each
 * scavenge of an in-process lint went from about 15 MB of every 64 MB to 0.1 MB, and garbage
 * collection from about a fifth of the time to 2–3 % (docs/lint.md, "Performance").
 */

import type { EnginefileDocument } from "@enginekit/enginefile";

/** The caches of one document: one slot per cache, all present from the start (one object shape). */
interface CacheSlots {
  products: unknown;
  instructionIndex: unknown;
  keywordCasing: unknown;
  exposedPorts: unknown;
  expansionErrors: unknown;
  commandIndex: unknown;
}

const CACHES = Symbol("enginekit.lint.documentCaches");

/**
 * The caches of documents that cannot take a property (frozen or sealed by the caller): kept here
 * instead, with the young-generation cost described above, so such documents lint all the same.
 */
const UNEXTENSIBLE = new WeakMap<EnginefileDocument, CacheSlots>();

type CachedDocument = EnginefileDocument & { [CACHES]?: CacheSlots };

function newSlots(): CacheSlots {
  return {
    products: undefined,
    instructionIndex: undefined,
    keywordCasing: undefined,
    exposedPorts: undefined,
    expansionErrors: undefined,
    commandIndex: undefined,
  };
}

/**
 * One per-document cache of values of type `V` (the `WeakMap<EnginefileDocument, V>` it replaces, with
 * `get` and `set` only). A document's first cached value adds the one (non-enumerable) property
 * holding every slot.
 */
export class DocumentCache<V> {
  constructor(private readonly slot: keyof CacheSlots) {}

  /** The value cached for `doc`, or undefined. */
  get(doc: EnginefileDocument): V | undefined {
    return ((doc as CachedDocument)[CACHES] ?? UNEXTENSIBLE.get(doc))?.[this.slot] as V | undefined;
  }

  /** Caches `value` for `doc`. */
  set(doc: EnginefileDocument, value: V): void {
    let slots = (doc as CachedDocument)[CACHES] ?? UNEXTENSIBLE.get(doc);
    if (!slots) {
      slots = newSlots();
      // not enumerable: spreads, `Object.assign` and deep-equality checks of the AST do not see it
      if (Object.isExtensible(doc)) Object.defineProperty(doc, CACHES, { value: slots });
      else UNEXTENSIBLE.set(doc, slots);
    }
    slots[this.slot] = value;
  }
}
