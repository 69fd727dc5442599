/** Clock times and dates of headers, in an IANA time zone, with one cached formatter each. */

/** Formatters by kind and zone: creating one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatIn(kind: 'time' | 'date', timestamp: number, timeZone: string): string {
  const format = (zone: string) => {
    const key = `${kind}\u0000${zone}`;
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter =
        kind === 'time'
          ? new Intl.DateTimeFormat('en-GB', {
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
              timeZone: zone,
            })
          : // en-CA writes dates as YYYY-MM-DD.
            new Intl.DateTimeFormat('en-CA', {
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              timeZone: zone,
            });
      formatters.set(key, formatter);
    }
    return formatter.format(timestamp);
  };
  try {
    return format(timeZone);
  } catch {
    try {
      return format('UTC');
    } catch {
      return '';
    }
  }
}

/**
 * `HH:mm` of a timestamp in an IANA time zone (default UTC). An unknown zone or a timestamp
 * Date cannot hold gives UTC or an empty time rather than an exception.
 */
export function clockTime(timestamp: number, timeZone = 'UTC'): string {
  return formatIn('time', timestamp, timeZone);
}

/** `YYYY-MM-DD` of a timestamp in an IANA time zone (default UTC), like `clockTime`. */
export function calendarDate(timestamp: number, timeZone = 'UTC'): string {
  return formatIn('date', timestamp, timeZone);
}

/** Whether Intl knows the time zone (exports warn about unknown ones). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
