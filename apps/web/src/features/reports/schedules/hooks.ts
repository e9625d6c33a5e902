import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportKeys } from '../api/keys';
import { createSchedule, deleteSchedule, listSchedules, sendScheduleNow, type ScheduleRef } from './api';

/** GET /reports/{slug}/schedules. */
export function useSchedules(ref: ScheduleRef) {
  return useQuery({
    queryKey: reportKeys.schedules(ref.organizationId, ref.reportSlug),
    queryFn: () => listSchedules(ref),
  });
}

/** The mutations of the schedules dialog; each refreshes the list. */
function useScheduleMutation<I>(ref: ScheduleRef, run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: reportKeys.schedules(ref.organizationId, ref.reportSlug) }),
  });
}

/** POST /reports/{slug}/schedules. */
export const useCreateSchedule = (ref: ScheduleRef) =>
  useScheduleMutation(ref, (input: Omit<Parameters<typeof createSchedule>[0], 'reportSlug'>) =>
    createSchedule({ ...input, reportSlug: ref.reportSlug }),
  );

/** DELETE /reports/{slug}/schedules/{id}. */
export const useDeleteSchedule = (ref: ScheduleRef) =>
  useScheduleMutation(ref, (id: string) => deleteSchedule({ ...ref, id }));

/** POST /reports/{slug}/schedules/{id}/send. */
export const useSendScheduleNow = (ref: ScheduleRef) =>
  useScheduleMutation(ref, (id: string) => sendScheduleNow({ ...ref, id }));
