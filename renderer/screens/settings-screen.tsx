import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { api } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { profileAtom, sessionAtom, type Profile } from '../app/session.js';
import { useToasts } from '../components/toasts.js';
import { ChangePasswordModal } from './change-password-modal.js';
import { EmailAddressesModal, type EmailTarget } from './email-addresses-modal.js';

/** The Settings tab of the profile (route profile-settings): the Change Password and Manage Email Addresses modals. */
export function SettingsScreen() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const [open, setOpen] = useState(false);
  const setProfile = useSetAtom(profileAtom);
  const toasts = useToasts();
  const [emailTarget, setEmailTarget] = useState<EmailTarget | null>(null);
  const [loadingEmail, setLoadingEmail] = useState(false);
  // the current primary address from GET /accounts (fresh: an administrator may have changed it)
  const openEmailAddresses = () => {
    setLoadingEmail(true);
    api<Profile>('GET', '/accounts').then((p) => {
      setProfile(p);
      setEmailTarget({ id: p.id, userName: p.userName, fullName: `${p.firstName} ${p.lastName}`.trim(), email: p.email });
    }, (err: unknown) => toasts.showError(err)).finally(() => setLoadingEmail(false));
  };
  // a new primary address is the new user name: the profile the session shows follows it
  const reloadProfile = () => { api<Profile>('GET', '/accounts').then(setProfile, () => undefined); };
  if (!session) return null;
  return (
    <section aria-labelledby="settings-heading" className="padding-y-2">
      <h2 id="settings-heading">Settings</h2>
      <h3>Password</h3>
      <p>Change the password you use to sign in.</p>
      <button type="button" className="usa-button" onClick={() => setOpen(true)}>{m.text('password.changeTitle')}</button>
      {open && <ChangePasswordModal userId={session.userId} onClose={() => setOpen(false)} />}
      <h3>{m.text('email.sectionTitle')}</h3>
      <p>{m.text('email.sectionIntro')}</p>
      <button type="button" className="usa-button" disabled={loadingEmail} onClick={openEmailAddresses}>{m.text('email.manageTitle')}</button>
      {emailTarget && <EmailAddressesModal target={emailTarget} onClose={() => setEmailTarget(null)} onChanged={reloadProfile} />}
    </section>
  );
}
