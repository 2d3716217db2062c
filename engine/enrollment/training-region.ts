/** A tenant's training region with its counties (tenant.json trainingRegions). */
export interface TrainingRegion {
  name: string;
  counties: readonly string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The region whose counties hold the county, or undefined. */
export function regionOfCounty(regions: readonly TrainingRegion[], county: string | null | undefined): TrainingRegion | undefined {
  if (!county || !county.trim()) return undefined;
  return regions.find((r) => r.counties.some((c) => same(c, county)));
}

/**
 * Whether a person registering through an organization in `county` is in the section's region.
 * A tenant without regions, or a section without one, has nothing to check: in region. Otherwise
 * no organization or no county is out of region.
 */
export function isInRegion(regions: readonly TrainingRegion[] | undefined, sectionRegion: string | null | undefined, county: string | null | undefined): boolean {
  if (!regions || regions.length === 0 || !sectionRegion || !sectionRegion.trim()) return true;
  const region = regionOfCounty(regions, county);
  return region !== undefined && same(region.name, sectionRegion);
}
