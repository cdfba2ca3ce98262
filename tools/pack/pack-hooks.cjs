// pnpm hooks used only when packing (`pnpm pack --config.pnpmfile=tools/pack/pack-hooks.cjs`, see pack.mjs):
// the published manifest keeps what a user's Node and TypeScript read, nothing that points into the
// workspace. pnpm itself rewrites `workspace:` ranges to versions; this hook drops the `@enginekit/source`
// export condition (it points at `src/*.ts`, which the tarball does not contain), devDependencies and
// scripts. Hook reference: https://pnpm.io/pnpmfile (beforePacking, pnpm 10.28+).
"use strict";

const SOURCE_CONDITION = "@enginekit/source";

/** Returns `exports` without the source condition, at any depth of the conditions tree. */
function publishedExports(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out = {};
  for (const [key, target] of Object.entries(value)) {
    if (key !== SOURCE_CONDITION) out[key] = publishedExports(target);
  }
  return out;
}

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (pkg.exports) pkg.exports = publishedExports(pkg.exports);
      delete pkg.devDependencies;
      delete pkg.scripts;
      return pkg;
    },
  },
};
