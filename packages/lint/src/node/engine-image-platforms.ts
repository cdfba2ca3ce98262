/**
 * The {@link ImagePlatformReader} over an engine client: `GET /images/{name}/json` for an image's platform
 * (`Os`, `Architecture`, `Variant`), `GET /version` for the engine's (`Os`, `Arch`). Each answer is asked
 * once per reader. An image the engine does not have (404), or any failure, is an unknown platform: the
 * check it feeds stays silent rather than guess.
 */

import type { EngineClient } from "@enginekit/api";
import {
  type ImagePlatform,
  type ImagePlatformReader,
  normalizePlatform,
} from "../enginefile/image-platforms.js";

/** The engine calls the reader needs (a subset of `EngineClient`, so tests and callers can pass one). */
export type PlatformEngine = Pick<EngineClient, "images" | "system">;

/**
 * A reader asking `engine`, caching each answer for the reader's life (one lint run, or one language
 * server session until the engine settings change).
 */
export function engineImagePlatforms(engine: PlatformEngine): ImagePlatformReader {
  const images = new Map<string, Promise<ImagePlatform | undefined>>();
  let own: Promise<ImagePlatform | undefined> | undefined;
  return {
    imagePlatform(reference) {
      let p = images.get(reference);
      if (!p) {
        p = engine.images.inspect(reference).then(
          (image) => {
            const variant = (image as { Variant?: unknown }).Variant;
            return image.Os && image.Architecture
              ? normalizePlatform(image.Os, image.Architecture, typeof variant === "string" ? variant : "")
              : undefined;
          },
          () => undefined,
        );
        images.set(reference, p);
      }
      return p;
    },
    enginePlatform() {
      own ??= engine.system.version().then(
        (v) => (v.Os && v.Arch ? normalizePlatform(v.Os, v.Arch) : undefined),
        () => undefined,
      );
      return own;
    },
  };
}
