import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TImportApplyResponse, TImportPreviewResponse } from '@ra/shared/menu/menu.schemas';
import { fileNameOf } from '@ra/shared/reports/export-file';
import { API_BASE, ApiError, post } from '../../../lib/request.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSession } from '../../../stores/session.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET the whole menu as XLSX (not JSON, so not through `request`) and save it under the server's name. */
export async function downloadMenuXlsx(): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}${MENU_API.exportXlsx}?lang=${currentLanguage()}`, {
    headers: token ? { Authorization: token } : {},
    credentials: 'include',
  });
  if (!res.ok) {
    let message = 'Error';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the generic message (SPEC 8)
    }
    throw new ApiError(message, res.status);
  }
  const name = fileNameOf(res.headers.get('content-disposition')) ?? 'menu.xlsx';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file as base64 text, the shape the import calls take. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** What importing the file would add, change and remove, and each bad row; nothing is written. */
export function previewImport(file: string): Promise<TImportPreviewResponse> {
  return post<TImportPreviewResponse>(MENU_API.importPreview, { file }, { silent: true, timeoutMs: 120_000 });
}

/** Imports the file: all of it, or nothing when any row is bad. */
export function applyImport(file: string): Promise<TImportApplyResponse> {
  return post<TImportApplyResponse>(MENU_API.importApply, { file }, { silent: true, timeoutMs: 120_000 });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useApplyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyImport,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
