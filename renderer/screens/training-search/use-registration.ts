import { useCallback } from 'react';
import { afterRegister, afterRequest, afterWaitlist, organizationStep, staffWarningKey, type Shown } from '../../../engine/enrollment/registration-flow.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import { useDialogs } from '../../components/dialogs.js';
import { gridRows } from '../training/training-api.js';
import {
  organizationsOf, regionCheck, registerCall, requestCall, sectionById, waitlistCall, type KeyValue, type RegistrationBody, type TrainingSection,
} from './training-search-api.js';

/** The person staff enroll (Search Users row): their id and full name. */
export interface Enrollee { id: number; fullName: string }

/** The active status of another person in a section (the enrollments grid the course's trainer and managers read); '' when none. */
async function statusOf(section: TrainingSection, person: Enrollee | null): Promise<string> {
  if (!person) return (await sectionById(section.id)).status;
  const rows = await gridRows(26, 24, [
    { column: 'courseSectionId', value: section.id, operation: 'Equals' }, { column: 'userId', value: person.id, operation: 'Equals' },
  ]);
  return String(rows.find((r) => ['Registered', 'Waitlisted', 'Pending Approval'].includes(String(r.status)))?.status ?? '');
}

/**
 * The registration flow of spec part 3 section 4, one for a professional's own registration from
 * the details modal and for staff enrolling someone (the Enroll user panel): organizations,
 * 'Select a Facility', the region check, the confirmation (own) or the comment and warnings
 * (staff), register and the waitlist offer; out of region, one's own request for approval. Answers
 * whether anything was called that may have changed a place.
 */
export function useRegistration(): (section: TrainingSection, person: Enrollee | null) => Promise<boolean> {
  const m = useMetadata();
  const dialogs = useDialogs();
  const { user } = useRuleContext();
  return useCallback(async (section, person) => {
    const params = { course: section.courseName, section: section.sectionName };
    const tell = async (shown: Shown) => {
      await dialogs.alert({ ...(shown.titleKey ? { title: m.text(shown.titleKey) } : {}), message: m.text(shown.messageKey, { ...params, n: shown.position ?? '' }) });
    };
    const userId = person?.id ?? user.id;
    try {
      const organizations = await organizationsOf(person ? person.id : null);
      const organizationId = await chooseOrganization(organizations);
      if (organizationId === null) return false;
      const inRegion = (await regionCheck(section.region, userId, organizationId)) === 1;
      let comment: string | undefined;
      if (person) {
        const asked = await dialogs.prompt({
          title: m.text('trainingSearch.commentTitle'), message: m.text('trainingSearch.commentMessage', { user: person.fullName, ...params }),
          input: { label: m.text('trainingSearch.commentLabel'), multiline: true, required: true }, okLabel: m.text('trainingSearch.continue'),
        });
        if (!asked) return false;
        comment = asked.value.trim();
        const warning = staffWarningKey(section.registrationWindow, inRegion);
        if (warning && !(await dialogs.confirm({ title: m.text(warning), message: m.text('trainingSearch.proceedAnyway', { user: person.fullName }), okLabel: m.text('trainingSearch.register') }))) return false;
      } else if (!inRegion) {
        const asked = await dialogs.prompt({
          title: m.text('enrollment.outOfRegionPrompt.title'), message: m.text('enrollment.outOfRegionPrompt.message'),
          input: { label: m.text('trainingSearch.commentLabel'), multiline: true }, okLabel: m.text('trainingSearch.continue'),
        });
        if (!asked) return false;
        await tell(afterRequest(await requestCall({ courseSectionId: section.id, userId, organizationId, comment: asked.value.trim() })));
        return true;
      } else if (!(await dialogs.confirm({ title: m.text('trainingSearch.confirmTitle'), message: m.text('trainingSearch.confirmMessage', params), okLabel: m.text('trainingSearch.register') }))) {
        return false;
      }
      const body: RegistrationBody = { courseSectionId: section.id, userId, organizationId, ...(comment ? { comment } : {}) };
      const next = afterRegister(await registerCall(body));
      if (next.kind === 'show') {
        await tell(next.shown);
        return true;
      }
      if (!(await dialogs.confirm({ title: m.text('enrollment.waitlistOffer.title'), message: m.text('enrollment.waitlistOffer.message', params), okLabel: m.text('trainingSearch.confirm') }))) return false;
      const answer = await waitlistCall(body);
      await tell(afterWaitlist(answer, typeof answer === 'number' && answer >= 1 ? await statusOf(section, person) : ''));
      return true;
    } catch (e: unknown) {
      const text = errorText(e);
      if (text) await dialogs.alert({ message: text });
      return true;
    }

    /** The organization registered through: '' for none; null when the person closed 'Select a Facility'. */
    async function chooseOrganization(organizations: KeyValue[]): Promise<string | null> {
      const step = organizationStep(organizations);
      if (step.kind === 'none') return '';
      if (step.kind === 'one') return step.organizationId;
      const picked = await dialogs.prompt({
        title: m.text('enrollment.selectFacility'), message: m.text('trainingSearch.selectFacilityMessage'),
        select: { label: m.text('trainingSearch.facility'), options: organizations.map((o) => ({ value: o.key, label: o.value })) },
      });
      return picked ? picked.value : null;
    }
  }, [dialogs, m, user.id]);
}
