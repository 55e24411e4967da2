// Fault: speaks protocol major 2. Trips mira/version-compatible.
import { base, start } from "./_study.mjs";

start({ handlers: { initialize: () => ({ ...base.initialize(), protocol_version: "2.0" }) } });
