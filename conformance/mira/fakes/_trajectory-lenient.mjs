// No fault: an execute trajectory with an unknown field and a newer ATIF 1.x label, which Mira tolerates
// (warnings, not failures: schemas/mira/README.md, "The ATIF trajectory").
import { trajectoryStudy } from "./_trajectory.mjs";

trajectoryStudy((t) => ({ ...t, schema_version: "ATIF-v1.9", agent: { ...t.agent, keel_extra: true } }));
