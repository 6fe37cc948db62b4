import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import type { TNotificationSentResponse } from '@ra/shared/agent/agent.schemas';

export interface TSendNotificationInput {
  all: boolean;
  restaurantXids: string[];
  /** Nodes ticked in the tree: each stands for every restaurant under it (expanded on the server). */
  nodeXids: string[];
  messageEn: string;
  messageZh: string;
  file: File | null;
}

/** POST the notification as multipart (the file rides along); errors come back as ApiError with fields. */
export function sendNotification(input: TSendNotificationInput): Promise<TNotificationSentResponse> {
  const form = new FormData();
  form.set('all', String(input.all));
  form.set('restaurantXids', input.restaurantXids.join(','));
  form.set('nodeXids', input.nodeXids.join(','));
  form.set('messageEn', input.messageEn);
  form.set('messageZh', input.messageZh);
  if (input.file) form.set('file', input.file, input.file.name);
  // up to 10 MB: as long as the menu import's upload allows
  return post<TNotificationSentResponse>('/api/agent/notifications', form, { silent: true, timeoutMs: 120_000 });
}

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent', 'notifications'] }),
  });
}
