import { FILE_MESSAGES } from '@crewplan/domain/files/messages';
import { ApiError, isApiError, toApiError } from './api-error.ts';
import { userRequestId } from './request-id.ts';
import { getToken } from './token.ts';

/**
 * Uploads files as one multipart request (`field` each) with XHR, telling `onProgress` the share sent (0–1) as it
 * goes (rule 257). Resolves the server's answer of 201; fails with an ApiError: the server's `{ error }` when it
 * answered one, else the bare status (0 when offline).
 */
export function uploadWithProgress<T>(
  path: string,
  files: readonly File[],
  onProgress: (share: number) => void = () => undefined,
  field = 'files',
): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-user-request-id', userRequestId());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201) resolve(body as T);
      else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload did not reach the server.'));
    xhr.send(form);
  });
}

/** The text of a failed upload (spec 3 §8): the limits by their codes, a proxy's 413 and 502 by their status. */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'LIMIT_FILE_SIZE' || error.code === 'LIMIT_FILE') return error.message;
    if (error.status === 413) return FILE_MESSAGES.totalTooLarge;
    if (error.status === 502 || error.status === 0) return FILE_MESSAGES.uploadFailed;
    return error.message;
  }
  return FILE_MESSAGES.uploadFailed;
}
