/**
 * Building blocks of the IPC contract (any process): ids, language codes, secrets, names and addresses, shared by
 * the main contract (`contract.ts`) and each domain's own contract file (`contract-<domain>.ts`). Domain files
 * import from here, never from `contract.ts`, so there is no import cycle.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------------

/** Calls without arguments. */
export const NoInput = z.undefined();

/** Language code as the spec writes it (`DE`, `EN-GB`, `ZH-HANT`, `es`); normalised to upper case. */
export const LangCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, 'Use a language code such as DE, EN-GB or PT-BR.')
  .transform((s) => s.toUpperCase());

export const Id = z.string().trim().min(1, 'An id is required.').max(200);

/** A secret typed by the user. Only ever travels renderer→main. */
export const SecretInput = z
  .string()
  .trim()
  .min(1, 'Paste the key; it is empty.')
  .max(512, 'That is longer than any key; check what was pasted.')
  .refine((s) => !/\s/.test(s), 'A key has no spaces or line breaks; check what was pasted.');

export const ConnectionName = z.string().trim().min(1, 'Give the connection a name.').max(80, 'Use at most 80 characters.');

/** Where a secret is kept: encrypted on disk by the OS keyring, or in memory until Verso quits. */
export const Persistence = z.enum(['persist', 'session']);
export type Persistence = z.infer<typeof Persistence>;

/** How the key is sent: `Authorization: <scheme> <key>`. `Service-Auth-Key` is the spec's scheme. */
export const AuthScheme = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/, 'The scheme is one word such as Service-Auth-Key or Bearer.');

export const HttpUrl = z
  .string()
  .trim()
  .url('Enter a full address such as https://api.example.com')
  .refine((s) => /^https?:\/\//i.test(s), 'The address must start with https:// (or http:// for a local service).');

