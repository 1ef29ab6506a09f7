/**
 * IMO ship identification numbers: seven digits, the last a check digit. The check digit is the
 * last digit of the sum of the first six digits weighted 7, 6, 5, 4, 3, 2.
 * The form accepts any 7-20 uppercase letters and digits (spec 000 §5); this check is for data the
 * product itself generates (the demo fleet) and for display hints.
 */
export function imoCheckDigit(firstSix: string): number {
  if (!/^\d{6}$/.test(firstSix)) throw new Error(`IMO stem must be six digits, got ${firstSix}`);
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(firstSix[i]) * (7 - i);
  return sum % 10;
}

export function isValidImoNumber(value: string): boolean {
  return /^\d{7}$/.test(value) && imoCheckDigit(value.slice(0, 6)) === Number(value[6]);
}
