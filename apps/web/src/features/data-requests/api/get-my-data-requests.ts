import { queryOptions, useQuery } from '@tanstack/react-query';
import { myDataRequestsSchema, type MyDataRequests } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

export const DATA_REQUESTS_KEY = ['data-requests'] as const;

/** GET /api/patient/data-requests: the patient's correction and closing requests, and the values a correction starts from. */
export async function getMyDataRequests(): Promise<MyDataRequests> {
  return myDataRequestsSchema.parse(await api.get<unknown>('/api/patient/data-requests'));
}

export const getMyDataRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [...DATA_REQUESTS_KEY, 'mine'] as const,
    queryFn: getMyDataRequests,
    staleTime: 0,
    retry: false,
  });

export const useMyDataRequests = () => useQuery(getMyDataRequestsQueryOptions());
