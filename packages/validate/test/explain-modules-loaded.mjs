// `node explain-modules-loaded.mjs <protocol> <type>=<file>…`: validates each file in turn in this one process
// (validate's built package, the ajv engine) and prints, after each, which generated explain modules are loaded.
import { createRequire } from "node:module";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [protocol, ...specs] = process.argv.slice(2);
const repo = join(import.meta.dirname, "..", "..", "..");
const { validateFiles } = await import(pathToFileURL(join(repo, "packages/validate/dist/index.js")).href);
// require(esm) puts the modules it loads in the one CommonJS cache
const cache = createRequire(import.meta.url).cache;
const out = [];
for (const spec of specs) {
  const [type, file] = spec.split("=");
  const [r] = await validateFiles(protocol, [file], { engine: "ajv", type }, { cwd: repo });
  const loaded = Object.keys(cache)
    .filter((k) => /[\\/]explain[^\\/]*\.gen\.js$/.test(k))
    .map((k) => basename(k))
    .sort();
  out.push({ file: basename(file), invalid: r.invalid, loaded });
}
console.log(JSON.stringify(out));
