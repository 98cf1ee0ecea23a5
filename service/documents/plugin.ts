/**
 * Document translation routes of the local Translation Service (service process): `POST /v2/document` (upload),
 * `POST /v2/document/{id}` (status) and `POST /v2/document/{id}/result` (download once). Registered on both
 * listeners by `startService({ plugins: [documentsPlugin] })`; the lifecycle (queue, store, workers) is one
 * DocumentService per running service, created on the first listener and closed with the last.
 *
 * Answers the spec leaves open, chosen here:
 *   - a download before `done` gets **503** `{message, code: 'document_not_ready'}`: "not yet, retry later",
 *     which is what DeepL's own mock answers and what its client libraries map to DocumentNotReady;
 *   - a download of a document that ended in `error` gets **400** `{message, code: 'document_failed'}` with the
 *     document's error message: retrying cannot help, so it must not be a status that clients retry;
 *   - an unknown id, a document of another account and a wrong key all get the same **404** Error body, so a
 *     wrong key reveals nothing about the document.
 */
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseLanguage } from '../../shared/spec/languages.js';
import { Params, type RawBody } from '../domain/params.js';
import { HttpError, badRequest } from '../http/errors.js';
import { checkFieldText } from '../http/strict-text.js';
import type { ServiceContext, ServicePlugin } from '../server.js';
import type { Account, Store } from '../store/store.js';
import type { DocumentRow } from './table.js';
import { newDocumentId, newDocumentKey } from './crypto.js';
import { ACCEPTED_LIST, isAcceptedExtension, loadFormats } from './formats.js';
import { readDocumentParams, resolveDocumentResources, type Fields } from './params.js';
import { DocumentService, type DocumentsOptions, type UploadTicket } from './service.js';

import { explainOleOffice, isOle } from '../formats/office/ole.js';

export type { DocumentsOptions } from './service.js';

const OOXML = new Set(['docx', 'xlsx', 'pptx']);

/** Room for the form fields and part headers around the file in a declared Content-Length. */
const MULTIPART_ALLOWANCE = 64 * 41 * 1024 + 64 * 1024;

/** What to save a file of an unaccepted type as, so the user knows the one step that fixes it. */
const SAVE_AS: Record<string, { app: string; as: string }> = {
  xls: { app: 'Excel or LibreOffice Calc', as: '.xlsx' },
  xlsm: { app: 'Excel', as: '.xlsx' },
  ods: { app: 'LibreOffice Calc', as: '.xlsx' },
  ppt: { app: 'PowerPoint or LibreOffice Impress', as: '.pptx' },
  pptm: { app: 'PowerPoint', as: '.pptx' },
  odp: { app: 'LibreOffice Impress', as: '.pptx' },
  odt: { app: 'LibreOffice Writer', as: '.docx' },
  docm: { app: 'Word', as: '.docx' },
  dotx: { app: 'Word', as: '.docx' },
  rtf: { app: 'Word or LibreOffice Writer', as: '.docx' },
  vtt: { app: 'a subtitle editor (for example Subtitle Edit or Aegisub)', as: 'SubRip (.srt)' },
  ass: { app: 'a subtitle editor (for example Aegisub)', as: 'SubRip (.srt)' },
  sub: { app: 'a subtitle editor', as: 'SubRip (.srt)' },
  md: { app: 'a text editor', as: '.txt (or convert it to .html)' },
  csv: { app: 'Excel or LibreOffice Calc', as: '.xlsx' },
  tif: { app: 'an image editor', as: '.png or .jpg' },
  tiff: { app: 'an image editor', as: '.png or .jpg' },
};

const NOT_FOUND_MESSAGE =
  'Document not found: no document matches this document_id and document_key (it may have been downloaded ' +
  'already, or expired). Check both values, or upload the document again.';

const notFoundError = () => new HttpError(404, NOT_FOUND_MESSAGE, 'document_not_found');

const auth = (req: FastifyRequest) => {
  if (!req.auth) throw new HttpError(403, 'Not authenticated.', 'forbidden');
  return req.auth;
};

/** One service per store (both listeners of a running service share the store). */
const shared = new WeakMap<Store, { service: Promise<DocumentService>; users: number }>();

function acquire(ctx: ServiceContext, options: DocumentsOptions): Promise<DocumentService> {
  let entry = shared.get(ctx.store);
  if (!entry) {
    entry = { service: DocumentService.create(ctx, ctx.dataDir, options), users: 0 };
    shared.set(ctx.store, entry);
  }
  entry.users++;
  return entry.service;
}

async function release(store: Store): Promise<void> {
  const entry = shared.get(store);
  if (!entry || --entry.users > 0) return;
  shared.delete(store);
  await (await entry.service).close();
}

/** A file name from the client, reduced to its last path segment without control characters. */
function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
}

/** Maps @fastify/multipart and busboy errors to Error bodies that say what to do. */
function uploadError(e: unknown, maxBytes: number): unknown {
  if (e instanceof HttpError) return e;
  const err = e as { code?: string; message?: string };
  const mb = (maxBytes / 1048576).toFixed(maxBytes < 1048576 ? 2 : 0);
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(
        413,
        `The document is larger than the ${mb} MB this service accepts per upload. Split it into smaller documents and upload them one by one.`,
        'document_too_large',
      );
    case 'FST_FILES_LIMIT':
      return badRequest('Send exactly one file per upload, in the part named "file".');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('The upload has too many form fields; send only the fields of the document upload table.');
    case 'FST_PROTO_VIOLATION':
      return badRequest('The upload has a form field with a forbidden name.');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was interrupted before the whole form arrived; upload the document again.', 'malformed_body');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the document as multipart/form-data with the file in a part named "file".', 'invalid_content_type');
    default:
      if (err.message && /multipart|form|boundary/i.test(err.message)) {
        return badRequest(`The multipart form is malformed (${err.message}); upload the document again.`, 'malformed_body');
      }
      return e;
  }
}

function keyParam(req: FastifyRequest): string {
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object or a form with document_key.', 'malformed_body');
  }
  const type = req.headers['content-type'] ?? '';
  const p = new Params((body ?? {}) as RawBody, type.startsWith('application/x-www-form-urlencoded'));
  const key = p.string('document_key');
  if (!key) {
    throw badRequest("Parameter 'document_key' is required: send the document_key you received with the upload.");
  }
  return key.trim();
}

async function handleUpload(
  req: FastifyRequest,
  ctx: ServiceContext,
  service: DocumentService,
): Promise<{ document_id: string; document_key: string }> {
  const { account, key: apiKey } = auth(req);
  if (!req.isMultipart()) {
    throw badRequest(
      'Send the document as multipart/form-data with the file in a part named "file" and target_lang as a field.',
      'invalid_content_type',
    );
  }
  const maxBytes = service.options.maxUploadBytes;
  const ticket: UploadTicket = await service.openUpload(newDocumentId(), newDocumentKey());
  try {
    const fields: Fields = {};
    let file: { name: string; size: number; head: Buffer; plainPath: string } | undefined;
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 40, parts: 41, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`Unexpected file part "${part.fieldname}": send the document in the part named "file".`);
        }
        const received = await service.receiveFile(ticket, part.file);
        if (part.file.truncated) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes);
        file = { name: part.filename ?? '', ...received };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        checkFieldText(part.fieldname, value);
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
      }
    }
    // The whole body is in: counting and storing may take longer than the idle limit, which is for the client.
    req.raw.socket?.setTimeout(0);
    if (!file) throw badRequest(`Parameter 'file' is required: send the document in a multipart part named "file".`);
    const params = readDocumentParams(fields);

    const fileName = cleanFileName(params.filename ?? file.name);
    if (!fileName) {
      throw badRequest(
        `The document has no file name: send it in the file part's Content-Disposition or in the 'filename' field.`,
      );
    }
    const dot = fileName.lastIndexOf('.');
    const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
    if (!isAcceptedExtension(ext)) {
      const saveAs = SAVE_AS[ext];
      throw badRequest(
        `${ext ? `File extension ".${ext}" is not accepted` : `The file name "${fileName}" has no extension`}. ` +
          (saveAs
            ? `Open it in ${saveAs.app} and save it as ${saveAs.as}, then upload that file.`
            : `Accepted extensions: ${ACCEPTED_LIST}. Save the file in one of these formats and upload it again.`),
        'unsupported_file_type',
      );
    }
    if (params.outputFormat !== undefined) {
      const same = params.outputFormat === ext || (ext === 'doc' && params.outputFormat === 'docx');
      const jpeg = ['jpg', 'jpeg'].includes(ext) && ['jpg', 'jpeg'].includes(params.outputFormat);
      if (!same && !jpeg && !(ext === 'pdf' && params.outputFormat === 'docx')) {
        throw badRequest(
          `Value for 'output_format' not supported: "${params.outputFormat}". Only PDF documents can be converted ` +
            `(to docx); a .${ext} document is returned as .${ext === 'doc' ? 'docx' : ext}. Leave output_format out.`,
        );
      }
    }

    const formats = await loadFormats();
    const handler = formats.handlerFor(ext);
    if ('unavailable' in handler) throw badRequest(handler.unavailable, 'format_unavailable');
    if (file.size > 0 && OOXML.has(ext) && isOle(file.head)) {
      // A docx/xlsx/pptx saved with a password is an OLE container, not a zip: say so instead of "rename it".
      const why = await explainOleOffice(file.plainPath, ext);
      if (why) throw badRequest(why, why.includes('password') ? 'password_protected' : 'file_type_mismatch');
    }
    if (file.size > 0 && !handler.sniff(file.head, ext)) {
      const looks = formats.guess(file.head, ext);
      throw badRequest(
        `The file "${fileName}" is named .${ext}, but its content is not a .${ext} document` +
          `${looks.length > 0 ? ` (it looks like .${looks.join(' or .')})` : ''}. ` +
          'Rename it to its real extension, or upload the right file.',
        'file_type_mismatch',
      );
    }
    if (params.source && params.source !== baseLanguage(params.target) && !ctx.engines.pick(params.source, params.target)) {
      throw badRequest(
        `The local engine cannot translate ${params.source} into ${params.target}. See GET /v2/languages for what it can do, or use a hosted account for this pair.`,
        'unsupported_language_pair',
      );
    }
    const resources = resolveDocumentResources(ctx, account, params);

    await service.accept({
      ticket,
      account,
      apiKey,
      params,
      resources,
      fileName,
      ext,
      size: file.size,
      plainPath: file.plainPath,
      timings: ctx.faults.docTimings(req),
      failInjected: ctx.faults.takeDocFailure(req),
    });
    return { document_id: ticket.id, document_key: ticket.key };
  } catch (e) {
    await service.abortUpload(ticket);
    throw uploadError(e, maxBytes);
  }
}

/**
 * A document acknowledged before a restart is queued again as soon as its client proves the key (find() checked
 * it against the stored hash). Its glossaries and memory are looked up again; if one was deleted meanwhile the
 * document fails, refunded, with the reason.
 */
async function resumeIfWaiting(
  ctx: ServiceContext,
  service: DocumentService,
  row: DocumentRow,
  key: string,
  account: Account,
): Promise<void> {
  if (!service.needsResume(row)) return;
  let resources;
  try {
    resources = resolveDocumentResources(ctx, account, service.storedParams(row));
  } catch (e) {
    await service.failResume(row, `The document could not be resumed after the service restarted: ${(e as Error).message}`);
    return;
  }
  service.resume(row, key, resources);
}

/** The documents plugin with explicit options (the CLI and tests); `documentsPlugin` uses the defaults. */
export function createDocumentsPlugin(options: DocumentsOptions = {}): ServicePlugin {
  return async (app: FastifyInstance, ctx: ServiceContext) => {
    const service = await acquire(ctx, options);
    app.addHook('onClose', async () => release(ctx.store));
    await app.register(multipart, {
      limits: { fileSize: service.options.maxUploadBytes, files: 1, fields: 40, parts: 41, fieldSize: 64 * 1024 },
    });

    app.post(
      '/v2/document',
      {
        config: { scope: 'document' },
        // A declared length over the limit is refused before a byte of the body is read (after auth, which runs
        // first). The connection is closed with the answer, since the unread body cannot be skipped cheaply.
        onRequest: (req, reply, done) => {
          const declared = Number(req.headers['content-length']);
          if (Number.isFinite(declared) && declared > service.options.maxUploadBytes + MULTIPART_ALLOWANCE) {
            reply.header('Connection', 'close');
            done(uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, service.options.maxUploadBytes) as Error);
            return;
          }
          done();
        },
      },
      async (req) => handleUpload(req, ctx, service),
    );

    app.post<{ Params: { document_id: string } }>(
      '/v2/document/:document_id',
      { config: { scope: 'document' } },
      async (req) => {
        const { account } = auth(req);
        const key = keyParam(req);
        const row = await service.find(req.params.document_id, key, account);
        if (!row) throw notFoundError();
        await resumeIfWaiting(ctx, service, row, key, account);
        return service.statusJson(service.reread(row));
      },
    );

    // Verso's own call, not in the spec: its client discarded the document (Cancel → Discard), so the engine stops
    // working on it and the next documents need not wait behind it. 204 once discarded; 404 for a document this key
    // does not have, as the other document routes answer.
    app.post<{ Params: { document_id: string } }>(
      '/v2/document/:document_id/discard',
      { config: { scope: 'document' } },
      async (req, reply) => {
        const { account } = auth(req);
        const key = keyParam(req);
        const row = await service.find(req.params.document_id, key, account);
        if (!row) throw notFoundError();
        await service.discard(row);
        return reply.code(204).send();
      },
    );

    app.post<{ Params: { document_id: string } }>(
      '/v2/document/:document_id/result',
      { config: { scope: 'document' } },
      async (req, reply) => {
        const { account } = auth(req);
        const key = keyParam(req);
        const found = await service.find(req.params.document_id, key, account);
        if (!found) throw notFoundError();
        await resumeIfWaiting(ctx, service, found, key, account);
        const row = service.reread(found);
        if (row.status === 'queued' || row.status === 'translating') {
          throw new HttpError(
            503,
            'Document translation is not done yet; poll the status until it is done.',
            'document_not_ready',
          );
        }
        if (row.status === 'error') {
          throw new HttpError(
            400,
            `The document could not be translated, so there is no result: ${row.message ?? 'unknown error'}`,
            'document_failed',
          );
        }
        const result = await service.openResult(row, key);
        // A client that stops reading its download is cut after the idle limit; it cannot hold the socket forever.
        req.raw.socket?.setTimeout(req.server.server.timeout);
        // Removal only after the last byte was handed to the socket: a cut connection ('close' without 'finish')
        // leaves the document downloadable.
        reply.raw.once('finish', () => void service.remove(row.id));
        reply
          .header('Content-Type', result.mediaType)
          .header('Content-Disposition', contentDisposition(result.fileName))
          .header('Content-Length', String(result.size));
        if (result.engine === 'pseudo') reply.header('X-Verso-Engine', 'pseudo');
        return reply.send(result.stream);
      },
    );
  };
}

export const documentsPlugin: ServicePlugin = createDocumentsPlugin();
