// Fault: the execute trajectory numbers its steps 1, 3. Trips mira/trajectory-valid.
import { trajectoryStudy } from "./_trajectory.mjs";

trajectoryStudy((t) => ({ ...t, steps: t.steps.map((s, i) => ({ ...s, step_id: i === 0 ? 1 : 3 })) }));
