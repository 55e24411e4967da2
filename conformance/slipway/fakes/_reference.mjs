// No fault: the fake base alone must pass every check (test/fakes/slipway.soak.test.ts).
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway();
