/**
 * What the User Records calls answer (spec part 2 sections 3 and 7), shared by the server that
 * builds the answers and the browser that shows them.
 */

/** One accordion of the User Records view: a grid marked `userRecords` the caller may read for the person. */
export interface RecordSection {
  gridId: string;
  entityTypeId: number;
  formId: number;
  title: string;
  group: 'records' | 'comments';
}

/** GET /api/userrecords?userId: the person and the sections the caller sees. */
export interface UserRecordsAnswer {
  userId: number;
  fullName: string;
  registryId: string;
  email: string;
  /** accordions in order: the records group, then (after the attestations) the comments group */
  sections: RecordSection[];
  /** whether the Attestations panel is shown (hidden for holders of role 300) */
  attestations: boolean;
}

/** One employer's attestation, as GET /api/attestation answers it ("Attestation", grouped by employer). */
export interface AttestationItem {
  organizationId: number;
  employerName: string;
  /** the text attested (kept as it was) or, before approval, the text to attest; may hold markup */
  text: string;
  approved: boolean;
  attestationDate: string | null;
  attestorId: number | null;
  attestorName: string | null;
  comment: string | null;
  /** the caller may tick it now */
  canAttest: boolean;
}

/** POST /api/attestation. */
export interface AttestationApproval {
  attestorId: number;
  attestorName: string;
  attestationDate: string;
  approved: true;
  comment: string | null;
}

/** GET /api/endorsement/detail/{id} ("Endorsement detail"), field names as the spec gives them. */
export interface EndorsementDetail {
  FullName: string;
  Email: string;
  RegistryId: string;
  EndorsementName: string;
  EndorsementSubcategory: string | null;
  EndorsementStartDate: string | null;
  EndorsementEndDate: string | null;
  EndorsementRenewDate: string | null;
  EndorsementAwardingInstitution: string | null;
}
