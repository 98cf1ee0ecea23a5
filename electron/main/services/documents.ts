/**
 * Documents (main process, plain Node): placeholder until the document-translation issue lands. It answers the
 * contract honestly — an empty job list, and a clear "not yet" for actions — so the shell can show a real empty
 * state instead of fake data. The API client already implements upload, status and download.
 */
import type { DocumentJob, PickedFile } from '../../../shared/ipc/contract.js';
import { ApiError } from './api-errors.js';

const NOT_YET = 'Document translation is not available in this version of Verso yet. Translate the text on the Translate screen meanwhile.';

export class DocumentsService {
  list(): DocumentJob[] {
    return [];
  }
  pickFile(): Promise<PickedFile | null> {
    throw new ApiError('not_implemented', NOT_YET);
  }
  notYet(): never {
    throw new ApiError('not_implemented', NOT_YET);
  }
}
