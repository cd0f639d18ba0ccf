import { z } from 'zod';
import { IDENTITY_FIELD_MAX } from '../constants.ts';
import { requiredText } from './fields.ts';

export const imageUploadSchema = z.object({
  /** Where the image is read back, with the uploader's (or an operator's) credentials. */
  url: z.string(),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** GET /api/user_real/center (SPEC.md §3 Identity); empty strings where nothing is known. */
export const identityCenterSchema = z.object({
  /** 0 not submitted, 1 waiting, 2 finished. */
  review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  /** Why the last submission was rejected; empty unless it was. */
  reason: z.string(),
});
export type IdentityCenter = z.infer<typeof identityCenterSchema>;

export const realNameRequestSchema = z.object({
  name: requiredText(IDENTITY_FIELD_MAX.name),
  /** Passport or ID number. */
  card_id: requiredText(IDENTITY_FIELD_MAX.cardId),
  /** URLs answered by image_upload to the same trader. */
  front_pic: requiredText(IDENTITY_FIELD_MAX.picture),
  reverse_pic: requiredText(IDENTITY_FIELD_MAX.picture),
});
export type RealNameRequest = z.infer<typeof realNameRequestSchema>;
