import { z } from 'zod';

/**
 * One person who registered with the caller's invite code. The contact is masked on the
 * server (a***@example.com, +852 9****678): the inviter knows who they invited, but the list
 * must not hand out other people's addresses in full.
 */
export const inviteeSchema = z.object({
  contact: z.string(),
  /** Registration time, "YYYY-MM-DD HH:mm:ss" UTC. */
  created_at: z.string(),
  /** 1 when their real-name verification is approved (identities.review_status = 2). */
  verified: z.union([z.literal(0), z.literal(1)]),
});
export type Invitee = z.infer<typeof inviteeSchema>;

/** GET /api/user/invite_list: newest first, PAGE_SIZE rows a page. */
export const inviteListSchema = z.object({
  data: z.array(inviteeSchema),
  total: z.number().int(),
});
export type InviteList = z.infer<typeof inviteListSchema>;
