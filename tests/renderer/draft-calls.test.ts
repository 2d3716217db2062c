import { describe, expect, it } from 'vitest';
import { draftHeaderApplies } from '../../renderer/screens/metadata-admin/preview/draft-calls.js';

describe('draftHeaderApplies: the calls a preview sends with the draft header', () => {
  it('reading calls carry it: GET, and the POST calls that only read (grid rows and summary, form definition and lookups)', () => {
    expect(draftHeaderApplies('GET', '/profile/3')).toBe(true);
    expect(draftHeaderApplies('GET', '/file/l/abc')).toBe(true);
    expect(draftHeaderApplies('POST', '/grid')).toBe(true);
    expect(draftHeaderApplies('POST', '/grid/summary')).toBe(true);
    expect(draftHeaderApplies('POST', '/form')).toBe(true);
    expect(draftHeaderApplies('POST', '/form/autocomplete')).toBe(true);
  });
  it('calls that change data do not', () => {
    expect(draftHeaderApplies('POST', '/form/formresponse')).toBe(false);
    expect(draftHeaderApplies('POST', '/grid/delete')).toBe(false);
    expect(draftHeaderApplies('POST', '/verification/request')).toBe(false);
    expect(draftHeaderApplies('PUT', '/grid')).toBe(false);
    expect(draftHeaderApplies('DELETE', '/file')).toBe(false);
  });
  it('administration, sign-in, heartbeat, role switch and the application metadata never do, GET or not', () => {
    expect(draftHeaderApplies('GET', '/admin/metadata/preview')).toBe(false);
    expect(draftHeaderApplies('GET', '/admin/metadata/documents')).toBe(false);
    expect(draftHeaderApplies('PUT', '/admin/metadata/draft')).toBe(false);
    expect(draftHeaderApplies('GET', '/auth/heartbeat')).toBe(false);
    expect(draftHeaderApplies('GET', '/auth/claims')).toBe(false);
    expect(draftHeaderApplies('POST', '/auth/login')).toBe(false);
    expect(draftHeaderApplies('POST', '/userorganizationroles/roleswitch')).toBe(false);
    expect(draftHeaderApplies('GET', '/metadata')).toBe(false);
    expect(draftHeaderApplies('GET', '/metadata?tenant=tn')).toBe(false);
  });
});
