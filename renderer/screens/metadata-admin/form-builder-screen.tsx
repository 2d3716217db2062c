import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { AdminProblem, DocumentDetail } from '../../../engine/metadata/admin-contract.js';
import type { Route } from '../../../engine/metadata/app-schema.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { ElementType, Form, FormElement } from '../../../engine/metadata/form-schema.js';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata, type MetadataIndex } from '../../app/metadata.js';
import { useUnsavedGuard } from '../../app/unsaved-edits.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { ScreenHeading } from '../screen-heading.js';
import { getDiff, getDocument, listDrafts, listVersions, saveDraft, type DraftEntry } from './admin-api.js';
import { AdminNav, AdminProblems, useDraftsChanged } from './admin-nav.js';
import { adminPath, documentPath } from './documents-screen.js';
import { ElementList } from './form-builder/element-list.js';
import { ElementProperties, NEW_FIELD } from './form-builder/element-properties.js';
import { idsInUse, isRemoval, withDrafts, type AllIdsInUse } from './form-builder/ids-in-use.js';
import { addElement, addField, fieldIdFrom, fieldTypeFor, moveElement, nextId, removeElement, retypeField, updateElement } from './form-builder/form-draft.js';
import { FormPreview } from './form-builder/form-preview.js';
import { Palette } from './form-builder/palette.js';
import { entityWithDisplayField, gridWithFormColumns, recordTypeDraft, type RecordTypeInput } from './form-builder/record-type-draft.js';
import { RecordTypeWizard } from './form-builder/record-type-wizard.js';
import { RuleEditor } from './form-builder/rule-editor.js';
import './form-builder/form-builder.css';

/**
 * Form Builder (/dashboard/metadata/form-builder?id=N, or ?new=1 for a new record type): the field
 * palette, the form's elements in order, the selected element's properties and rules, and the live
 * preview by the real form renderer. Save draft stores the whole form (and the entity's new fields,
 * and a new record type's grid columns) as the caller's drafts and shows the registry's problems.
 */

/** The document as the caller sees it: the draft, else the published value. */
function current<T>(d: DocumentDetail): T | null {
  return (d.draft !== null && d.draft !== undefined && !isRemoval(d.draft) ? d.draft : d.value) as T | null;
}

interface Loaded {
  form: Form;
  entity: Entity | null;
  /** element ids of the published form (they may hold saved answers) */
  published: Set<number>;
  /** every element id in use in any form (drafts included) */
  usedIds: number[];
  /** grids of this form that exist only as drafts (a new record type's): their columns follow the form */
  newGrids: Grid[];
}

/** Every id in use: the published registry with the caller's drafts, and every document a version held (GET /diff from the files alone). */
async function loadIdsInUse(m: MetadataIndex): Promise<{ ids: AllIdsInUse; drafts: DraftEntry[] }> {
  const [drafts, versions] = await Promise.all([listDrafts(), listVersions()]);
  const diffs = await Promise.all(versions.filter((v) => v.number > 0 && v.action !== 'rollback').map((v) => getDiff(0, v.number)));
  const held = diffs.flatMap((d) => d.documents.map((doc) => ({ kind: doc.kind, id: doc.id, value: doc.after })));
  return { ids: idsInUse(withDrafts(m, drafts), held), drafts };
}

async function loadBuilder(m: MetadataIndex, formId: string): Promise<Loaded> {
  const [formDoc, { ids, drafts }] = await Promise.all([getDocument({ kind: 'form', id: formId }), loadIdsInUse(m)]);
  const form = current<Form>(formDoc);
  if (!form) throw new Error(`form ${formId}`);
  const entityDoc = await getDocument({ kind: 'entity', id: String(form.entityTypeId) }).catch(() => null);
  const published = new Set(m.grids.map((g) => g.id));
  return {
    form,
    entity: entityDoc ? current<Entity>(entityDoc) : null,
    published: new Set(((formDoc.value as Form | null)?.elements ?? []).map((e) => e.id)),
    usedIds: ids.elementIds,
    newGrids: drafts.filter((d) => d.kind === 'grid' && !isRemoval(d.value) && !published.has(d.id) && (d.value as Grid).formId === form.id).map((d) => d.value as Grid),
  };
}

/** Which forms to open: every form of the registry, and the wizard. */
function FormPicker() {
  const m = useMetadata();
  return (
    <>
      <p><Link className="usa-button" to={adminPath(m.routes, 'metadata-form-builder', { new: '1' })}>{m.text('formBuilder.newRecordType')}</Link></p>
      <h2>{m.text('formBuilder.pickHeading')}</h2>
      <ul className="usa-list form-builder__picker">
        {[...m.forms].sort((a, b) => a.name.localeCompare(b.name)).map((f) => (
          <li key={f.id}><Link to={adminPath(m.routes, 'metadata-form-builder', { id: String(f.id) })}>{f.name}</Link> ({f.id})</li>
        ))}
      </ul>
    </>
  );
}

function Builder({ formId }: { formId: string }) {
  const m = useMetadata();
  const toasts = useToasts();
  const dialogs = useDialogs();
  const draftsChanged = useDraftsChanged();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [entity, setEntity] = useState<Entity | null>(null);
  const [entityChanged, setEntityChanged] = useState(false);
  /** the fields made in this session: their type follows their element's */
  const [newFields, setNewFields] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const [problems, setProblems] = useState<AdminProblem[] | null>(null);
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const [busy, setBusy] = useState(false);

  // read once per opening: the form being built is edited from there
  const read = useQuery({ queryKey: ['form-builder', formId], queryFn: () => loadBuilder(m, formId), staleTime: Infinity, gcTime: 0 });
  if (read.data && read.data !== loaded) {
    const l = read.data;
    setLoaded(l);
    setForm(l.form);
    setEntity(l.entity);
    setSelected(l.form.elements[0]?.id ?? null);
  }
  const e = read.error;
  const failed = read.isError ? (errorText(e) ?? (e instanceof Error ? e.message : String(e))) : null;

  const edit = useCallback((next: (f: Form) => Form) => { setForm((f) => (f ? next(f) : f)); setDirty(true); }, []);
  const element = form?.elements.find((e) => e.id === selected) ?? null;

  if (failed) return <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{m.text('formBuilder.loadFailed', { id: formId })} {failed}</p></div></div>;
  if (!loaded || !form) return <p role="status">{m.text('formBuilder.loading')}</p>;

  const onAdd = (type: ElementType) => {
    const id = nextId([...loaded.usedIds, ...form.elements.map((e) => e.id)]);
    edit((f) => addElement(f, type, id, m.text('formBuilder.newElementLabel', { type: m.text(`formBuilder.type.${type}`) })));
    setSelected(id);
  };

  const onBind = (el: FormElement, value: string) => {
    if (value !== NEW_FIELD || !entity) { edit((f) => updateElement(f, el.id, { field: value || undefined })); return; }
    const fieldId = fieldIdFrom(el.stimulus || `field ${el.id}`, entity.fields.map((f) => f.id));
    setEntity(addField(entity, fieldId, fieldTypeFor(el.type, el.subtype), el.stimulus));
    setNewFields((prev) => new Set([...prev, fieldId]));
    setEntityChanged(true);
    edit((f) => updateElement(f, el.id, { field: fieldId }));
  };

  const onChangeElement = (el: FormElement, change: Partial<FormElement>) => {
    edit((f) => updateElement(f, el.id, change));
    if ('subtype' in change && entity && el.field && newFields.has(el.field)) {
      setEntity(retypeField(entity, el.field, fieldTypeFor(el.type, change.subtype)));
      setEntityChanged(true);
    }
  };

  const onRemove = async (id: number) => {
    const el = form.elements.find((e) => e.id === id);
    if (!el) return;
    if (loaded.published.has(id)) {
      const choice = await dialogs.prompt({
        title: m.text('formBuilder.removePublishedTitle'),
        message: m.text('formBuilder.removePublishedQuestion', { name: el.stimulus }),
        okLabel: m.text('formBuilder.hide'), thirdLabel: m.text('formBuilder.removeAnyway'), cancelLabel: m.text('formBuilder.cancel'),
      });
      if (choice?.button === 'ok') edit((f) => updateElement(f, id, { visible: false }));
      if (choice?.button !== 'third') return;
    }
    edit((f) => removeElement(f, id));
    if (selected === id) setSelected(null);
  };

  const onSave = async () => {
    setBusy(true);
    try {
      const named = entity ? entityWithDisplayField(entity, form) : null;
      let answer = named && (entityChanged || named !== entity) ? await saveDraft({ kind: 'entity', id: String(named.id), value: named }) : null;
      if (named !== entity) setEntity(named);
      answer = await saveDraft({ kind: 'form', id: String(form.id), value: form });
      for (const grid of loaded.newGrids) {
        if (entity) answer = await saveDraft({ kind: 'grid', id: grid.id, value: gridWithFormColumns(grid, form, entity) });
      }
      setEntityChanged(false);
      setDirty(false);
      setProblems(answer.problems);
      draftsChanged();
      toasts.show({ type: answer.problems.length ? 'warning' : 'success', message: m.text(answer.problems.length ? 'formBuilder.savedWithProblems' : 'formBuilder.saved', { count: answer.problems.length }) });
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="form-builder__bar">
        <button type="button" className="usa-button" disabled={busy} onClick={() => void onSave()}>{m.text('formBuilder.saveDraft')}</button>
        <span role="status" className="form-builder__status">{dirty ? m.text('formBuilder.unsaved') : ''}</span>
        <Link to={adminPath(m.routes, 'metadata-preview', { form: String(form.id) })}>{m.text('formBuilder.previewAsRole')}</Link>
        <Link to={documentPath(m.routes, { kind: 'form', id: String(form.id) })}>{m.text('formBuilder.editJson')}</Link>
      </div>
      {problems && problems.length === 0 && <p className="form-builder__ok" role="status">{m.text('formBuilder.noProblems')}</p>}
      {problems && <AdminProblems problems={problems} title={m.text('formBuilder.problemsTitle')} />}
      <div className="form-builder__layout">
        <div className="form-builder__editor">
          <Palette onAdd={onAdd} />
          <ElementList form={form} selected={selected} published={loaded.published} onSelect={setSelected}
            onMove={(id, by) => edit((f) => moveElement(f, id, by))}
            onToggleHidden={(id) => edit((f) => updateElement(f, id, { visible: f.elements.find((e) => e.id === id)?.visible === false ? undefined : false }))}
            onRemove={(id) => void onRemove(id)} />
          {element && <>
            <ElementProperties key={`p${element.id}`} element={element} entity={entity} onChange={(change) => onChangeElement(element, change)} onBind={(v) => onBind(element, v)} />
            <RuleEditor key={`r${element.id}`} form={form} element={element} onChange={(rules) => edit((f) => updateElement(f, element.id, { rules }))} />
          </>}
        </div>
        <FormPreview form={form} />
      </div>
    </>
  );
}

function NewRecordType() {
  const m = useMetadata();
  const toasts = useToasts();
  const navigate = useNavigate();
  const draftsChanged = useDraftsChanged();
  const [busy, setBusy] = useState(false);
  const onCreate = async (input: RecordTypeInput) => {
    setBusy(true);
    try {
      const draft = recordTypeDraft(input, (await loadIdsInUse(m)).ids);
      await saveDraft({ kind: 'entity', id: String(draft.entity.id), value: draft.entity });
      await saveDraft({ kind: 'form', id: String(draft.form.id), value: draft.form });
      await saveDraft({ kind: 'grid', id: draft.grid.id, value: draft.grid });
      await saveDraft({ kind: 'route', id: draft.route.id, value: draft.route });
      draftsChanged();
      toasts.show({ type: 'success', message: m.text('formBuilder.recordTypeDrafted', { name: input.name }) });
      navigate(adminPath(m.routes, 'metadata-form-builder', { id: String(draft.form.id) }));
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };
  return <RecordTypeWizard busy={busy} onCreate={(i) => void onCreate(i)} />;
}

export function MetadataFormBuilderScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const [params] = useSearchParams();
  const id = params.get('id');
  const isNew = params.get('new') === '1';
  const title = useMemo(() => route.displayName ?? m.text('metadataScreens.navFormBuilder'), [route, m]);
  return (
    <div className="metadata-admin form-builder">
      <ScreenHeading>{title}</ScreenHeading>
      <AdminNav />
      {id ? <Builder key={id} formId={id} /> : isNew ? <NewRecordType /> : <FormPicker />}
    </div>
  );
}
