import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TImportApplyResponse, TImportPreviewResponse } from '@ra/shared/menu/menu.schemas';
import { downloadFile } from '../../../lib/download.ts';
import { post } from '../../../lib/request.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET the whole menu as XLSX and save it under the server's name. */
export function downloadMenuXlsx(): Promise<void> {
  return downloadFile(`${MENU_API.exportXlsx}?lang=${currentLanguage()}`, { fallbackName: 'menu.xlsx' });
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
