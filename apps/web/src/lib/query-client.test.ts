import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { JUST_READ_MS, queryClient } from './query-client.js';

/** A page's GET read when shown (staleTime 0), counting how often it reaches the server. */
const counted = (key: string) => {
  let calls = 0;
  const options = { queryKey: [key], queryFn: () => Promise.resolve(++calls), staleTime: 0 };
  return { options, calls: () => calls };
};
/** The page mounting: an observer subscribes, as useQuery does, and gets the data. */
const mount = async (options: ReturnType<typeof counted>['options']) => {
  const observer = new QueryObserver(queryClient, options);
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  unsubscribe();
  return observer.getCurrentResult().data;
};

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('a page mounted right after the route table prefetched its data', () => {
  it('shows the prefetched answer without a second GET', async () => {
    const q = counted('prefetched');
    await queryClient.prefetchQuery(q.options);
    expect(await mount(q.options)).toBe(1);
    expect(q.calls()).toBe(1);
  });

  it('reads again when shown later, and at once after a change invalidated it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const q = counted('later');
    await queryClient.prefetchQuery(q.options);
    vi.advanceTimersByTime(JUST_READ_MS);
    expect(await mount(q.options)).toBe(2);
    await queryClient.invalidateQueries({ queryKey: ['later'], refetchType: 'none' });
    expect(await mount(q.options)).toBe(3);
  });
});
