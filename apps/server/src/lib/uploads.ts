import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import { AppError, FieldError } from './errors.ts';

/** Issue 8 "10 MB per file". */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 20;

/** The image types menus accept, as detected from the bytes (never the name or the browser's claim). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic'] as const;

export interface TUploadedFile {
  /** The name the browser gave (shown back to people, never used as a path). */
  filename: string;
  /** Detected from the content. */
  mimetype: string;
  buffer: Buffer;
}

/** Registers multipart parsing; routes read files with `readUploadedFiles`. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: DEFAULT_MAX_FILE_BYTES, files: DEFAULT_MAX_FILES, fields: 20, fieldSize: 64 * 1024 },
  });
}

/** A 400 whose message says what is wrong with the file (the upload list shows it beside that file). */
class UploadRefused extends FieldError {
  constructor(message: { en: string }) {
    super('file', message.en);
    this.message = message.en;
  }
}
const badRequest = (message: { en: string }) => new UploadRefused(message);

/**
 * The 400 for a multipart body that could not be read to its end: cut off mid-part, broken part
 * headers, a closing boundary that never comes. Only the request's own bytes are read while its parts
 * are iterated, so whatever else fails there is the body's fault, not the server's.
 */
export function uploadCutOff(request: FastifyRequest, error: unknown): FieldError {
  request.log.info({ err: error }, 'multipart body could not be read');
  return badRequest(MEDIA_MESSAGES.uploadCutOff);
}

/**
 * Reads the files of a multipart request (and its text fields), each at most `maxBytes`, each checked
 * by content against `accept`. Any file that is too big, empty, or only pretends to be an accepted type
 * refuses the whole request with a 400 naming it; nothing is kept.
 */
export async function readUploadedFiles(
  request: FastifyRequest,
  options: { maxBytes?: number; maxFiles?: number; accept?: readonly string[] } = {},
): Promise<{ files: TUploadedFile[]; fields: Record<string, string> }> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const accept = options.accept ?? IMAGE_TYPES;
  if (!request.isMultipart()) throw badRequest(MEDIA_MESSAGES.notMultipart);
  const files: TUploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: maxFiles } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const buffer = await part.toBuffer();
      const filename = part.filename || 'file';
      if (buffer.length === 0) throw badRequest(MEDIA_MESSAGES.emptyFile);
      const detected = await fileTypeFromBuffer(buffer);
      if (!detected || !accept.includes(detected.mime)) throw badRequest(MEDIA_MESSAGES.notAnImage);
      files.push({ filename, mimetype: detected.mime, buffer });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MEDIA_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(MEDIA_MESSAGES.tooManyFiles);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(MEDIA_MESSAGES.notMultipart);
    throw uploadCutOff(request, error);
  }
  if (files.length === 0) throw badRequest(MEDIA_MESSAGES.noFile);
  return { files, fields };
}
