// No fault: the control every fake is compared with. Passes every check it reaches.
import { start } from "./_study.mjs";

start();
