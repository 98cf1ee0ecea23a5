/**
 * Abbreviation suppression data for sentence splitting (service process, pure data).
 *
 * V8 ships ICU's sentence segmenter without the `-u-ss-standard` suppression lists (the resolved locale drops
 * the extension; measured in /work/shared/notes/local-service.md §5), so `Intl.Segmenter` breaks after
 * "Mr.", "Dr.", "z.", "M." and German ordinals. These lists undo those breaks. Entries are written without
 * their final period and matched case-sensitively, so "no." at a sentence end is not mistaken for "No.".
 * Capital initials and dotted letter groups ("B.", "M.", "e.g.", "U.S.") are recognised by shape; lone
 * lower-case letters (German "z. B.", "d. h.") are listed per language, so French "10 h. Il" still breaks.
 */

const COMMON = ['Dr', 'Prof', 'St', 'vs', 'ca', 'etc', 'Nr', 'No', 'Fig', 'Vol', 'Bd', 'Hr', 'Jr', 'Sr'];

const BY_LANGUAGE: Record<string, readonly string[]> = {
  en: [
    'Mr', 'Mrs', 'Ms', 'Mt', 'Messrs', 'Gen', 'Gov', 'Sen', 'Rep', 'Rev', 'Capt', 'Col', 'Lt', 'Sgt', 'Ave',
    'Blvd', 'Rd', 'approx', 'appt', 'dept', 'est', 'Inc', 'Ltd', 'Corp', 'Co', 'Nos', 'pp', 'cf', 'viz',
    'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec',
  ],
  de: [
    'Hrn', 'Fr', 'Frl', 'Str', 'bzw', 'ca', 'evtl', 'ggf', 'inkl', 'usw', 'vgl', 'sog', 'Abs', 'Abb', 'Tel',
    'bspw', 'geb', 'gest', 'Jh', 'Jhd', 'Mio', 'Mrd', 'Kap', 'Art', 'Anm', 'allg', 'Bsp', 'zzgl', 'zw', 'Dipl',
    'Ing', 'Mag', 'Dres', 'Hbf', 'z', 'u', 'a', 'd', 'h', 'v', 's', 'o', 'Jan', 'Febr', 'Aug', 'Sept', 'Okt', 'Nov', 'Dez',
  ],
  fr: ['MM', 'Mme', 'Mmes', 'Mlle', 'Mlles', 'Pr', 'Ste', 'cf', 'av', 'apr', 'env', 'p', 'pp', 'chap', 'éd', 'Me'],
  es: ['Sra', 'Srta', 'Sres', 'Dra', 'Ud', 'Uds', 'Vd', 'Vds', 'pág', 'págs', 'núm', 'aprox', 'Avda', 'Av', 'Dña', 'Lic', 'Ing', 'Excmo', 'Excma'],
  pt: ['Sra', 'Srta', 'Dra', 'Exmo', 'Exma', 'pág', 'págs', 'nº', 'Av', 'Lda', 'Ltda', 'aprox', 'Eng'],
  it: ['Sig', 'Sigg', 'Sig.ra', 'Sig.na', 'Dott', 'Dott.ssa', 'Avv', 'Ing', 'Geom', 'Arch', 'ecc', 'pag', 'pagg', 'ca'],
  nl: ['dhr', 'Dhr', 'mevr', 'Mevr', 'mw', 'Mw', 'dr', 'prof', 'bijv', 'Bijv', 'enz', 'nr', 'blz', 'ca', 'mr', 'ir', 'ing', 'drs'],
  pl: ['dr', 'prof', 'mgr', 'inż', 'np', 'Np', 'tzn', 'itd', 'itp', 'ul', 'al', 'nr', 'godz', 'tys', 'wg', 'zob', 'św', 'ks', 'hab'],
  ru: ['г', 'гг', 'др', 'стр', 'ул', 'им', 'проф', 'тыс', 'млн', 'млрд', 'руб', 'см', 'напр', 'акад', 'д'],
  uk: ['р', 'рр', 'вул', 'проф', 'тис', 'млн', 'млрд', 'грн', 'див', 'напр', 'ім', 'ст'],
  bg: ['г', 'гр', 'ул', 'проф', 'д-р', 'хил', 'млн', 'млрд', 'лв', 'вж', 'напр', 'стр'],
  sv: ['bl.a', 't.ex', 'dvs', 'osv', 's.k', 'ca', 'nr', 'm.m', 'fr.o.m', 'kl', 'resp', 'jfr', 'obs'],
  da: ['f.eks', 'bl.a', 'dvs', 'osv', 'ca', 'nr', 'hr', 'fru', 'kl', 'jf', 'evt', 'mht', 'mv', 'pga', 'vha'],
  nb: ['f.eks', 'bl.a', 'dvs', 'osv', 'ca', 'nr', 'hr', 'fru', 'kl', 'jf', 'evt', 'mht', 'mv', 'pga', 'vha', 'mfl'],
  cs: ['např', 'tzv', 'atd', 'apod', 'resp', 'tj', 'Ing', 'Mgr', 'Bc', 'MUDr', 'JUDr', 'PhDr', 'RNDr', 'doc', 'prof', 'str', 'tel', 'ul'],
  sk: ['napr', 'tzv', 'atď', 'resp', 'tj', 'Ing', 'Mgr', 'Bc', 'MUDr', 'JUDr', 'PhDr', 'RNDr', 'doc', 'prof', 'str', 'tel', 'ul'],
  sl: ['npr', 'itd', 'ipd', 'oz', 'tj', 'dr', 'prof', 'mag', 'inž', 'str', 'tel', 'ul', 'št'],
  fi: ['esim', 'ns', 'mm', 'jne', 'ym', 'yms', 'ks', 'vrt', 'klo', 'puh', 'prof', 'tri', 'n', 'noin'],
  hu: ['dr', 'Dr', 'pl', 'stb', 'ill', 'kb', 'ún', 'Id', 'ifj', 'özv', 'u', 'krt', 'tel', 'ford'],
  et: ['nt', 'jne', 'jt', 'vms', 'u', 'lk', 'nr', 'tn', 'hr', 'pr', 'dr', 'prof'],
  lv: ['piem', 'utt', 'u.c', 'proti', 'nr', 'lpp', 'g', 'prof', 'dr'],
  lt: ['pvz', 'kt', 'pan', 'prof', 'dr', 'gen', 'nr', 'str', 'tel', 'm', 'p'],
  ro: ['dl', 'dna', 'dra', 'Dl', 'Dna', 'Dra', 'prof', 'ex', 'nr', 'pag', 'str', 'etc'],
  tr: ['Av', 'Doç', 'Dr', 'Prof', 'vb', 'vs', 'örn', 'bkz', 'sf', 'Alb', 'Yrd'],
  el: ['κ', 'κα', 'π.χ', 'δηλ', 'σελ', 'κλπ', 'Δρ', 'αρ'],
  id: ['Bpk', 'Ibu', 'Sdr', 'dll', 'dsb', 'dkk', 'hlm', 'No', 'Jl', 'Prof', 'Dr', 'H'],
};

/** Languages where a number followed by a period is usually an ordinal ("am 3. Oktober"). */
const ORDINAL_LANGUAGES = new Set(['de', 'da', 'nb', 'no', 'nn', 'fi', 'cs', 'pl', 'hu', 'sk', 'sl', 'et', 'lv', 'tr', 'is', 'hr', 'sr']);

const cache = new Map<string, ReadonlySet<string>>();

function listFor(lang: string): ReadonlySet<string> {
  let set = cache.get(lang);
  if (!set) {
    set = new Set([...COMMON, ...(BY_LANGUAGE[lang] ?? [])]);
    cache.set(lang, set);
  }
  return set;
}

const OPENERS = /^[\p{Ps}\p{Pi}"'¡¿]+/u;
const LETTER_DOTS = /^(?:\p{L}\.){2,}$/u;
const INITIAL = /^\p{Lu}\.$/u;
const ORDINAL = /^\d{1,3}\.$/;

/**
 * True when `sentence` (already trimmed) ends with an abbreviation, an initial or (in ordinal languages) an
 * ordinal number, i.e. when a break the segmenter put after it should be undone.
 */
export function endsWithAbbreviation(sentence: string, lang: string): boolean {
  if (!sentence.endsWith('.')) return false;
  const at = Math.max(sentence.lastIndexOf(' '), sentence.lastIndexOf('\u00a0'), sentence.lastIndexOf('\n'), sentence.lastIndexOf('\t'));
  const token = sentence.slice(at + 1).replace(OPENERS, '');
  if (token.length < 2) return false;
  if (LETTER_DOTS.test(token)) return true;
  // "So do I." ends an English sentence; every other lone capital with a period is an initial ("M. Dupont").
  if (INITIAL.test(token)) return !(token === 'I.' && lang === 'en');
  if (ORDINAL.test(token)) return ORDINAL_LANGUAGES.has(lang);
  const word = token.slice(0, -1);
  const list = listFor(lang);
  // Sentence-initial capitals: "Проф." and "Np." are the listed "проф" and "np".
  return list.has(word) || list.has(word.charAt(0).toLowerCase() + word.slice(1));
}
