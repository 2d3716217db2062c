/** Deterministic, realistic values for the grid benchmark: the same data on SQLite and PostgreSQL. */

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = [
  'Memphis', 'Nashville', 'Knoxville', 'Chattanooga', 'Jackson', 'Clarksville', 'Murfreesboro', 'Franklin', 'Johnson City',
  'Kingsport', 'Cleveland', 'Cookeville', 'Columbia', 'Morristown', 'Bristol', 'Oak Ridge', 'Maryville', 'Tullahoma',
  'Shelbyville', 'Lebanon', 'Gallatin', 'Hendersonville', 'Dyersburg', 'Martin', 'Union City', 'Paris', 'Athens',
  'Crossville', 'Greeneville', 'McMinnville', 'Lawrenceburg', 'Pulaski', 'Dickson', 'Sevierville', 'Elizabethton',
  'Covington', 'Millington', 'Brownsville', 'Savannah', 'Lexington', 'Humboldt', 'Milan', 'Ripley', 'Bolivar',
  'Somerville', 'Selmer', 'Waverly', 'Camden', 'Huntingdon', 'Centerville', 'Fayetteville', 'Winchester', 'Manchester',
  'Sparta', 'Livingston', 'Jamestown', 'Oneida', 'Jacksboro', 'Tazewell', 'Rogersville', 'Sneedville', 'Erwin',
  'Mountain City', 'Newport', 'Dandridge', 'Madisonville', 'Sweetwater', 'Dayton', 'Pikeville', 'Jasper',
];
const FORMS = [
  'University of {p}', '{p} State University', '{p} Community College', '{p} Technical College', '{p} College',
  '{p} Christian College', '{p} Institute of Technology', 'College of Applied Arts {p}', '{p} School of Nursing',
  '{p} Early Learning Academy', '{p} Bible College', '{p} Career Institute', 'Tennessee College of Applied Technology {p}',
  '{p} Adult High School', '{p} Central High School', '{p} County High School', '{p} Academy', '{p} Online University',
  '{p} Teachers College', '{p} School of Education', '{p} Polytechnic', '{p} Baptist College', '{p} Methodist University',
  '{p} Arts Institute', '{p} Learning Center', '{p} Child Development Institute', '{p} Montessori Training Center',
  '{p} Campus of Strayer', '{p} Junior College', '{p} Vocational School', 'Saint {p} College', '{p} Normal School',
  '{p} Heights High School', '{p} Valley College', '{p} Lakes University', '{p} Hills College', '{p} North High School',
  '{p} South High School', '{p} East High School', '{p} West High School', '{p} Preparatory School', '{p} Seminary',
  '{p} Medical College',
];

/** A few thousand distinct school names (places x forms). */
export const SCHOOLS: readonly string[] = PLACES.flatMap((p) => FORMS.map((f) => f.replace('{p}', p)));

export const LEVELS = [
  'Less than High School', 'High School Diploma or GED', 'Some College', 'Technical Certificate',
  "Associate's Degree", "Bachelor's Degree", "Master's Degree", 'Doctoral Degree',
];
const MAJORS = [
  'Early Childhood Education', 'Child Development', 'Elementary Education', 'Psychology', 'Social Work', 'Nursing',
  'Family Studies', 'Special Education', 'Business Administration', 'Human Services', 'Communication', 'Liberal Arts',
];
const STATUSES = ['Completed', 'Completed', 'Completed', 'In Progress', 'Incomplete'];

const DAY = 86_400_000;
const DATE_FROM = Date.UTC(1965, 0, 1);
const DATE_SPAN = Date.UTC(2025, 11, 31) - DATE_FROM;
const STAMP_FROM = Date.UTC(2014, 0, 1);
const STAMP_SPAN = Date.UTC(2025, 5, 1) - STAMP_FROM;

export interface EducationValues {
  user_id: number;
  education_level: string;
  school: string;
  major: string | null;
  degree_status: string | null;
  start_date: string | null;
  end_date: string | null;
  credit_hours: number | null;
  file_key: string | null;
  verification_status: string | null;
  verified: boolean;
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

/** Skewed pick: a few schools are very common, most are rare (like real registries). */
function pickSchool(r: number): string {
  return SCHOOLS[Math.floor(SCHOOLS.length * r * r * r)]!;
}

export function educationRow(rand: () => number, userId: number): EducationValues {
  const levelIndex = Math.floor(rand() * LEVELS.length);
  const start = DATE_FROM + Math.floor(rand() * DATE_SPAN / DAY) * DAY;
  const status = STATUSES[Math.floor(rand() * STATUSES.length)]!;
  const endNull = status === 'In Progress' && rand() < 0.6;
  const end = Math.min(start + Math.floor((120 + rand() * 1400)) * DAY, DATE_FROM + DATE_SPAN);
  const created = STAMP_FROM + Math.floor(rand() * STAMP_SPAN);
  const updated = created + Math.floor(rand() * rand() * (STAMP_FROM + STAMP_SPAN - created));
  const verification = rand();
  return {
    user_id: userId,
    education_level: LEVELS[levelIndex]!,
    school: pickSchool(rand()),
    major: levelIndex < 2 ? null : MAJORS[Math.floor(rand() * MAJORS.length)]!,
    degree_status: status,
    start_date: rand() < 0.05 ? null : new Date(start).toISOString().slice(0, 10),
    end_date: endNull ? null : new Date(end).toISOString().slice(0, 10),
    credit_hours: levelIndex < 2 ? null : Math.round(rand() * 1200) / 10,
    file_key: rand() < 0.3 ? `f${Math.floor(rand() * 1e12).toString(36)}` : null,
    verification_status: verification < 0.6 ? null : verification < 0.7 ? 'Requested' : 'Verified',
    verified: verification >= 0.7,
    disabled: rand() < 0.02,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
  };
}

export const EDUCATION_COLUMNS: readonly (keyof EducationValues)[] = [
  'user_id', 'education_level', 'school', 'major', 'degree_status', 'start_date', 'end_date', 'credit_hours',
  'file_key', 'verification_status', 'verified', 'disabled', 'created_at', 'updated_at',
];
