// Fault: keeps trails in memory only (ignores --db): a restart loses them. Warns myrmo/durable-after-kill.
import { fakeColony } from "./_colony.mjs";

await fakeColony({ db: ":memory:" });
