import { useQuery } from '@tanstack/react-query';
import { fetchCaptcha } from '../../../lib/admin-api.ts';

/** The query key of the login's captcha: a failed attempt uses it up and refetches it. */
export const CAPTCHA_KEY = ['captcha'] as const;

/**
 * A captcha picture, fetched once the login asks for one. Never reused from the cache: each
 * answers one attempt only.
 */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: CAPTCHA_KEY,
    queryFn: ({ signal }) => fetchCaptcha({ signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
