/**
 * Stages that build on Windows: their default shell is `cmd /S /C` (the engine's default on Windows,
 * moby `daemon/config` / BuildKit `defaultShell` for `windows`), not `/bin/sh -c`, so a RUN there is no
 * POSIX shell script. Recognised from the FROM: `--platform=windows/…`, or a base image that only exists
 * for Windows: `mcr.microsoft.com/windows/*` (servercore, nanoserver, server, windows) and every tag naming
 * a Windows base (`windowsservercore`, `nanoserver`, `servercore`: `python:3.12-windowsservercore-ltsc2022`,
 * `mcr.microsoft.com/dotnet/sdk:8.0-nanoserver-1809`, `mcr.microsoft.com/powershell:lts-nanoserver-ltsc2022`).
 */

import type { Stage } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";

/** The default shell of a Windows stage, as the engine runs a shell-form RUN there. */
export const WINDOWS_SHELL: readonly string[] = Object.freeze(["cmd", "/S", "/C"]);

const WINDOWS_REPOSITORY = /^mcr\.microsoft\.com\/windows(\/|$)/i;
const WINDOWS_TAG = /(^|[-_.])(windowsservercore|servercore|nanoserver)([-_.]|$)/i;

/** True when the image reference `image` names a Windows-only image. */
function isWindowsImage(image: string): boolean {
  const at = image.indexOf("@");
  const ref = at < 0 ? image : image.slice(0, at);
  const colon = ref.lastIndexOf(":");
  const slash = ref.lastIndexOf("/");
  const name = colon > slash ? ref.slice(0, colon) : ref;
  const tag = colon > slash ? ref.slice(colon + 1) : "";
  const last = name.slice(slash + 1);
  return WINDOWS_REPOSITORY.test(name) || WINDOWS_TAG.test(tag) || WINDOWS_TAG.test(last);
}

/**
 * True when `stage`'s own FROM builds on Windows: a `--platform=windows/…` or a Windows-only base image
 * (build arguments' defaults expanded; unknown values are not guessed). A stage built FROM another stage
 * is judged through that stage by the caller.
 */
export function fromWindows(file: AnalyzedEnginefile, stage: Stage): boolean {
  const platform = stage.from.platform?.value;
  if (platform !== undefined && /^windows(\/|$)/i.test(file.resolve(stage.from, platform) ?? platform))
    return true;
  const base = stage.baseImage;
  if (base === undefined) return false;
  const image = file.resolve(stage.from, base);
  return image !== undefined && isWindowsImage(image);
}
