import { useEffect, useState } from 'react';

/** The page sizes a paged list offers; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** A value that follows `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Page (from 0), page size and search of a paged list; a new search goes back to page 0. */
export function useListState() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [search, setSearchText] = useState('');
  const debounced = useDebounced(search);
  return {
    page,
    pageSize,
    search,
    params: { page, pageSize, search: debounced },
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(0);
    },
    onPage: (next: number, size: number) => {
      setPage(next);
      setPageSize(size);
    },
    resetPage: () => setPage(0),
  };
}
