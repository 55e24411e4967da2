// No fault: the fake base alone must pass every check (fakes.soak.test.ts).
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway();
