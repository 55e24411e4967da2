// better-sqlite3 (the reference colony's store) builds from source when its prebuilt binary cannot be
// downloaded, and node-gyp would then download Node's headers too. Point it at the headers installed with
// the running Node (`<prefix>/include/node`) when they are there, so a fresh clone installs offline.
// (pnpm passes only a few environment variables to build scripts; extraEnv is how a project adds one.)
const { existsSync } = require("node:fs");
const { dirname, join } = require("node:path");

const nodeDir = join(dirname(process.execPath), "..");

module.exports = {
  hooks: {
    updateConfig(config) {
      if (!existsSync(join(nodeDir, "include", "node", "node_version.h"))) return config;
      return { ...config, extraEnv: { ...config.extraEnv, npm_config_nodedir: nodeDir } };
    },
  },
};
