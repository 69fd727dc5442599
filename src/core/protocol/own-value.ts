/**
 * A table's own entry for a key that came from input, else undefined: `table[role]` on a plain
 * object finds `Object.prototype`'s members for `toString`, `constructor` or `__proto__`.
 */
export const ownValue = <T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
