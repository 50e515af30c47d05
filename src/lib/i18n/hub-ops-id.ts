// Bahasa Indonesia for the hub operations screen (src/features/hub-ops) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; hub-ops-en.ts has the same keys.
export const hubOpsId = {};
