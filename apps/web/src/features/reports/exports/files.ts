import { visualErrorText } from '../model/errors';
import { exportMessages as text } from './messages';
import { saveFile } from './api';
import { showToast } from '../../../shared/ui/toast';

/** A file name of letters, digits and dashes (the server names its files the same way). */
export function fileName(...parts: string[]): string {
  const slug = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  return (
    parts
      .map(slug)
      .filter((part) => part !== '')
      .join('-') || 'report'
  );
}

/** Runs an export and saves its file; a failure says why in a toast. */
export async function download(make: () => Promise<Blob>, filename: string): Promise<boolean> {
  try {
    saveFile(await make(), filename);
    return true;
  } catch (error) {
    showToast('error', text.failed(visualErrorText(error)));
    return false;
  }
}
