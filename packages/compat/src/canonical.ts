// canonical() is the downgrade runtime's and show() diagnostics'; the diff uses the same ones.
export { show } from "@keel/diagnostics";
export { canonical } from "@keel/downgrade";
