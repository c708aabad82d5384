export type ErrorFields = Readonly<Record<string, string>>;

/**
 * One known failure of the API: the stable `code` clients match on, the HTTP status, and the exact text the person
 * reads. A text with a value in it is a function of that value; `fields` name what is wrong where a form shows it
 * (a function where the field is named at runtime, taking the same values as the text).
 */
export type ErrorEntry = {
  code: string;
  status: number;
  message: string | ((...args: never[]) => string);
  fields?: ErrorFields | ((...args: never[]) => ErrorFields);
};

/** The fields of a failure whose text names the field given at runtime (`{ [field]: text }`). */
export const atField =
  (text: string) =>
  (field: string): ErrorFields => ({ [field]: text });
