/**
 * Amounts the API keeps in minor units (cents, pence), shown in the reader's number format with
 * the currency's own number of decimals.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** decimals);
}
