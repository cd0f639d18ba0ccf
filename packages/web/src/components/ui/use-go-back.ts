import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back to the previous page of the app; on a page opened directly (a link, a reload) there is
 * none, and history.back() would leave the app, so go to `fallback` instead.
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
