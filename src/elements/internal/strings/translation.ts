/**
 * Another language's table of an English one: every key, except the `One` forms (the text for
 * exactly one, which `t` picks), which a language without such forms leaves out.
 */
export type Translation<English> = {
  [K in keyof English as K extends `${string}One` ? never : K]: string;
} & { [K in keyof English as K extends `${string}One` ? K : never]?: string };
