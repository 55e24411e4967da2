// canonical() and show() are the downgrade runtime's; the diff uses the same ones.
export { canonical, show } from "@keel/downgrade";
