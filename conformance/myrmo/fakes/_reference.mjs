// No fault: the reference colony behind the fakes' proxy. It must pass every check (test/fakes/myrmo.soak.test.ts).
import { fakeColony } from "./_colony.mjs";

await fakeColony();
