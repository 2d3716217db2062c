/** The agency summary of the current QRIS cycle (GET /api/reporting/agencysummary), as server and screen share it. */
export interface AgencySummaryRow { userId: number; fullName: string; registryId: string; titlePosition: string | null; trainings: number; hours: number }

export interface AgencySummary {
  organizationId: number;
  organizationName: string;
  disabled: boolean;
  startDate: string;
  /** exclusive, as GET /api/reporting/qriscycle answers it */
  endDate: string;
  rows: AgencySummaryRow[];
}
