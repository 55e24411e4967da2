// No fault: the reference colony behind the fakes' proxy. It must pass every check (fakes.soak.test.ts).
import { fakeColony } from "./_colony.mjs";

await fakeColony();
