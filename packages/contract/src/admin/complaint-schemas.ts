import { z } from 'zod';
import { COMPLAINT_LIMITS } from '../complaint-limits.ts';
import { complaintStatusSchema } from '../http/complaints.ts';
import { choiceField, idField, pageField, requiredText } from '../http/fields.ts';

/** A complaint as the support desk sees it: the trader, the text, and who handled it. */
export const adminComplaintSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: complaintStatusSchema,
  created_at: z.number().int(),
  handled_at: z.number().int().nullable(),
  /** The operator who marked it handled. */
  handled_by: z.string().nullable(),
  /** The answer the trader reads in the app; null until one is given. */
  answer: z.string().nullable(),
  answered_at: z.number().int().nullable(),
  /** The operator who answered. */
  answered_by: z.string().nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;

export const adminComplaintsRequestSchema = z.object({
  /** Default: received (the desk's queue). */
  status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    choiceField([0, 1]),
  ),
  page: pageField(),
});
export const adminComplaintsSchema = z.object({
  data: z.array(adminComplaintSchema),
  total: z.number().int(),
});

/**
 * POST /admin/api/complaints/:id/answer: the desk's answer, shown to the trader under their
 * complaint. One answer per complaint; answering marks a received one handled.
 */
export const answerComplaintRequestSchema = z.object({
  id: idField(),
  answer: requiredText(COMPLAINT_LIMITS.answerMax),
});
