// the validator suite's adapters read fixtures on one line, token for token (kit/raw-json.ts)
export { oneLine } from "../kit/raw-json.js";
