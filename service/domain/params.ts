/**
 * Reading request parameters from JSON or form bodies (service process). Form bodies come from
 * fast-querystring: a repeated key is an array. Every failure is a 400 whose message names the parameter.
 */
import { badRequest } from '../http/errors.js';

export type RawBody = Record<string, unknown>;

export class Params {
  constructor(
    private readonly body: RawBody,
    readonly isForm: boolean,
  ) {}

  has(name: string): boolean {
    const v = this.body[name];
    return v !== undefined && v !== null && !(this.isForm && v === '');
  }

  raw(name: string): unknown {
    return this.body[name];
  }

  string(name: string): string | undefined {
    const v = this.body[name];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) throw badRequest(`Parameter '${name}' was given ${v.length} times; give it once.`);
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v !== 'string') throw badRequest(`Parameter '${name}' must be a string.`);
    return v;
  }

  requiredString(name: string): string {
    const v = this.string(name);
    if (v === undefined || v === '') throw badRequest(`Parameter '${name}' is required.`);
    return v;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw badRequest(`Value for '${name}' not supported: "${v}". Use one of: ${allowed.join(', ')}.`);
    }
    return v as T;
  }

  /** Booleans: JSON true/false, or `1`/`0` (the spec's form spelling); `true`/`false` strings are accepted too. */
  boolean(name: string): boolean | undefined {
    const v = this.body[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    if (v === 1 || v === '1' || v === 'true') return true;
    if (v === 0 || v === '0' || v === 'false') return false;
    throw badRequest(`Parameter '${name}' must be a boolean (${this.isForm ? '1 or 0' : 'true or false'}).`);
  }

  integer(name: string, min: number, max: number): number | undefined {
    const v = this.body[name];
    if (v === undefined || v === null || v === '') return undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      throw badRequest(`Parameter '${name}' must be an integer from ${min} to ${max}.`);
    }
    return n;
  }

  /** A list of strings: a JSON array, a repeated form key, or one string (comma-separated when `commas`). */
  list(name: string, commas: boolean): string[] | undefined {
    const v = this.body[name];
    if (v === undefined || v === null) return undefined;
    const items = Array.isArray(v) ? v : [v];
    const out: string[] = [];
    for (const item of items) {
      if (typeof item !== 'string') throw badRequest(`Parameter '${name}' must be a list of strings.`);
      if (commas) out.push(...item.split(',').map((s) => s.trim()).filter((s) => s !== ''));
      else out.push(item);
    }
    return out;
  }
}
