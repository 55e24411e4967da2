// Fault: the skip variant's base_argv is collapsed into one display string. Trips slipway/next-argv.
import { changeDoc, changeError, fakeSlipway } from "./_slipway.mjs";

const collapse = (doc) => {
  for (const v of doc.next?.variants ?? []) if (v.id === "skip-action") v.base_argv = v.base_argv.join(" ");
};
await fakeSlipway({
  onResult: (r, argv) => (r.exit === 0 ? changeDoc(collapse)(r, argv) : changeError(collapse)(r, argv)),
});
