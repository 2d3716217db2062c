import type { NotificationKind } from '../../engine/metadata/notification-schema.js';
/**
 * The domain events of the registry: one publisher for every change others may react to
 * (notifications, the live channel), so subscribers never touch the code that causes them.
 */
export interface DomainEventMap {
  /** a person asked for a staff (100) or director (200) role at an organization */
  'role.requested': { requestId: number; userId: number; organizationId: number; employmentRecordId: number; role: string };
  'role.granted': { requestId: number; userId: number; organizationId: number; role: string; decidedBy: number; comment: string | null };
  'role.rejected': { requestId: number; userId: number; organizationId: number; role: string; decidedBy: number; comment: string | null };
  /** a role ended: by the person, by a director, or with the employment */
  'role.removed': { userId: number; organizationId: number; role: string; endDate: string | null; removedBy: number };
  /** a pending request withdrawn: the staff role or the employment it was made under ended */
  'role.withdrawn': { requestId: number; userId: number; organizationId: number; role: string; withdrawnBy: number };
  /** a user manager granted (assigned) or removed a role directly: a general role (organizationId null) or one at an organization */
  'role.assigned': { userId: number; organizationId: number | null; role: string; assignedBy: number };
  'role.unassigned': { userId: number; organizationId: number | null; role: string; removedBy: number };
  'verification.requested': { verificationId: number; entityTypeId: number; entityId: number; ownerId: number };
  /** a metadata workflow moved a record (the transition's publishEvent effect names the event) */
  'workflow.transitioned': { event: string; workflowId: string; entityTypeId: number; entityId: number; transition: string; from: string; to: string; comment: string | null; ownerId: number | null; notification?: StepNotification };
  /** a person's place in a training session changed (issue 14): registered, waitlisted, promoted, requested, reviewed, unregistered; or its attendance was Completed */
  'enrollment.changed': { enrollmentId: number; userId: number; courseSectionId: number; trainerId: number; change: EnrollmentChange; position: number | null; comment: string | null };
  'verification.decided': { verificationId: number; entityTypeId: number; entityId: number; ownerId: number; outcome: 'approved' | 'declined' | 'removed'; decidedBy: number; comment: string | null };
}

/** The notification a workflow step makes, computed in the step (its publishEvent effect's `notification`). */
export interface StepNotification {
  kind: NotificationKind;
  recipientId: number;
  params: Readonly<Record<string, string>>;
}

/** What happened to an enrollment: the notification kind follows from it. */
export type EnrollmentChange = 'registered' | 'waitlisted' | 'promoted' | 'requested' | 'approved' | 'approvedWaitlisted' | 'denied' | 'unregistered'
  /** attendance Completed: the training record and certificate are ready (no change of place) */
  | 'completed';

export type DomainEventType = keyof DomainEventMap;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  payload: DomainEventMap[T];
  /** who caused it (null: the system) */
  actorId: number | null;
}

/** A stored event as subscribers receive it. */
export interface PublishedEvent<T extends DomainEventType = DomainEventType> extends DomainEvent<T> {
  id: number;
  createdAt: string;
}
