import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
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
export async function sendNotification(input: TSendNotificationInput): Promise<TNotificationSentResponse> {
  const form = new FormData();
  form.set('all', String(input.all));
  form.set('restaurantXids', input.restaurantXids.join(','));
  form.set('nodeXids', input.nodeXids.join(','));
  form.set('messageEn', input.messageEn);
  form.set('messageZh', input.messageZh);
  if (input.file) form.set('file', input.file, input.file.name);
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}/api/agent/notifications`, {
    method: 'POST',
    headers: token ? { Authorization: token, Accept: 'application/json' } : { Accept: 'application/json' },
    body: form,
    credentials: 'include',
  });
  const body = (await res.json().catch(() => ({}))) as {
    message?: string;
    code?: number;
    errors?: Record<string, string>;
    id?: number;
    recipients?: number;
  };
  if (!res.ok) throw new ApiError(body.message ?? 'Error', res.status, body.code, body.errors, body);
  return { ok: true, id: body.id ?? 0, recipients: body.recipients ?? 0 };
}

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent', 'notifications'] }),
  });
}
