// Fault: reports success without ever calling slipway. Trips slipway-host/identity-first. Scenarios: plain.
process.stdout.write("done\n");
