import { dayNumber, isDateInRange } from '../rules/dates.js';

/**
 * The end date of a role or an employment: required ('Please select a employment end date.'), a
 * real date, not before the employment's start and not in the future (the role ends at once).
 */
export function endDateProblem(endDate: string | null | undefined, startDate: string | null, today: string): 'required' | 'invalid' | null {
  if (endDate === null || endDate === undefined || endDate.trim() === '') return 'required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate) || !isDateInRange(endDate)) return 'invalid';
  if (endDate > today || (startDate !== null && dayNumber(startDate) !== null && endDate < startDate)) return 'invalid';
  return null;
}
