#!/usr/bin/env node
// biome-ignore-all lint: written for every Node that may run it (ES5 syntax, CommonJS), so it can say which one it needs
/*
 * The `enginekit` bin of the published package: checks the Node version, then runs the bundle
 * beside it (`enginekit.js`). It is CommonJS in ES5 syntax on purpose: an older Node must be able
 * to parse it, so it can print one line naming the version it needs and exit 2 instead of dying on a
 * SyntaxError in the bundle. The minimum is the measured one (docs/install.md "Node versions"):
 * undici, behind every engine and secrets request, needs 22.19 (zlib's zstd decompressor).
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
  var needs = "Node.js " + MINIMUM.join(".") + " or later";
  process.stderr.write("enginekit: needs " + needs + "; this is Node.js " + process.version + "\n");
  process.exit(2);
} else {
  // `enginekit.js` is a CommonJS script too (its folder's package.json); whatever it needs beyond
  // Node 5 syntax is in the files it loads, which an old Node never reaches.
  try {
    require("./enginekit.js");
  } catch (error) {
    process.stderr.write(
      "enginekit: cannot load " +
        require("path").join(__dirname, "enginekit.js") +
        ": " +
        (error && error.message) +
        "\n",
    );
    process.exitCode = 3;
  }
}
