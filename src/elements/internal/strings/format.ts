/**
 * Dates and numbers for people, in the element's language. Intl formatters are costly to
 * create (a third of a long chat's render time), so each is made once per language, time
 * zone and style; an invalid `lang` or time zone never breaks an element.
 */
export type TimeStyle = 'short' | 'long' | 'seconds';

const TIME_OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  short: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  long: { dateStyle: 'medium', timeStyle: 'short' },
  seconds: {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
};

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    // Attributes are user input: keep the cache small whatever they hold.
    if (formats.size >= 64) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/**
 * A message time; falls back to `YYYY-MM-DD HH:mm` (UTC) when Intl refuses the inputs. None ('')
 * in the first day of 1970: an import without times numbers the messages from 0, and no
 * message of an LLM was sent that day.
 */
export function formatTime(
  timestamp: number,
  lang: string,
  timeZone: string | undefined,
  style: TimeStyle,
): string {
  if (timestamp < 86_400_000) return '';
  try {
    const key = `time|${lang}|${timeZone}|${style}`;
    return cached(
      key,
      () => new Intl.DateTimeFormat(lang, { ...TIME_OPTIONS[style], timeZone }),
    ).format(timestamp);
  } catch {
    return isoTime(timestamp).slice(0, 16).replace('T', ' ');
  }
}

/** ISO time, or '' for timestamps beyond what Date can hold (they are valid JSON numbers). */
export function isoTime(timestamp: number): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Digits grouped for the language; an invalid tag falls back to English. */
export function formatNumber(value: number, lang: string): string {
  try {
    return cached(`number|${lang}`, () => new Intl.NumberFormat(lang)).format(value);
  } catch {
    return cached('number|en', () => new Intl.NumberFormat('en')).format(value);
  }
}

/** A share (0.113 → "11.3%") for the language, one decimal at most. */
export function formatPercent(value: number, lang: string): string {
  try {
    const make = () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
    return cached(`percent|${lang}`, make).format(value);
  } catch {
    return `${(value * 100).toFixed(1)}%`;
  }
}
