import { useMutation } from '@tanstack/react-query';
import type { RepairAnswerBody, RepairTrackBody, RepairTracking } from '@shop/shared/schemas/repairs';
import { api } from '../../../lib/api-client';

/**
 * The tracking page's two calls (issue 16): look a ticket up with its code and a proof (the IMEI's
 * last four digits or the phone), and answer its estimate. No session: the customer has none.
 */
export const useTrackRepair = () =>
  useMutation({
    mutationFn: (body: RepairTrackBody) => api<RepairTracking>('/api/repairs/track', { method: 'POST', body, auth: false }),
  });

export const useAnswerRepair = () =>
  useMutation({
    mutationFn: (body: RepairAnswerBody) => api<RepairTracking>('/api/repairs/track/answer', { method: 'POST', body, auth: false }),
  });
