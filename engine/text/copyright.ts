/** The copyright year of the footer on a day (YYYY-MM-DD, the tenant's today): it rolls forward from October (spec part 1 section 9). */
export function copyrightYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 10 ? year + 1 : year;
}
