import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for `delay` ms: one request per pause, not per key. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Published companies whose name contains the text (empty: the first ones by name). */
export function useCompanySearch(name: string) {
  const needle = name.trim();
  return useQuery({
    queryKey: ['companies', 'search', needle],
    queryFn: () => api('companySearch', { name: needle }),
    staleTime: 30_000,
  });
}
