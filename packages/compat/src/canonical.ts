// canonical() and show() live in the downgrade runtime, which must stay self-contained (keel gen copies it).
export { canonical, show } from "./downgrade/apply.js";
