// biome-ignore-all lint: written for every Node that may run it (ES5 syntax, CommonJS), so it can say which one it needs
/*
 * The Node version check every entry of the bundle runs first: the published bin (`enginekit.cjs`) and
 * the bundle's own entry (`enginekit.js`, which the README suggests running with `node`). Required for its
 * effect: on a Node older than MINIMUM it prints one line naming the version it needs and exits 2, before
 * any chunk loads (issue 30: `node dist/bundle/enginekit.js build` on Node 20 died on "reading 'bind'").
 * ES5 syntax in CommonJS on purpose, so an older Node parses it. The minimum is the measured one
 * (docs/install.md "Node versions"): undici, behind every engine and secrets request, needs 22.19
 * (zlib's zstd decompressor).
 */
"use strict";

var MINIMUM = [22, 19, 0];

function tooOld(version) {
  var parts = String(version).replace(/^v/, "").split(".");
  for (var i = 0; i < MINIMUM.length; i++) {
    var n = parseInt(parts[i] || "0", 10);
    if (n !== MINIMUM[i]) return n < MINIMUM[i];
  }
  return false;
}

if (tooOld(process.version)) {
  process.stderr.write(
    "enginekit: needs Node.js " + MINIMUM.join(".") + " or later; this is Node.js " + process.version + "\n",
  );
  process.exit(2);
}
