import { useCallback, useEffect, useState } from 'react';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { useDialogs } from '../../components/dialogs.js';
import { Modal } from '../../components/modal.js';
import { useBusyCall } from '../../components/use-busy-call.js';
import { createResume, downloadResume, loadResume, publishResume, saveResume, type ResumeView } from './resume-api.js';
import { ResumeSection } from './resume-section.js';
import './resume.css';

type Chosen = Record<string, Set<number>>;
const chosenOf = (v: ResumeView): Chosen => Object.fromEntries(v.sections.map((s) => [s.idsKey, new Set(s.items.filter((i) => i.isSelected).map((i) => i.id))]));

/**
 * The resume editor (spec part 2 "Resume screens" and section 5): a description, accordion sections
 * of the person's records with an Include? switch each, and Download, Edit, Save and Preview
 * (Refresh when nothing changed and a file exists), Publish (only for a generated, unpublished
 * resume saved since its last change) and Close. Opened on a grid row (Open) or with no row
 * (Generate Resume: the resume is created first). A bespoke window: docs/decisions.md, issue 28.
 */
export function ResumeEditorAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const { busy, run } = useBusyCall();
  const [view, setView] = useState<ResumeView | null>(null);
  const [chosen, setChosen] = useState<Chosen>({});
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [changed, setChanged] = useState(false);

  const show = useCallback((v: ResumeView) => {
    setView(v);
    setChosen(chosenOf(v));
    setDescription(v.description);
    setDirty(false);
  }, []);

  useEffect(() => {
    void run(async () => {
      const id = row.id > 0 ? row.id : (await createResume()).resumeId;
      if (row.id <= 0) { setChanged(true); setEditing(true); }
      show(await loadResume(id));
    }).then((ok) => { if (!ok) onClose(row.id <= 0); });
  }, [row.id]);

  const readOnly = !view || view.isPublished || !view.isGenerated;
  const toggle = (idsKey: string, id: number, on: boolean) => {
    setChosen((c) => {
      const next = new Set(c[idsKey]);
      if (on) next.add(id); else next.delete(id);
      return { ...c, [idsKey]: next };
    });
    setDirty(true);
  };

  const download = async (fileKey: string) => {
    await downloadResume(fileKey);
    await dialogs.alert({ title: m.text('resume.editor.downloadTitle'), message: m.text('resume.editor.downloadText') });
  };

  const saveAndPreview = () => run(async () => {
    if (!view) return;
    const idsList = Object.fromEntries(Object.entries(chosen).map(([k, v]) => [k, [...v]]));
    const { fileKey } = await saveResume(view.resumeId, description, idsList);
    setChanged(true);
    setEditing(false);
    show(await loadResume(view.resumeId));
    await download(fileKey);
  });

  const publish = () => run(async () => {
    if (!view) return;
    await publishResume(view.resumeId);
    setChanged(true);
    show(await loadResume(view.resumeId));
    await dialogs.alert({ message: m.text('resume.editor.published') });
  });

  const canPublish = view !== null && view.isGenerated && !view.isPublished && view.fileKey !== null && !dirty;
  const saveLabel = !dirty && view?.fileKey ? m.text('resume.editor.refresh') : m.text('resume.editor.saveAndPreview');
  const footer = view && (
    <>
      {view.fileKey && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" disabled={busy} onClick={() => void run(() => download(view.fileKey!))}>{m.text('resume.editor.download')}</button></li>}
      {!readOnly && !editing && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" disabled={busy} onClick={() => setEditing(true)}>{m.text('resume.editor.edit')}</button></li>}
      {!readOnly && <li className="usa-button-group__item"><button type="button" className="usa-button" disabled={busy} onClick={() => void saveAndPreview()}>{saveLabel}</button></li>}
      {canPublish && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--accent-cool" disabled={busy} onClick={() => void publish()}>{m.text('resume.editor.publish')}</button></li>}
      <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => onClose(changed)}>{m.text('resume.editor.close')}</button></li>
    </>
  );

  return (
    <Modal title={m.text('resume.editor.title')} open large busy={busy && !view} onClose={() => onClose(changed)} footer={footer}>
      {view && (
        <div className="resume-editor">
          <label className="usa-label" htmlFor="resume-description">{m.text('resume.editor.description')}</label>
          <input className="usa-input resume-description" id="resume-description" maxLength={500} value={description} readOnly={readOnly || !editing}
            onChange={(e) => { setDescription(e.target.value); setDirty(true); }} />
          {view.isPublished && <p className="usa-hint">{m.text('resume.editor.publishedNote')}</p>}
          <div className="usa-accordion usa-accordion--bordered usa-accordion--multiselectable">
            {view.sections.map((s) => (
              <ResumeSection key={s.id} section={s} chosen={chosen[s.idsKey] ?? new Set()} readOnly={readOnly} onToggle={(id, on) => toggle(s.idsKey, id, on)} />
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
