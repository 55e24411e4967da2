export { lintRunDirectory } from "./run-directory.js";
