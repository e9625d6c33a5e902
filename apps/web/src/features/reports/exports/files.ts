import { visualErrorText } from '../model/errors';
import { exportMessages as text } from './messages';
import { saveFile } from './api';
import { showToast } from '../../../shared/ui/toast';

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
