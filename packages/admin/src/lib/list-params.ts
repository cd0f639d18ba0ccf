import { PAGE_SIZE } from '@tradedesk/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Rows per page of every paged list: the server's page size. */
export { PAGE_SIZE };

/** A positive integer from the address, or the fallback. */
export function readPositiveInt(text: string | null, fallback: number): number {
  if (text === null || !/^\d{1,9}$/.test(text)) return fallback;
  const value = Number(text);
  return value >= 1 ? value : fallback;
}

/**
 * The page and filters of a list, kept in the address: reloading, sharing the link or coming
 * back from a detail page shows the same rows. Changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(filterNames: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const page = readPositiveInt(search.get('page'), 1);
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the content of `search`
  const filters = useMemo(() => {
    const values = {} as Record<K, string>;
    for (const name of filterNames) values[name] = search.get(name) ?? '';
    return values;
  }, [key, filterNames]);

  const setPage = useCallback(
    (next: number) =>
      setSearch((previous) => {
        const params = new URLSearchParams(previous);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      }),
    [setSearch],
  );

  const setFilters = useCallback(
    (next: Partial<Record<K, string>>) =>
      setSearch((previous) => {
        const params = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(next) as [K, string | undefined][]) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        params.delete('page');
        return params;
      }),
    [setSearch],
  );

  return { page, filters, setPage, setFilters };
}
