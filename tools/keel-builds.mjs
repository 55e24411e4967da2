// What `pnpm keel …` builds before it runs (tools/keel.mjs), kept apart so a test can ask turbo what each
// build would run (`--dry=json`) without running it.

/**
 * The builds a command needs, in order. `required` ones must succeed. `keel gen` runs codegen only, so it
 * builds codegen and its dependencies (`--filter=@keel/codegen`: turbo's `^build` brings those; the
 * `@keel/codegen...` of before also took every dependent, so a protocol package broken by its generated
 * code blocked the regeneration that repairs it); then, not required, the protocol packages, whose rules
 * (`dist/checks.js`) the fixtures are held to.
 */
export function buildsFor(args) {
  const isGen = args[0] === "gen" && !args.includes("--help") && !args.includes("-h");
  return isGen
    ? {
        isGen,
        entry: "packages/codegen/dist/bin.js",
        builds: [
          { filter: "@keel/codegen", required: true },
          { filter: "./packages/protocol-*", required: false },
        ],
      }
    : { isGen, entry: "packages/cli/dist/bin.js", builds: [{ filter: "@keel/cli...", required: true }] };
}

/** turbo's arguments for one build. */
export const turboArgs = (filter, extra = []) => [
  "--silent",
  "turbo",
  "run",
  "build",
  `--filter=${filter}`,
  "--output-logs=errors-only",
  ...extra,
];
