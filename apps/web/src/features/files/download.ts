import { fetchFileBlob, type FileDto } from './api.ts';

/** Saves a file under its own name (the bytes come as an attachment, with the bearer token). */
export async function downloadFile(file: Pick<FileDto, '_id' | 'name'>): Promise<void> {
  const blob = await fetchFileBlob(file._id, { attach: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
