/** `tel:` URIs must not contain the spaces used to make phone numbers readable. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
