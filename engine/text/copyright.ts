/** The copyright year of the footer: it rolls forward from October (spec part 1 section 9). */
export function copyrightYear(now: Date): number {
  return now.getMonth() >= 9 ? now.getFullYear() + 1 : now.getFullYear();
}
