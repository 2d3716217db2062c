import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';
import { ChangePasswordModal } from './change-password-modal.js';

/** The Settings tab of the profile (route profile-settings): the Change Password modal. */
export function SettingsScreen() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const [open, setOpen] = useState(false);
  if (!session) return null;
  return (
    <section aria-labelledby="settings-heading" className="padding-y-2">
      <h2 id="settings-heading">Settings</h2>
      <h3>Password</h3>
      <p>Change the password you use to sign in.</p>
      <button type="button" className="usa-button" onClick={() => setOpen(true)}>{m.text('password.changeTitle')}</button>
      {open && <ChangePasswordModal userId={session.userId} onClose={() => setOpen(false)} />}
    </section>
  );
}
