// Business constants from the spec (section 9), shared by every form that enforces them.

export const MIN_PASSWORD_LENGTH = 6;
