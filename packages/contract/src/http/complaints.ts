import { z } from 'zod';
import { COMPLAINT_LIMITS } from '../complaint-limits.ts';
import { pageField } from './fields.ts';

/** Control characters (line breaks included) have no place in a subject line (a mail header). */
function hasControlCharacter(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** POST /api/user/complaint. A message too short is COMPLAINT_TOO_SHORT, checked by the server. */
export const complaintRequestSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1)
    .max(COMPLAINT_LIMITS.subjectMax)
    .refine((s) => !hasControlCharacter(s)),
  message: z.string().trim().min(1).max(COMPLAINT_LIMITS.messageMax),
});
export type ComplaintRequest = z.infer<typeof complaintRequestSchema>;

/** 0 received, 1 handled by an operator. */
export const complaintStatusSchema = z.union([z.literal(0), z.literal(1)]);

/** A complaint as its author sees it. */
export const complaintSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  status: complaintStatusSchema,
  /** "YYYY-MM-DD HH:mm:ss" UTC. */
  created_at: z.string(),
  /** The support desk's answer (issue 37); null until it answers. */
  answer: z.string().nullable(),
  /** When it answered, "YYYY-MM-DD HH:mm:ss" UTC; null until then. */
  answered_at: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintListRequestSchema = z.object({ page: pageField() });
export const complaintListSchema = z.object({
  data: z.array(complaintSchema),
  total: z.number().int(),
});
export type ComplaintList = z.infer<typeof complaintListSchema>;
