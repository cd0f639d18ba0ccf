/**
 * Bounds of a complaint (issue 12) and of the desk's answer (issue 37), apart from their
 * schemas so that the apps read them without bundling the validation library.
 */
export const COMPLAINT_LIMITS = {
  subjectMax: 100,
  messageMin: 10,
  messageMax: 2000,
  /** The desk's answer, which the trader reads in the app. */
  answerMax: 2000,
} as const;
