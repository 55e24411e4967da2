// No fault: the fake base alone must pass every check (fakes.test.ts).
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway();
