/**
 * Text translation (service process): validates every `/v2/translate` parameter against the spec, checks the
 * quota, and runs each text through the text layer (sentences, tags), glossaries, the translation memory and
 * the engine. Texts are translated independently; texts with the same source go to the engine in one call.
 */
import { distance } from 'fastest-levenshtein';
import {
  FORMALITY_VALUES,
  MODEL_TYPES,
  allowsCustomInstructions,
  baseLanguage,
  isSourceLanguage,
  isTargetLanguage,
  normalizeLanguage,
  supportsFormality,
  type Formality,
} from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';
import type { Engine } from '../engines/types.js';
import type { EngineSet } from '../engines/registry.js';
import { applyGlossaries, type CompiledGlossary } from '../glossary/apply.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { sourcesTogether } from '../detect/batch.js';
import type { Detector } from '../detect/index.js';
import { cleanUserText } from '../text/markers.js';
import { TextInputError, prepareText, type TextOptions } from '../text/prepare.js';
import type { Account, ApiKey, Store } from '../store/store.js';
import type { GlossaryCache } from './glossaries.js';
import { v3CacheKey, v3Stores } from '../store/v3-glossaries.js';
import type { Params } from './params.js';
import { codePoints, type Quota } from './usage.js';

export interface TranslateDeps {
  store: Store;
  quota: Quota;
  engines: EngineSet;
  detector: () => Promise<Detector>;
  glossaries: GlossaryCache;
}

export interface TranslateRequest {
  texts: string[];
  target: string;
  source?: string;
  context?: string;
  modelType?: (typeof MODEL_TYPES)[number];
  formality?: Formality;
  glossaryIds: string[];
  styleId?: string;
  customInstructions: string[];
  tmId?: string;
  tmThreshold: number;
  showBilled: boolean;
  text: TextOptions;
}

const TAG_NAME = /^[A-Za-z_][\w.:-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates the parameters of `/v2/translate` (spec table) into a request; throws 400s naming the parameter. */
export function readTranslateParams(p: Params): TranslateRequest {
  if (!p.has('text')) throw badRequest(`Parameter 'text' not specified: send one or more texts to translate.`);
  const rawText = p.raw('text');
  const texts = Array.isArray(rawText) ? rawText : [rawText];
  if (texts.some((t) => typeof t !== 'string')) throw badRequest(`Parameter 'text' must be a list of strings.`);
  if (texts.length === 0) throw badRequest(`Parameter 'text' is empty: send at least one text.`);
  if (texts.length > LIMITS.textsPerRequest) {
    throw badRequest(
      `Parameter 'text' has ${texts.length} entries; at most ${LIMITS.textsPerRequest} are allowed per request. Split the texts over several requests.`,
    );
  }

  const targetRaw = p.requiredString('target_lang');
  const target = normalizeLanguage(targetRaw);
  if (target === 'EN' || target === 'PT') {
    throw badRequest(
      `Value for 'target_lang' is ambiguous: "${targetRaw}". Use ${target === 'EN' ? 'EN-GB or EN-US' : 'PT-PT or PT-BR'}.`,
    );
  }
  if (!isTargetLanguage(target)) throw badRequest(`Value for 'target_lang' not supported: "${targetRaw}".`);

  const sourceRaw = p.string('source_lang');
  let source: string | undefined;
  if (sourceRaw !== undefined && sourceRaw !== '') {
    source = normalizeLanguage(sourceRaw);
    if (!isSourceLanguage(source)) {
      throw badRequest(
        `Value for 'source_lang' not supported: "${sourceRaw}". Source languages are base codes without a variant (for example EN, PT, ZH).`,
      );
    }
  }

  const context = p.string('context');
  const modelType = p.oneOf('model_type', MODEL_TYPES);

  const splitRaw = p.raw('split_sentences');
  const split = splitRaw === undefined || splitRaw === null ? undefined : String(splitRaw);
  if (split !== undefined && !['0', '1', 'nonewlines'].includes(split)) {
    throw badRequest(`Value for 'split_sentences' not supported: "${split}". Use 0, 1 or nonewlines.`);
  }
  const preserveFormatting = p.boolean('preserve_formatting') ?? false;

  let formality = p.oneOf('formality', FORMALITY_VALUES);
  if (formality === 'more' || formality === 'less') {
    if (!supportsFormality(target)) {
      throw badRequest(
        `Value for 'formality' not supported for target language ${target}: "${formality}" works only for DE, FR, IT, ES, ES-419, NL, PL, PT-BR, PT-PT, JA and RU. Use prefer_${formality} to fall back to the default elsewhere.`,
      );
    }
  } else if ((formality === 'prefer_more' || formality === 'prefer_less') && !supportsFormality(target)) {
    formality = 'default';
  }

  const glossaryId = p.string('glossary_id');
  const glossaryIdsList = p.list('glossary_ids', true);
  if (glossaryId !== undefined && glossaryIdsList !== undefined) {
    throw badRequest(`Parameters 'glossary_id' and 'glossary_ids' cannot be combined; send one of them.`);
  }
  const glossaryIds = glossaryIdsList ?? (glossaryId ? [glossaryId] : []);
  if (glossaryIds.length > LIMITS.glossariesPerRequest) {
    throw badRequest(
      `Parameter 'glossary_ids' has ${glossaryIds.length} entries; at most ${LIMITS.glossariesPerRequest} glossaries per request.`,
    );
  }
  if (glossaryIds.length > 0 && !source) {
    const name = glossaryIdsList ? 'glossary_ids' : 'glossary_id';
    throw badRequest(
      `Parameter '${name}' requires 'source_lang': glossaries cannot be combined with automatic source-language detection.`,
    );
  }
  if (new Set(glossaryIds).size !== glossaryIds.length) {
    throw badRequest(`Parameter 'glossary_ids' lists the same glossary twice.`);
  }

  const styleId = p.string('style_id') || undefined;
  const customInstructions = p.list('custom_instructions', false) ?? [];
  if (customInstructions.length > LIMITS.customInstructions) {
    throw badRequest(
      `Parameter 'custom_instructions' has ${customInstructions.length} entries; at most ${LIMITS.customInstructions} are allowed.`,
    );
  }
  customInstructions.forEach((ci, i) => {
    if (codePoints(ci) > LIMITS.customInstructionChars) {
      throw badRequest(
        `Parameter 'custom_instructions' entry ${i + 1} has ${codePoints(ci)} characters; each may have at most ${LIMITS.customInstructionChars}.`,
      );
    }
  });
  if (customInstructions.length > 0 && !allowsCustomInstructions(target)) {
    throw badRequest(
      `Parameter 'custom_instructions' is not supported for target language ${target}: use a target in de, en, es, fr, it, ja, ko, zh or one of their variants.`,
    );
  }

  const tmId = p.string('translation_memory_id') || undefined;
  if (tmId !== undefined && !UUID.test(tmId)) {
    throw badRequest(`Value for 'translation_memory_id' must be a UUID: "${tmId}".`);
  }
  const tmThreshold = p.integer('translation_memory_threshold', 0, 100) ?? LIMITS.tmThresholdDefault;

  const showBilled = p.boolean('show_billed_characters') ?? false;
  const tagHandling = p.oneOf('tag_handling', ['xml', 'html'] as const);
  const tagHandlingVersion = p.oneOf('tag_handling_version', ['v1', 'v2'] as const);
  const outlineDetection = p.boolean('outline_detection');
  const tagList = (name: string): string[] | undefined => {
    const list = p.list(name, true);
    const bad = list?.find((t) => !TAG_NAME.test(t));
    if (bad !== undefined) throw badRequest(`Parameter '${name}' has an invalid tag name: "${bad}".`);
    return list;
  };
  const splittingTags = tagList('splitting_tags');
  const nonSplittingTags = tagList('non_splitting_tags');
  const ignoreTags = tagList('ignore_tags');
  p.boolean('enable_beta_languages'); // deprecated, no effect; still validated as a boolean

  const splitSentences = (split ?? (tagHandling === 'html' ? 'nonewlines' : '1')) as TextOptions['splitSentences'];
  return {
    texts: texts as string[],
    target,
    source,
    context,
    modelType,
    formality,
    glossaryIds,
    styleId,
    customInstructions,
    tmId,
    tmThreshold,
    showBilled,
    text: {
      splitSentences,
      tagHandling,
      tagHandlingVersion: tagHandling ? (tagHandlingVersion ?? 'v2') : undefined,
      outlineDetection: outlineDetection ?? true,
      splittingTags,
      nonSplittingTags,
      ignoreTags,
      preserveFormatting,
      sourceLang: source,
    },
  };
}

export interface TranslateOutcome {
  translations: Record<string, unknown>[];
  engine: string | undefined;
}

/** The first marker id not used in a unit, so glossary placeholders never collide with tag markers. */
function nextMarkerId(unit: string): number {
  let max = -1;
  for (const m of unit.matchAll(/[\uE000\uE003](\d+)\uE001/g)) max = Math.max(max, Number(m[1]));
  return max + 1;
}

/** The target of the most similar memory entry at or above `threshold` (0–100), if any. */
export function tmLookup(entries: [string, string][], text: string, threshold: number): string | undefined {
  const probe = text.trim().toLowerCase();
  if (!probe) return undefined;
  let best: { score: number; target: string } | undefined;
  for (const [src, tgt] of entries) {
    const s = src.trim().toLowerCase();
    const max = Math.max(s.length, probe.length);
    const score = max === 0 ? 100 : Math.round(100 * (1 - distance(s, probe) / max));
    if (score >= threshold && (!best || score > best.score)) best = { score, target: tgt };
  }
  return best?.target;
}

export type ResourceRefs = Pick<TranslateRequest, 'glossaryIds' | 'styleId' | 'tmId' | 'source' | 'target'>;

export interface ResolvedResources {
  glossaries: CompiledGlossary[];
  tm?: [string, string][];
}

/**
 * Checks references to account resources (glossaries, style rule list, translation memory) for the pair; used
 * for text requests and document uploads alike (`noun` names which in messages).
 */
export function resolveResources(
  deps: Pick<TranslateDeps, 'store' | 'glossaries'>,
  account: Account,
  req: ResourceRefs,
  noun = 'request',
): ResolvedResources {
  const glossaries = req.glossaryIds.map((id) => {
    const g = deps.store.getGlossary(account.id, id);
    if (!g) {
      // A v3 (multilingual) glossary: the engines use its dictionary for the pair (EN/PT/ZH dictionaries carry no variant).
      const v3 = v3Stores(deps.store.db).glossaries.get(account.id, id);
      if (v3) {
        const src = (req.source ?? '').toLowerCase();
        const tgt = baseLanguage(req.target).toLowerCase();
        const d =
          v3.dictionaries.find((x) => x.sourceLang === src && x.targetLang === req.target.toLowerCase()) ??
          v3.dictionaries.find((x) => x.sourceLang === src && x.targetLang === tgt);
        if (!d) {
          const has = v3.dictionaries.map((x) => `${x.sourceLang.toUpperCase()}→${x.targetLang.toUpperCase()}`).join(', ') || 'none';
          throw badRequest(
            `Glossary ${id} has no dictionary for ${req.source}→${req.target} (it has ${has}); add one, or use another glossary for the ${noun}'s language pair.`,
          );
        }
        return deps.glossaries.compiledTsv(v3CacheKey(id, d), d.entriesTsv);
      }
      throw notFound(`Glossary ${id} not found in this account. List your glossaries with GET /v2/glossaries.`);
    }
    const pairOk =
      g.sourceLang.toUpperCase() === req.source && g.targetLang.toUpperCase() === baseLanguage(req.target);
    if (!pairOk) {
      throw badRequest(
        `Glossary ${id} is for ${g.sourceLang.toUpperCase()}→${g.targetLang.toUpperCase()}, but this ${noun} is ${req.source}→${req.target}; use a glossary for the ${noun}'s language pair.`,
      );
    }
    return deps.glossaries.compiled(g);
  });
  if (req.styleId) {
    const s = deps.store.getStyleRule(account.id, req.styleId);
    if (!s) throw notFound(`Style rule list ${req.styleId} not found in this account.`);
    if (baseLanguage(s.language) !== baseLanguage(req.target)) {
      throw badRequest(
        `Parameter 'style_id': the style rule list is for ${s.language.toUpperCase()}, but the target language is ${req.target}.`,
      );
    }
  }
  let tm: [string, string][] | undefined;
  if (req.tmId) {
    const t = deps.store.getTranslationMemory(account.id, req.tmId);
    if (!t) throw notFound(`Translation memory ${req.tmId} not found in this account.`);
    const pairOk =
      baseLanguage(t.targetLang) === baseLanguage(req.target) &&
      (!req.source || baseLanguage(t.sourceLang) === req.source);
    if (!pairOk) {
      throw badRequest(
        `Parameter 'translation_memory_id': the translation memory is for ${t.sourceLang.toUpperCase()}→${t.targetLang.toUpperCase()}, not ${req.source ?? 'auto'}→${req.target}.`,
      );
    }
    tm = t.entriesTsv
      .split('\n')
      .filter((l) => l.includes('\t'))
      .map((l) => l.split('\t', 2) as [string, string]);
  }
  return { glossaries, tm };
}

async function detectSources(deps: TranslateDeps, texts: string[]): Promise<string[]> {
  const detector = await deps.detector();
  // Several texts are weighed against their batch's language: short ones alone are often misread.
  return sourcesTogether(texts.map((t) => detector.detect(t))).map((l) => l.toUpperCase());
}

/** Runs a validated request for a key. Charges the quota first and gives it back if the engine fails. */
export async function translate(
  deps: TranslateDeps,
  account: Account,
  key: ApiKey,
  req: TranslateRequest,
): Promise<TranslateOutcome> {
  const texts = req.texts.map(cleanUserText);
  const { glossaries, tm } = resolveResources(deps, account, req);
  // Prepare every text first, so malformed markup is a 400 before anything is billed.
  const prepared = texts.map((t) => {
    try {
      return prepareText(t, req.text);
    } catch (e) {
      if (e instanceof TextInputError) throw badRequest(`Parameter 'text': ${e.message}`);
      throw e;
    }
  });
  const sources = req.source ? texts.map(() => req.source!) : await detectSources(deps, texts);

  // Pick engines before billing, so an impossible pair is a 400 that costs nothing.
  const engineFor = new Map<string, Engine | null>();
  sources.forEach((src, i) => {
    if (engineFor.has(src)) return;
    if (src === baseLanguage(req.target)) {
      engineFor.set(src, null); // same language or a variant of it: the text is returned unchanged
      return;
    }
    const engine = deps.engines.pick(src, req.target);
    if (!engine) {
      const how = req.source ? 'source_lang' : `detected from text ${i + 1}`;
      throw badRequest(
        `The local engine cannot translate ${src} (${how}) into ${req.target}. See GET /v2/languages for what it can do, or use a hosted account for this pair.`,
        'unsupported_language_pair',
      );
    }
    engineFor.set(src, engine);
  });

  const billed = texts.map(codePoints);
  const refund = deps.quota.charge(account, key, billed.reduce((a, b) => a + b, 0));
  try {
    const outputs: string[] = new Array(texts.length);
    const groups = new Map<string, number[]>();
    sources.forEach((s, i) => {
      const g = groups.get(s);
      if (g) g.push(i);
      else groups.set(s, [i]);
    });
    let usedEngine: string | undefined;
    const runGroup = async (src: string, idxs: number[]): Promise<void> => {
      const engine = engineFor.get(src);
      if (!engine) {
        for (const i of idxs) outputs[i] = texts[i]!;
        return;
      }
      usedEngine = usedEngine && usedEngine !== engine.id ? 'mixed' : engine.id;
      const finishers: ((t: string) => void)[] = [];
      const units: string[] = [];
      const results = new Map<number, string[]>();
      for (const i of idxs) {
        const p = prepared[i]!;
        const out: string[] = new Array(p.units.length);
        results.set(i, out);
        p.units.forEach((unit, u) => {
          const fromTm = tm && tmLookup(tm, unit, req.tmThreshold);
          if (fromTm !== undefined) {
            out[u] = fromTm;
            return;
          }
          if (glossaries.length === 0) {
            units.push(unit);
            finishers.push((t) => (out[u] = t));
            return;
          }
          const plan = applyGlossaries(unit, glossaries, nextMarkerId(unit));
          units.push(plan.unit);
          finishers.push((t) => (out[u] = plan.finish(t)));
        });
      }
      if (units.length > 0) {
        const translated = await engine.translate({
          source: src,
          target: req.target,
          units,
          formality: req.formality,
          context: req.context,
        });
        translated.forEach((t, j) => finishers[j]!(t));
      }
      for (const i of idxs) outputs[i] = prepared[i]!.rebuild(results.get(i)!);
    };
    // One source (the usual case) needs no fan-out; several detected sources run side by side.
    if (groups.size === 1) {
      const [[src, idxs]] = [...groups] as [[string, number[]]];
      await runGroup(src, idxs);
    } else {
      await Promise.all([...groups].map(([src, idxs]) => runGroup(src, idxs)));
    }
    const translations = texts.map((_, i) => {
      const t: Record<string, unknown> = { detected_source_language: sources[i], text: outputs[i] };
      if (req.showBilled) t.billed_characters = billed[i];
      if (req.modelType) {
        t.model_type_used = req.modelType === 'latency_optimized' ? 'latency_optimized' : 'quality_optimized';
      }
      if (req.text.tagHandling) t.tag_handling_version = req.text.tagHandlingVersion;
      return t;
    });
    return { translations, engine: usedEngine };
  } catch (e) {
    refund();
    if (e instanceof HttpError) throw e;
    throw new HttpError(
      504,
      `The local translation engine failed (${(e as Error).message}). Nothing was billed; retry in a moment.`,
      'engine_unavailable',
    );
  }
}
