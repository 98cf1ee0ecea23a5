/**
 * What a document the service ended in error failed of (main, documents-queue.ts serviceFailure), read from the
 * local service's own words (service/documents/service.ts builds them): a language its engine cannot translate into
 * the target is "pair unavailable" with the language it read the document as, not "the language could not be
 * detected" (seen on a tour: an English file sent to Danish said the service could not tell its language, and the
 * real cause was only in English under Details).
 */
import { describe, expect, it } from 'vitest';
import { unavailablePairMessage } from '../../../service/documents/service.js';
import { ApiError } from './api-errors.js';
import { errorOf, serviceFailure } from './documents-queue.js';

describe('a document the service ended in error', () => {
  it('names the detected language when the engine cannot translate it into the target', () => {
    const message = unavailablePairMessage('EN', 'DA', false, 'Norwegian (Bokmål) (NB), Swedish (SV)');
    expect(serviceFailure(message, true)).toEqual({ code: 'pair_unavailable', lang: 'EN', detail: message });
  });

  it('a source language the user gave is already known: the pair, without a detected language', () => {
    const message = unavailablePairMessage('PT-BR', 'DA', true, 'Norwegian (Bokmål) (NB)');
    expect(serviceFailure(message, false)).toEqual({ code: 'pair_unavailable', detail: message });
  });

  it('no language found for a document sent without one asks for its language; other failures keep their words', () => {
    const none =
      "The document's source language could not be detected (too little text, or a language the detector does not know). Upload it again with source_lang set; the local engine translates into German from: English (EN).";
    expect(serviceFailure(none, true).code).toBe('source_needed');
    expect(serviceFailure('The PDF has no text layer.', true)).toEqual({ code: 'translation_failed', detail: 'The PDF has no text layer.' });
  });

  it('a pair refused at upload (unsupported_language_pair) is "pair unavailable" too', () => {
    const refused = new ApiError('bad_request', 'refused', { status: 400, serviceCode: 'unsupported_language_pair', serviceMessage: 'The local engine cannot translate EN into DA.' });
    expect(errorOf(refused, 'http')).toMatchObject({ code: 'pair_unavailable', status: 400 });
    expect(errorOf(new ApiError('bad_request', 'refused', { status: 400 }), 'http').code).toBe('http');
  });
});
